/// Which of Wallet's layouts a pass preview drew: the one every iOS draws for the pass's style, or iOS 18's poster
/// event ticket. Layouts the preview does not draw (iOS 26's semantic boarding pass, iOS 27's poster generic) are
/// drawn classic, with a `pkpass.preview.layout` finding saying so.
package enum PassLayout: String, Codable, Sendable {
    case classic
    case poster
}
