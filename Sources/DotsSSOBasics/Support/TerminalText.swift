/// Partner-supplied text made safe to show on a terminal: every command that prints a server's or a file's words
/// goes through here, and so does every error, warning and trace line. Nothing a partner writes can move the
/// cursor, restyle or retitle the terminal, fake a line of our output, or reverse what follows it.
package enum TerminalText {
    /// One line, at most `limit` columns (and four bytes a column), newlines shown as ⏎.
    package static func oneLine(_ text: String, limit: Int = 80) -> String {
        // (Most messages have no line break: the generic `replacing` is skipped for them, a tenth of a pass check.)
        let broken = text.utf8.contains(UInt8(ascii: "\n"))
        let flat = safe(broken ? text.replacing("\r\n", with: "\n").replacing("\n", with: "⏎ ") : text)
        return cut(flat, columns: limit, bytes: limit * 4, tail: { _ in "…" })
    }

    /// Partner text shown to a person, escaped as `safe` does and cut at `columns` terminal columns or `bytes` UTF-8
    /// bytes, whichever comes first, saying how much was left out. Bytes bound it too: one visible character may carry
    /// hundreds of thousands of combining marks, which take no column and megabytes of output.
    package static func bounded(_ text: String, columns: Int, bytes: Int) -> String {
        cut(safe(text), columns: columns, bytes: bytes, tail: { "… (\($0) more bytes not shown)" })
    }

    /// `text` up to the first scalar that would pass either limit, then `tail(bytes left out)`; whole when it fits.
    private static func cut(_ text: String, columns: Int, bytes: Int, tail: (Int) -> String) -> String {
        var width = 0
        var used = 0
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let size = UTF8.width(scalar)
            let columnsTaken = DisplayWidth.isZeroWidth(scalar) ? 0 : DisplayWidth.isWide(scalar) ? 2 : 1
            if used + size > bytes || width + columnsTaken > columns {
                return String(kept) + tail(text.utf8.count - used)
            }
            used += size
            width += columnsTaken
            kept.append(scalar)
        }
        return text
    }

    /// Control characters (C0 including newline and tab, DEL, C1), line and paragraph separators and bidirectional
    /// overrides become visible escapes (`\n`, `\u{1b}`, `\u{202e}`); everything else is shown as written.
    package static func safe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where needsEscape(scalar): result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A message of ours that carries partner text (an error, a warning, a trace line): escaped as `safe` does and
    /// cut at `limit` columns (and four bytes a column), so a 1 MB value in a message does not become a 1 MB line.
    package static func message(_ text: String, limit: Int = 2_000) -> String {
        cut(safe(text), columns: limit, bytes: limit * 4, tail: { "… (\($0) more bytes)" })
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F: true
        // Line and paragraph separators; bidi embeddings, overrides and isolates; the directional marks.
        case 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        default: false
        }
    }
}
