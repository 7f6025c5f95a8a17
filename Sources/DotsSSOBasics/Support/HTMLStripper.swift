/// Turns a biography into the plain text The Dots imports (seed 000): tags removed, `script`/`style` contents
/// dropped, entities decoded, newlines kept (`<br>` and block ends become newlines), no markup left.
package enum HTMLStripper {
    static let blockTags: Set<String> = [
        "br", "p", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "blockquote", "pre", "hr", "title",
    ]
    static let droppedContent: Set<String> = ["script", "style", "template", "noscript", "iframe", "object"]

    package static func strip(_ html: String) -> String {
        var output = ""
        var index = html.startIndex
        var skipping: String?
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let close = html[index...].firstIndex(of: ">") {
                let inner = html[html.index(after: index)..<close]
                if inner.hasPrefix("!--") {
                    // A comment runs to "-->", which may contain ">" earlier.
                    if let end = html[index...].firstRange(of: "-->") {
                        index = end.upperBound
                        continue
                    }
                }
                let isClosing = inner.hasPrefix("/")
                let name = inner.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
                if name.isEmpty && !isClosing && !inner.hasPrefix("!") {
                    // A lone "<" (as in "a < b") is text, not a tag.
                    if skipping == nil { output.append(character) }
                    index = html.index(after: index)
                    continue
                }
                if let skip = skipping {
                    if isClosing && name == skip { skipping = nil }
                } else if droppedContent.contains(name) && !isClosing && !inner.hasSuffix("/") {
                    skipping = name
                } else if blockTags.contains(name) && (isClosing || name == "br" || name == "hr") {
                    if !output.hasSuffix("\n") || name == "br" { output.append("\n") }
                }
                index = html.index(after: close)
                continue
            }
            if skipping == nil {
                if character == "&", let (decoded, next) = entity(in: html, at: index) {
                    output.append(decoded)
                    index = next
                    continue
                }
                output.append(character)
            }
            index = html.index(after: index)
        }
        return output.trimmingTrailingWhitespacePerLine()
    }

    static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}", "ndash": "–", "mdash": "—",
        "hellip": "…", "copy": "©", "reg": "®", "trade": "™", "euro": "€", "pound": "£", "lsquo": "‘", "rsquo": "’",
        "ldquo": "“", "rdquo": "”", "eacute": "é", "uuml": "ü", "ouml": "ö", "auml": "ä", "szlig": "ß",
    ]

    /// Decodes `&name;`, `&#123;` or `&#x1F600;` starting at `index`.
    static func entity(in text: String, at index: String.Index) -> (String, String.Index)? {
        guard let semicolon = text[index...].prefix(12).firstIndex(of: ";") else { return nil }
        let body = text[text.index(after: index)..<semicolon]
        let next = text.index(after: semicolon)
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value = digits.lowercased().hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value, let scalar = Unicode.Scalar(value), value != 0 else { return nil }
            return (String(Character(scalar)), next)
        }
        guard let decoded = named[String(body)] else { return nil }
        return (decoded, next)
    }
}

extension String {
    /// Each line without trailing spaces, and no trailing blank lines.
    package func trimmingTrailingWhitespacePerLine() -> String {
        var lines = split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            var trimmed = line
            while let last = trimmed.last, last == " " || last == "\t" || last == "\r" { trimmed = trimmed.dropLast() }
            return trimmed
        }
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}
