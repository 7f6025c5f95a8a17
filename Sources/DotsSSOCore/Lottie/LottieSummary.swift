import DotsSSOBasics

/// The figures of one animation, for people deciding whether it fits as a loading icon.
package struct LottieSummary: Codable, Sendable, Equatable {
    package var version: String?
    package var width: Double?
    package var height: Double?
    package var frameRate: Double?
    package var durationSeconds: Double?
    package var layers: Int
    package var assets: Int
    package var bytes: Int
    package var embeddedImageBytes: Int
}

/// The result of validating one file.
package struct LottieReport: Codable, Sendable {
    package var file: String
    package var profile: LottieProfile
    package var summary: LottieSummary
    package var findings: [Finding]
}
