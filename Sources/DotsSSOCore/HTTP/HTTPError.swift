import DotsSSOBasics
import FoundationEssentials

/// Everything that can go wrong carrying a request, from URL policy to the answer's shape.
package enum HTTPError: UserFacingError, Equatable {
    /// Why a TLS handshake failed, so the message can say what to fix.
    package enum TLSProblem: String, Codable, Sendable, Equatable {
        case protocolVersion, untrustedCertificate, hostnameMismatch, expiredCertificate, other
    }

    case invalidURL(String)
    case insecureURL(url: String)
    case redirectRefused(from: String, to: String, reason: String)
    case tooManyRedirects(url: String, limit: Int)
    case dns(host: String, detail: String)
    case connect(host: String, detail: String)
    case tls(host: String, problem: TLSProblem, detail: String)
    case timeout(url: String, seconds: Double)
    /// The server answered but sent its body too slowly to finish within the timeout (a drip).
    case unfinished(url: String, seconds: Double, received: Int)
    case transport(url: String, detail: String)
    /// This machine cannot make requests at all (libcurl is missing or broken); `detail` says what to install.
    case noHTTPLibrary(detail: String)
    case bodyTooLarge(url: String, limit: Int)
    case malformedBody(url: String, expected: String, found: String)
    case unexpectedStatus(url: String, status: Int, detail: String)
    case unauthorized(url: String, status: Int, detail: String)
    case rateLimited(url: String, retryAfter: String?)
    case serverError(url: String, status: Int)

    package var message: String {
        switch self {
        case .invalidURL(let text):
            "'\(text)' is not a valid http(s) URL"
        case .insecureURL(let url):
            "refusing \(url): connections must use https with TLS 1.2 or newer (plain http is allowed only to loopback hosts)"
        case let .redirectRefused(from, to, reason):
            "refusing the redirect from \(from) to \(to): \(reason)"
        case let .tooManyRedirects(url, limit):
            "\(url) redirected more than \(limit) times"
        case let .dns(host, detail):
            "cannot resolve \(host): \(detail)"
        case let .connect(host, detail):
            "cannot connect to \(host): \(detail)"
        case let .tls(host, problem, detail):
            switch problem {
            case .protocolVersion:
                "TLS handshake with \(host) failed: the server does not offer TLS 1.2 or newer, which dots-sso requires (\(detail))"
            case .untrustedCertificate:
                "the certificate of \(host) is not trusted: \(detail) (add your CA with \(CLIFlag.cacert) PEM or DOTS_SSO_CACERT)"
            case .hostnameMismatch:
                "the certificate of \(host) does not match the host name: \(detail)"
            case .expiredCertificate:
                "the certificate of \(host) has expired or is not yet valid: \(detail)"
            case .other:
                "TLS handshake with \(host) failed: \(detail)"
            }
        case let .timeout(url, seconds):
            "\(url) did not answer within \(Self.format(seconds)) s (raise it with \(CLIFlag.timeout) SECONDS)"
        case let .unfinished(url, seconds, received):
            "\(url) answered but had sent only \(received) byte\(received == 1 ? "" : "s") of its body after \(Self.format(seconds)) s; abandoned (raise it with \(CLIFlag.timeout) SECONDS)"
        case let .transport(url, detail):
            "request to \(url) failed: \(detail)"
        case .noHTTPLibrary(let detail):
            detail
        case let .bodyTooLarge(url, limit):
            "the response from \(url) is larger than \(Self.format(bytes: limit)); abandoned"
        case let .malformedBody(url, expected, found):
            "expected \(expected) from \(url) but got \(found)"
        case let .unexpectedStatus(url, status, detail):
            "\(url) answered HTTP \(status)\(detail.isEmpty ? "" : ": \(detail)")"
        case let .unauthorized(url, status, detail):
            "\(url) refused the credentials (HTTP \(status))\(detail.isEmpty ? "" : ": \(detail)")"
        case let .rateLimited(url, retryAfter):
            "\(url) is rate limiting requests (HTTP 429)\(retryAfter.map { "; retry after \($0)" } ?? "; retry later")"
        case let .serverError(url, status):
            "\(url) is failing (HTTP \(status)); try again later or ask the partner to check the service"
        }
    }

    package var exitStatus: ExitStatus {
        switch self {
        case .invalidURL, .insecureURL: .usage
        case .dns, .connect, .tls, .timeout, .unfinished, .transport, .noHTTPLibrary: .network
        case .bodyTooLarge, .malformedBody: .malformedInput
        case .redirectRefused, .tooManyRedirects, .unexpectedStatus: .protocolError
        case .unauthorized: .notAuthorized
        case .rateLimited: .temporary
        // DESIGN: 502/503/504 are temporary (retry later); any other 5xx is the server answering outside the spec.
        case .serverError(_, let status): [502, 503, 504].contains(status) ? .temporary : .protocolError
        }
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : PlainNumber.fixed(seconds, places: 1)
    }

    static func format(bytes: Int) -> String {
        bytes >= 1024 * 1024 && bytes % (1024 * 1024) == 0 ? "\(bytes / (1024 * 1024)) MiB" : "\(bytes) bytes"
    }
}
