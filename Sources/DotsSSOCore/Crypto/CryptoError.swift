import COpenSSL
import DotsSSOBasics

/// A failure inside OpenSSL, with the library's own error queue drained into the message.
package enum CryptoError: UserFacingError, Equatable {
    case openSSL(operation: String, detail: String)
    case invalidBase64URL

    package var message: String {
        switch self {
        case let .openSSL(operation, detail): "OpenSSL \(operation) failed: \(detail)"
        case .invalidBase64URL: "the value is not valid base64url"
        }
    }

    /// OpenSSL failing on input we already vetted is a bug of ours; partner data that OpenSSL rejects is wrapped
    /// in the domain's own error (a JWKS key becomes `OAuthError.malformedJWK`) before it gets here.
    package var exitStatus: ExitStatus {
        switch self {
        case .invalidBase64URL: .malformedInput
        case .openSSL: .internalError
        }
    }

    /// Drains OpenSSL's thread-local error queue into one line (so a later call does not see stale errors).
    static func drain(_ operation: String) -> CryptoError {
        var reasons: [String] = []
        while true {
            let code = ERR_get_error()
            if code == 0 { break }
            var buffer = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &buffer, buffer.count)
            reasons.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return .openSSL(operation: operation, detail: reasons.isEmpty ? "unknown error" : reasons.joined(separator: "; "))
    }
}
