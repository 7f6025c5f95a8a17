import DotsSSOBasics
import FoundationEssentials

/// A secret the user hands over without putting it in argv (where `ps` and shell history would keep it): a file
/// (`-` is stdin) or an environment variable. The value must be one line of visible ASCII, as any token or key a
/// server issues is; anything else (a NUL, a second line, a 10 MB blob) is refused before it is sent.
package enum SecretInput {
    /// The longest secret accepted: far above any real token or key, far below what breaks a header.
    package static let maxBytes = 16 * 1024

    /// Reads the secret named `what` (for messages) from `file`, else the variable `variable`; nil when neither is given.
    /// `fileFlag` is the flag that gives the file instead, for the message when the variable is not set.
    package static func load(what: String, file: String?, variable: String?, fileFlag: String, environment: Environment) throws -> String? {
        if let file { return try read(file, what: what) }
        if let variable {
            guard let value = environment[variable] else {
                throw ConfigError.unsetSecretVariable(variable: variable, what: what, fileFlag: fileFlag)
            }
            return try vet(value.trimmed(), what: what, source: "$\(variable)")
        }
        return nil
    }

    /// A password from a file (`-` is stdin, pipes too): its first line exactly as typed (spaces are part of a password),
    /// without the line ending; no control characters, at most 1 KiB.
    package static func password(from file: String) throws -> String {
        let source = InputFile.displayName(file)
        var line = Substring(try utf8Text(of: file, what: "the password", limit: 1024))
        // "\r\n" is one Character in Swift, so one dropLast removes either ending.
        if line.hasSuffix("\r\n") || line.hasSuffix("\n") || line.hasSuffix("\r") { line = line.dropLast() }
        guard !line.isEmpty else { throw InputError.malformed(source: source, reason: "the password is empty") }
        guard !line.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw InputError.malformed(source: source, reason: "the password must be one line without control characters")
        }
        return String(line)
    }

    /// The secret `what` from `file` (`-` is stdin, pipes too): read with the cap, trimmed and vetted.
    package static func read(_ file: String, what: String) throws -> String {
        try vet(try text(of: file, what: what), what: what, source: InputFile.displayName(file))
    }

    /// The file's text with surrounding whitespace trimmed, read with the cap (stdin, pipes and `<(…)` too), not yet vetted.
    package static func text(of file: String, what: String) throws -> String {
        try utf8Text(of: file, what: what, limit: maxBytes).trimmed()
    }

    /// The file's UTF-8 text as it is, refused past `limit` bytes (plus room for a line ending) before it is held.
    private static func utf8Text(of file: String, what: String, limit: Int) throws -> String {
        let data: Data
        if file == "-",
            let typed = InputFile.standardInput.secretLine(prompt: "Paste \(what) and press Enter (it is not shown):", limit: limit + 2)
        {
            // At a terminal: asked for, not echoed, ended by Enter.
            data = typed ?? Data()
            if data.count > limit + 2 {
                throw InputError.malformed(source: InputFile.displayName(file), reason: "\(what) is longer than \(limit) bytes")
            }
        } else {
            switch try InputFile.read(file, limit: limit + 2) {
            case .contents(let contents): data = contents
            case .tooLarge: throw InputError.malformed(source: InputFile.displayName(file), reason: "\(what) is longer than \(limit) bytes")
            }
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw InputError.malformed(source: InputFile.displayName(file), reason: "\(what) is not UTF-8 text")
        }
        return text
    }

    /// The warning every secret file gets when other users can read it (a CI workspace often makes files 0644): a
    /// refresh-token file, a client secret, a client key, a password. nil for a private file, stdin or a pipe.
    package static func exposureWarning(_ file: String, what: String) -> String? {
        guard file != "-", let status = FileStatus(file), status.isRegular, status.mode & 0o077 != 0 else { return nil }
        return "\(file) (\(what)) can be read by other users (mode \(String(status.mode, radix: 8))); `chmod 600 \(file)`"
    }

    /// The secret, or an error saying what is wrong with it (never the secret itself).
    package static func vet(_ value: String, what: String, source: String) throws -> String {
        guard !value.isEmpty else { throw InputError.malformed(source: source, reason: "\(what) is empty") }
        guard value.utf8.count <= maxBytes else {
            throw InputError.malformed(source: source, reason: "\(what) is longer than \(maxBytes) bytes")
        }
        guard value.isVisibleASCII else {
            throw InputError.malformed(
                source: source, reason: "\(what) must be one line of visible ASCII (no spaces, control characters or second line)")
        }
        return value
    }
}
