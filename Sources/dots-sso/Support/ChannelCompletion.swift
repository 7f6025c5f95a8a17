import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// What the shells complete after `--channel`: the channel names in the channels folder, and channel files (and
/// folders on the way to them) under the word typed so far. The shell runs `dots-sso ---completion …` for it, so
/// this is the same lookup `channel list` does.
enum ChannelCompletion {
    static let kind = CompletionKind.custom { _, _, prefix in
        let environment = Environment()
        return forShell(candidates(prefix: prefix, environment: environment), shell: environment["SAP_SHELL"])
    }

    static func candidates(prefix: String, environment: Environment) -> [String] {
        let names = ChannelStore(environment: environment).names().filter { $0.hasPrefix(prefix) }
        return names + files(prefix: prefix)
    }

    /// The candidates as the asking shell's completion script reads them. Names come from the file system (a partner's
    /// repository, an unpacked archive), so a name like `$(…)` must reach the shell as text, never as a command:
    /// - bash: ArgumentParser's script hands them to `compgen -W`, which expands every word (command substitution
    ///   included), so every character but a plain one is backslash-escaped, which that expansion removes again;
    /// - zsh: `_describe` reads `name:description`, so a colon in a name is escaped (its `compadd` quotes the rest);
    /// - fish: lines are taken as they are.
    /// A name with a line break cannot be one candidate line in any of them, so it is left out.
    static func forShell(_ candidates: [String], shell: String?) -> [String] {
        let lines = candidates.filter { !$0.contains(where: \.isNewline) }
        switch shell {
        case "bash": return lines.map(bashWord)
        case "zsh": return lines.map { $0.replacing("\\", with: "\\\\").replacing(":", with: "\\:") }
        default: return lines
        }
    }

    /// `text` with a backslash before every character outside letters, digits and `_./+,=@%-`: `compgen -W`'s
    /// expansion then yields exactly `text` (as `printf %q` would make it).
    static func bashWord(_ text: String) -> String {
        var word = ""
        for scalar in text.unicodeScalars {
            let plain =
                scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_./+,=@%-".unicodeScalars.contains(scalar))
            if !plain { word.unicodeScalars.append("\\") }
            word.unicodeScalars.append(scalar)
        }
        return word
    }

    /// `*.json` files and folders whose path starts with `prefix` (relative to the working directory, or absolute).
    static func files(prefix: String) -> [String] {
        // The folder part (up to the last '/') is kept as typed; the rest is the start of a name in it.
        let slash = prefix.lastIndex(of: "/")
        let typedFolder = slash.map { String(prefix[...$0]) } ?? ""
        let start = slash.map { String(prefix[prefix.index(after: $0)...]) } ?? prefix
        let folder =
            typedFolder.hasPrefix("~/") ? FileManager.default.homeDirectoryForCurrentUser.path + typedFolder.dropFirst() : typedFolder
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else { return [] }
        return entries.filter { $0.hasPrefix(start) && (!$0.hasPrefix(".") || start.hasPrefix(".")) }.sorted().compactMap { entry in
            guard let status = FileStatus((folder.isEmpty ? "./" : folder) + entry) else { return nil }
            if status.isDirectory { return typedFolder + entry + "/" }
            return entry.hasSuffix(".json") ? typedFolder + entry : nil
        }
    }
}
