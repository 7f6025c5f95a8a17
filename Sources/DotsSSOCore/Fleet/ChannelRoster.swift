import DotsSSOBasics
import FoundationEssentials

/// The channels one `check` run covers: each `--channel` as given, then every channel file (`*.json`, not hidden) of
/// each `--channels DIR` in name order, else `DOTS_SSO_CHANNEL`; `--shard I/N` then keeps this job's share. Each has a
/// key — the name, or a file's name without `.json` — that names its suite in every report and decides its shard,
/// so two channels with one key are refused rather than merged into one suite.
package struct ChannelRoster: Sendable {
    package struct Entry: Sendable, Equatable {
        /// As `--channel` takes it: a stored channel's name or a channel file's path.
        package var selector: String
        package var key: String
    }

    /// Every channel asked for, before sharding.
    package var all: [Entry]
    /// The ones this run checks (all of them without a shard).
    package var selected: [Entry]
    package var shard: ChannelShard?

    /// The largest folder listed: a folder of many thousand files is not a set of partners.
    package static let maximumChannels = 5_000

    package init(channels: [String], folders: [String], shard: ChannelShard?, environment: Environment) throws {
        var selectors = channels
        for folder in folders { selectors += try Self.channelFiles(in: folder) }
        if selectors.isEmpty, let fromEnvironment = environment["DOTS_SSO_CHANNEL"] { selectors = [fromEnvironment] }
        guard !selectors.isEmpty else { throw ConfigError.noChannel }
        var seen: [String: String] = [:]
        var entries: [Entry] = []
        for selector in selectors {
            let key = Self.key(of: selector)
            if let earlier = seen[key] {
                // The same file twice (a --channel also in --channels DIR) is one channel; two files are a clash.
                if Self.sameFile(earlier, selector) { continue }
                throw UsageError.invalid(
                    "two channels are both named '\(key)' (\(earlier) and \(selector)): each channel's name names its suite in the reports; rename one file"
                )
            }
            seen[key] = selector
            entries.append(Entry(selector: selector, key: key))
        }
        all = entries
        self.shard = shard
        selected = shard.map { shard in entries.filter { shard.holds($0.key) } } ?? entries
    }

    /// Whether the run checks more than one channel, or was asked for a set (a folder or a shard): then its output
    /// has one document per channel even when the share holds one.
    package var isFleet: Bool { all.count > 1 || shard != nil }

    /// A channel's key: a stored channel's name as given, a file's name without `.json`.
    package static func key(of selector: String) -> String {
        guard selector.hasSuffix(".json") || selector.contains("/") else { return selector }
        let name = String(selector.split(separator: "/").last ?? Substring(selector))
        return name.hasSuffix(".json") ? String(name.dropLast(5)) : name
    }

    /// The channel files of a folder, sorted by name: a missing folder or one with no channel file is a
    /// configuration error (78), never a run that checked nothing and passed.
    static func channelFiles(in folder: String) throws -> [String] {
        guard let status = FileStatus(folder, followingLinks: true), status.isDirectory else {
            throw ConfigError.unreadableChannel(path: folder, reason: "\(CLIFlag.channels) names no folder")
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw ConfigError.unreadableChannel(path: folder, reason: "the folder cannot be listed")
        }
        let files = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
        guard !files.isEmpty else {
            throw ConfigError.unreadableChannel(path: folder, reason: "the folder holds no channel file (*.json)")
        }
        guard files.count <= maximumChannels else {
            throw ConfigError.unreadableChannel(
                path: folder,
                reason: "the folder holds \(files.count) .json files, more than the \(maximumChannels) channels one run checks")
        }
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        return files.map { "\(base)/\($0)" }
    }

    static func sameFile(_ one: String, _ other: String) -> Bool {
        URL(fileURLWithPath: one).standardizedFileURL.path == URL(fileURLWithPath: other).standardizedFileURL.path
    }
}
