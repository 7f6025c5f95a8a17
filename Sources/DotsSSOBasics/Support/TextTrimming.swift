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

    /// Whether the two are the same text but for case (header names, emails, algorithm names, hex digests). Two ASCII
    /// texts, nearly every call, are compared byte by byte without making lower-case copies (a pass batch compares a
    /// manifest hash for every file of every pass); anything else is lowercased as Unicode says.
    /// (Over the UTF-8 buffers, not the generic views: this extension is generic, and stepping through a view byte by
    /// byte from another module is a call a byte.)
    package func equalsIgnoringCase(_ other: some StringProtocol) -> Bool {
        let folded: Bool? =
            utf8.withContiguousStorageIfAvailable { mine in
                other.utf8.withContiguousStorageIfAvailable { theirs in asciiEqualIgnoringCase(mine, theirs) } ?? nil
            } ?? nil
        if let folded { return folded }
        return lowercased() == other.lowercased()
    }

    /// Padded with spaces on the right to `width` characters (never cut).
    package func padded(to width: Int) -> String {
        String(self) + String(repeating: " ", count: Swift.max(0, width - count))
    }
}

/// Whether two ASCII texts are equal but for the case of their letters; nil when either is not ASCII.
private func asciiEqualIgnoringCase(_ mine: UnsafeBufferPointer<UInt8>, _ theirs: UnsafeBufferPointer<UInt8>) -> Bool? {
    guard mine.allSatisfy({ $0 < 0x80 }), theirs.allSatisfy({ $0 < 0x80 }) else { return nil }
    func lower(_ byte: UInt8) -> UInt8 { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte }
    return mine.count == theirs.count && zip(mine, theirs).allSatisfy { lower($0) == lower($1) }
}
