import DotsSSOBasics
import FoundationEssentials

/// The device authorization endpoint's answer (RFC 8628 §3.2): the code this client polls with, and what the person
/// types or scans on another device. Every number is read with a check: a provider's `interval` of 1e300 or -5 must
/// not trap or spin.
package struct DeviceAuthorization: Sendable, Equatable {
    /// Secret: only this client sends it, to the token endpoint.
    package var deviceCode: String
    /// Shown to the person; short-lived and useless without their sign-in.
    package var userCode: String
    package var verificationURI: String
    package var verificationURIComplete: String?
    package var expiresIn: TimeInterval
    package var interval: TimeInterval

    /// RFC 8628 §3.2: without `interval`, clients wait 5 seconds.
    package static let defaultInterval: TimeInterval = 5
    /// Polling slower than this helps nobody; a provider asking for more is capped (and so is a slow_down spiral).
    package static let maxInterval: TimeInterval = 60
    /// A device code valid longer than a day is taken as valid for a day.
    package static let maxExpiresIn: TimeInterval = 86_400

    package init(json: [String: JSONValue], from endpoint: URL) throws {
        func text(_ key: String) -> String? {
            guard let value = json[key]?.stringValue, !value.isEmpty else { return nil }
            return value
        }
        // Google and a few others spell it verification_url (the draft's name).
        guard let deviceCode = text("device_code"), let userCode = text("user_code"),
            let verification = text("verification_uri") ?? text("verification_url")
        else {
            let missing = ["device_code", "user_code", "verification_uri"].filter {
                text($0) == nil && !($0 == "verification_uri" && text("verification_url") != nil)
            }
            throw OAuthError.malformedDeviceAuthorization(
                url: endpoint.redactedForDisplay, detail: "it lacks \(missing.joined(separator: ", "))")
        }
        // Bytes first: a code "within 64 characters" may carry hundreds of thousands of combining marks, which cost
        // seconds to count as characters. RFC 8628 §6.1's codes are a few characters a person types.
        guard userCode.utf8.count <= 1_024, userCode.count <= 64,
            userCode.allSatisfy({ !$0.isNewline && !($0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false) })
        else {
            throw OAuthError.malformedDeviceAuthorization(
                url: endpoint.redactedForDisplay, detail: "its user_code is not a short line of text")
        }
        guard let expiresIn = Self.seconds(json["expires_in"]), expiresIn > 0 else {
            throw OAuthError.malformedDeviceAuthorization(
                url: endpoint.redactedForDisplay, detail: "expires_in is missing or not a positive number of seconds")
        }
        self.deviceCode = deviceCode
        self.userCode = userCode
        self.verificationURI = try Self.vetted(verification, endpoint: endpoint, field: "verification_uri")
        self.verificationURIComplete = try (text("verification_uri_complete") ?? text("verification_url_complete"))
            .map { try Self.vetted($0, endpoint: endpoint, field: "verification_uri_complete") }
        self.expiresIn = min(expiresIn, Self.maxExpiresIn)
        let interval = Self.seconds(json["interval"]) ?? Self.defaultInterval
        self.interval = min(max(interval, 1), Self.maxInterval)
    }

    /// The longest address shown or drawn as a QR code (a QR code holds under 3 KB; a real address is a few hundred bytes).
    static let maximumShownAddressBytes = 2_048

    /// The user code as shown: a code is a few characters, so 64 columns and 256 bytes bound what a hostile provider
    /// can make a person read (combining marks take no column and any number of bytes).
    package var shownCode: String { TerminalText.bounded(userCode, columns: 64, bytes: 256) }

    /// The verification address as shown, bounded the same way.
    package var shownAddress: String {
        TerminalText.bounded(verificationURI, columns: Self.maximumShownAddressBytes, bytes: Self.maximumShownAddressBytes)
    }

    /// The address carrying the code, when it is short enough to show whole (a cut address is no address).
    package var shownCompleteAddress: String? {
        guard let complete = verificationURIComplete, complete.utf8.count <= Self.maximumShownAddressBytes else { return nil }
        return TerminalText.safe(complete)
    }

    /// A number (or numeric string) of seconds that is finite and not negative; nil otherwise.
    static func seconds(_ value: JSONValue?) -> TimeInterval? {
        let number: Double?
        switch value {
        case .number(let n)?: number = n
        case .string(let text)?: number = Double(text)
        default: number = nil
        }
        guard let number, number.isFinite, number >= 0 else { return nil }
        return number
    }

    /// A verification address a person can be sent to: https, or http on loopback (a local test provider).
    private static func vetted(_ text: String, endpoint: URL, field: String) throws -> String {
        do {
            return try URLPolicy.validate(text).absoluteString
        } catch let error as UserFacingError {
            throw OAuthError.malformedDeviceAuthorization(
                url: endpoint.redactedForDisplay, detail: "its \(field) cannot be shown to a person: \(error.message)")
        }
    }
}
