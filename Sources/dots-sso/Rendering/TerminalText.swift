/// Partner-supplied text made safe to show on a terminal: every command that prints a server's or a file's
/// words goes through here.
enum TerminalText {
    /// One line, at most `limit` characters, newlines shown as ⏎.
    static func oneLine(_ text: String, limit: Int = 80) -> String {
        let flat = safe(text.replacingOccurrences(of: "\n", with: "⏎ "))
        return flat.count > limit ? String(flat.prefix(limit)) + "…" : flat
    }

    /// Control characters (an ESC sequence could restyle or rewrite the user's terminal) become visible escapes.
    static func safe(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" || (0x7F...0x9F).contains(scalar.value) {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
