/// A value as one word of a shell command a person copies from a message: as written when it holds only characters
/// no POSIX shell treats specially, else single-quoted (a quote inside as `'\''`). So a hint that repeats a channel
/// path with a space or a `$` still runs as printed.
package enum ShellWord {
    package static func quoted(_ text: String) -> String {
        let plain = !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_./:@%+=,-".contains($0)) }
        return plain ? text : "'" + text.replacing("'", with: "'\\''") + "'"
    }

    /// ` --channel WORD` for a hint, or nothing without a channel.
    package static func channelFlag(_ channel: String?) -> String {
        channel.map { " --channel \(quoted($0))" } ?? ""
    }
}
