import DotsSSOBasics
import FoundationEssentials

/// One `legal:KIND` check: the Privacy Policy, Terms & Conditions or Joint Controller Statement is reachable over
/// https with a 200 and is really the document — a PDF by its magic bytes, or an HTML page with a title — not an
/// error page. A local PDF path is checked the same way.
package struct LegalDocumentCheck: Sendable {
    package enum Kind: String, CaseIterable, Sendable {
        case privacyPolicy = "privacy-policy"
        case termsAndConditions = "terms-and-conditions"
        case jointControllerStatement = "joint-controller-statement"

        package var title: String {
            switch self {
            case .privacyPolicy: "Privacy Policy"
            case .termsAndConditions: "Terms & Conditions"
            case .jointControllerStatement: "Joint Controller Statement"
            }
        }

        var key: String {
            switch self {
            case .privacyPolicy: "privacyPolicy"
            case .termsAndConditions: "termsAndConditions"
            case .jointControllerStatement: "jointControllerStatement"
            }
        }

        func location(in legal: Channel.Legal?) -> String? {
            switch self {
            case .privacyPolicy: legal?.privacyPolicy
            case .termsAndConditions: legal?.termsAndConditions
            case .jointControllerStatement: legal?.jointControllerStatement
            }
        }
    }

    /// No legal document comes close; a bigger answer is not the document.
    package static let maxBytes = 64 * 1024 * 1024

    package let kind: Kind
    package let http: any HTTPClient

    package init(kind: Kind, http: any HTTPClient) {
        self.kind = kind
        self.http = http
    }

    package func run(channel: Channel) async -> [Finding] {
        let path = "$.legal.\(kind.key)"
        guard let source = kind.location(in: channel.legal)?.trimmingWhitespace(), !source.isEmpty else {
            return [
                Finding(
                    LegalFindings.missing, at: FindingLocation(file: channel.findingFile, path: path),
                    "no \(kind.title) is configured; every partner delivers it as an https URL or a PDF (set \(path))")
            ]
        }
        let location = FindingLocation(file: source)
        func failed(_ code: FindingCode, _ message: String) -> [Finding] { [Finding(code, at: location, message)] }
        guard source.contains("://") else { return local(source, location: location) }
        let url: URL
        do {
            url = try URLPolicy.validate(source)
        } catch let refusal as UserFacingError {
            return failed(LegalFindings.insecure, "\(subject(location)) must be served over https: \(refusal.message)")
        } catch {
            return failed(LegalFindings.insecure, "\(subject(location)) cannot be used as a URL")
        }
        // Plain http is allowed on loopback only (a local test partner); the tls check says so once per host.
        let response: HTTPResponse
        do {
            response = try await http.send(
                HTTPRequest(.get, url, headers: [(name: "Accept", value: "application/pdf,text/html")], maxBodyBytes: Self.maxBytes))
        } catch let failure as UserFacingError {
            return failed(LegalFindings.unreachable, "\(subject(location)) cannot be fetched: \(failure.message)")
        } catch {
            return failed(LegalFindings.unreachable, "\(subject(location)) cannot be fetched")
        }
        guard response.status == 200 else {
            return failed(
                LegalFindings.status,
                "\(subject(location)) answered HTTP \(response.status) (\(response.bodyKind)); it must answer 200 with the document")
        }
        return judge(response.body, mediaType: response.mediaType, location: location)
    }

    /// "the privacy policy (https://acme.example/privacy)": every finding names the document it is about, so a log
    /// line says which address or file to fix.
    func subject(_ location: FindingLocation) -> String {
        "the \(kind.title) (\(location.file ?? ""))"
    }

    func local(_ path: String, location: FindingLocation) -> [Finding] {
        switch try? InputFile.read(path, limit: Self.maxBytes) {
        case .contents(let data)?:
            guard Self.isPDF(data) else {
                return [
                    Finding(
                        LegalFindings.notPDF, at: location,
                        "\(subject(location)) file is \(Self.describe(data)), not a PDF; a local legal document must be a PDF")
                ]
            }
            return []
        case .tooLarge?:
            return [
                Finding(LegalFindings.tooLarge, at: location, "\(subject(location)) file is larger than \(Self.maxBytes / 1_048_576) MB")
            ]
        case nil:
            return [
                Finding(LegalFindings.unreadable, at: location, "\(subject(location)) file cannot be read (no such file or not readable)")
            ]
        }
    }

    /// A PDF by its magic bytes, or an HTML page with a title that is not an error page.
    func judge(_ body: Data, mediaType: String?, location: FindingLocation) -> [Finding] {
        if Self.isPDF(body) { return [] }
        if mediaType == "application/pdf" {
            return [
                Finding(
                    LegalFindings.notPDF, at: location,
                    "\(subject(location)) is served as application/pdf but is \(Self.describe(body)); members would get an unreadable file")
            ]
        }
        let text = String(decoding: body.prefix(256 * 1024), as: UTF8.self)
        guard mediaType == "text/html" || text.rangeIgnoringCase(of: "<html") != nil else {
            return [
                Finding(
                    LegalFindings.notDocument, at: location,
                    "\(subject(location)) is \(mediaType ?? "of no content type") (\(body.count) bytes): neither a PDF nor an HTML page")
            ]
        }
        guard let title = Self.title(in: text), !title.isEmpty else {
            return [
                Finding(LegalFindings.noTitle, at: location, "\(subject(location)) page has no <title>; a real document page names itself")
            ]
        }
        let lower = title.lowercased()
        if ["404", "not found", "error", "forbidden", "unavailable", "page missing"].contains(where: lower.contains) {
            return [
                Finding(
                    LegalFindings.errorPage, at: location,
                    "\(subject(location)) page is titled \"\(title)\", an error page rather than the document")
            ]
        }
        return []
    }

    static func isPDF(_ data: Data) -> Bool {
        data.prefix(1024).firstRange(of: Data("%PDF-".utf8)) != nil
    }

    /// The text of the first `<title>`, whitespace collapsed and basic entities decoded.
    static func title(in html: String) -> String? {
        guard let open = html.rangeIgnoringCase(of: "<title"),
            let start = html[open.upperBound...].firstRange(of: ">"),
            let close = html.rangeIgnoringCase(of: "</title", from: start.upperBound)
        else { return nil }
        let raw = html[start.upperBound..<close.lowerBound].prefix(300)
        return HTMLStripper.strip(String(raw)).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// What a body that is not the document is, for the message.
    static func describe(_ data: Data) -> String {
        if data.isEmpty { return "empty" }
        let head = String(decoding: data.prefix(256), as: UTF8.self).trimmed().lowercased()
        if head.hasPrefix("<!doctype html") || head.hasPrefix("<html") { return "an HTML page (\(data.count) bytes)" }
        if head.hasPrefix("{") || head.hasPrefix("[") { return "JSON (\(data.count) bytes)" }
        return "\(data.count) bytes of something else"
    }
}
