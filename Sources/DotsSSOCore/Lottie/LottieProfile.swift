import DotsSSOBasics

/// What a bodymovin file is checked against: what lottie-ios will load and render, or Lottie spec 1.0 structure.
package enum LottieProfile: String, Sendable, CaseIterable, Codable {
    case ios
    case spec
}
