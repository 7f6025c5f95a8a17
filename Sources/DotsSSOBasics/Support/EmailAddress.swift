/// Syntactic e-mail validation as a sign-up form applies it: one `@`, a dot-atom local part (RFC 5322 §3.4.1
/// without quoted strings or comments), and a domain of LDH labels with a dot. No DNS lookups.
package enum EmailAddress {
    package enum Problem: Equatable, Sendable {
        case missingAt, emptyLocalPart, emptyDomain, invalidLocalPart(Character), invalidDomain(String), localPartTooLong, whitespace
    }

    /// nil when the address is acceptable, else what is wrong with it.
    package static func problem(with address: String) -> Problem? {
        if address.contains(where: \.isWhitespace) { return .whitespace }
        guard let at = address.lastIndex(of: "@") else { return .missingAt }
        let local = address[..<at]
        let domain = address[address.index(after: at)...]
        guard !local.isEmpty else { return .emptyLocalPart }
        guard !domain.isEmpty else { return .emptyDomain }
        guard local.utf8.count <= 64 else { return .localPartTooLong }
        let allowedLocal = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-/=?^_`{|}~.")
        if let bad = local.first(where: { !allowedLocal.contains($0) && $0.isASCII }) { return .invalidLocalPart(bad) }
        if local.hasPrefix(".") || local.hasSuffix(".") || local.contains("..") { return .invalidLocalPart(".") }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return .invalidDomain("it needs a dot, as in example.com") }
        for label in labels {
            guard !label.isEmpty, label.count <= 63 else { return .invalidDomain("empty or over-long label") }
            guard label.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }), !label.hasPrefix("-"), !label.hasSuffix("-") else {
                return .invalidDomain("'\(label)' is not a valid label")
            }
        }
        return nil
    }

    package static func isValid(_ address: String) -> Bool { problem(with: address) == nil }

    /// Whether a value looks like an e-mail address at all (used to catch e-mail addresses used as ids): text on
    /// both sides of an `@`, whatever follows it (`jane@localhost` is an address on an intranet).
    package static func looksLikeEmail(_ value: String) -> Bool {
        guard let at = value.firstIndex(of: "@"), at != value.startIndex else { return false }
        return !value[value.index(after: at)...].trimmingWhitespace().isEmpty
    }

    package static func describe(_ problem: Problem) -> String {
        switch problem {
        case .missingAt: "it has no '@'"
        case .emptyLocalPart: "nothing before the '@'"
        case .emptyDomain: "no domain after the '@'"
        case .invalidLocalPart(let character): "'\(character)' is not allowed there before the '@'"
        case .invalidDomain(let reason): "the domain is invalid: \(reason)"
        case .localPartTooLong: "the part before the '@' is longer than 64 bytes"
        case .whitespace: "it contains whitespace"
        }
    }
}
