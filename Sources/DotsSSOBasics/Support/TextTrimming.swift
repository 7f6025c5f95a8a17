/// Trimming, case-blind search and comparison, and padding for messages and parsed headers. FoundationEssentials
/// (all this binary links, so it carries no ICU) has no `trimmingCharacters(in:)`, `range(of:options:)` or
/// `caseInsensitiveCompare`; these are their plain-Swift equivalents, by Character.
extension StringProtocol {
    /// Without leading and trailing characters for which `drop` is true.
    package func trimming(where drop: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !drop($0) }) else { return "" }
        let last = lastIndex(where: { !drop($0) }) ?? first
        return String(self[first...last])
    }

    /// Without leading and trailing whitespace and line breaks (Foundation's `.whitespacesAndNewlines`).
    package func trimmed() -> String { trimming(where: \.isWhitespace) }

    /// Without leading and trailing spaces and tabs, line breaks kept (Foundation's `.whitespaces`).
    package func trimmingWhitespace() -> String { trimming { $0.isWhitespace && !$0.isNewline } }

    /// Without leading and trailing characters that are in `characters` ("[]" for an IPv6 host).
    package func trimming(charactersIn characters: String) -> String { trimming { characters.contains($0) } }

    /// Without leading and trailing control and format characters (Unicode Cc and Cf).
    package func trimmingControlCharacters() -> String {
        trimming { character in
            character.unicodeScalars.allSatisfy { [.control, .format].contains($0.properties.generalCategory) }
        }
    }

    /// The first range of `other` at or after `from`, ignoring ASCII and Unicode case ("<HTML" finds "<html").
    package func rangeIgnoringCase(of other: String, from: Index? = nil) -> Range<Index>? {
        let wanted = Array(other.lowercased())
        guard !wanted.isEmpty else { return nil }
        var start = from ?? startIndex
        while start < endIndex {
            var position = start
            var matched = 0
            while matched < wanted.count, position < endIndex, String(self[position]).lowercased() == String(wanted[matched]) {
                position = index(after: position)
                matched += 1
            }
            if matched == wanted.count { return start..<position }
            start = index(after: start)
        }
        return nil
    }

    /// Whether the two are the same text but for case (header names, emails, algorithm names).
    package func equalsIgnoringCase(_ other: some StringProtocol) -> Bool {
        lowercased() == other.lowercased()
    }

    /// Padded with spaces on the right to `width` characters (never cut).
    package func padded(to width: Int) -> String {
        String(self) + String(repeating: " ", count: Swift.max(0, width - count))
    }
}
