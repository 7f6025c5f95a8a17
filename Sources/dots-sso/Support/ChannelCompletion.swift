import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import Foundation

/// What the shells complete after `--channel`: the channel names in the channels folder, and channel files (and
/// folders on the way to them) under the word typed so far. The shell runs `dots-sso ---completion …` for it, so
/// this is the same lookup `channel list` does.
enum ChannelCompletion {
    static let kind = CompletionKind.custom { _, _, prefix in candidates(prefix: prefix, environment: Environment()) }

    static func candidates(prefix: String, environment: Environment) -> [String] {
        let names = ChannelStore(environment: environment).names().filter { $0.hasPrefix(prefix) }
        return names + files(prefix: prefix)
    }

    /// `*.json` files and folders whose path starts with `prefix` (relative to the working directory, or absolute).
    static func files(prefix: String) -> [String] {
        // The folder part (up to the last '/') is kept as typed; the rest is the start of a name in it.
        let slash = prefix.lastIndex(of: "/")
        let typedFolder = slash.map { String(prefix[...$0]) } ?? ""
        let start = slash.map { String(prefix[prefix.index(after: $0)...]) } ?? prefix
        let folder = typedFolder.hasPrefix("~/") ? NSHomeDirectory() + typedFolder.dropFirst() : typedFolder
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else { return [] }
        return entries.filter { $0.hasPrefix(start) && (!$0.hasPrefix(".") || start.hasPrefix(".")) }.sorted().compactMap { entry in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: (folder.isEmpty ? "./" : folder) + entry, isDirectory: &isDirectory) else {
                return nil
            }
            if isDirectory.boolValue { return typedFolder + entry + "/" }
            return entry.hasSuffix(".json") ? typedFolder + entry : nil
        }
    }
}
