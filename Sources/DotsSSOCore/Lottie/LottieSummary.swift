/// The figures of one animation, for people deciding whether it fits as a loading icon.
public struct LottieSummary: Codable, Sendable, Equatable {
    public var version: String?
    public var width: Double?
    public var height: Double?
    public var frameRate: Double?
    public var durationSeconds: Double?
    public var layers: Int
    public var assets: Int
    public var bytes: Int
    public var embeddedImageBytes: Int

    /// A figure as people write it: `60`, not `60.0`; `58.84` stays as it is.
    public static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

/// The result of validating one file.
public struct LottieReport: Codable, Sendable {
    public var file: String
    public var profile: LottieProfile
    public var summary: LottieSummary
    public var findings: [Finding]
}
