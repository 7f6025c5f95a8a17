import DotsSSOBasics
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Finds, reads, lists and writes channel files.
package struct ChannelStore: Sendable {
    package let directory: URL

    package init(directory: URL) { self.directory = directory }

    package init(environment: Environment) { self.init(directory: environment.channelsDirectory) }

    /// Names of the channels stored in the directory, sorted.
    package func names() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
            .map { String($0.dropLast(5)) }
            .sorted()
    }

    /// The file a name or path refers to: a value with a `/` or a `.json` suffix is a path.
    package func location(of nameOrPath: String) throws -> URL {
        if nameOrPath.hasSuffix(".json") {
            return URL(fileURLWithPath: nameOrPath)
        }
        // `../../evil` is neither a name nor a channel file: never a path that escapes the channels directory.
        if nameOrPath.contains("/") { throw ConfigError.invalidChannelName(nameOrPath) }
        try Self.validate(name: nameOrPath)
        return directory.appendingPathComponent("\(nameOrPath).json")
    }

    /// Loads a channel by name or path. An unknown name is a configuration error (exit 78). With `resolvingPaths`
    /// (for use, not for editing) the files the channel names are made paths from here.
    package func load(_ nameOrPath: String, resolvingPaths: Bool = true) throws -> Channel {
        let url = try location(of: nameOrPath)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw ConfigError.unknownChannel(name: nameOrPath, searched: url.path)
        }
        // The channel decides where tokens are sent: a file every user can change is refused like the token cache.
        // (Group-writable is left alone: with a private group per user, umask 002 makes every new file so.)
        var info = stat()
        if stat(url.path, &info) == 0, info.st_mode & 0o002 != 0 {
            throw ConfigError.insecureChannel(path: url.path, mode: "0" + String(info.st_mode & 0o777, radix: 8))
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ConfigError.unreadableChannel(path: url.path, reason: "cannot read the file")
        }
        var channel = try Self.decode(data, path: url.path)
        if channel.name == nil {
            channel.name = url.deletingPathExtension().lastPathComponent
        }
        channel.sourceFile = url.path
        if resolvingPaths, let trust = channel.passes?.trust {
            channel.passes?.trust = trust.map { Self.resolve($0, beside: url) }
        }
        if resolvingPaths {
            for path in [\Channel.clientKeyFile, \.clientCertFile, \.clientCertKeyFile] {
                if let file = channel[keyPath: path] { channel[keyPath: path] = Self.resolve(file, beside: url) }
            }
        }
        return channel
    }

    /// A file a channel names, as a path: relative paths are read from the channel file's folder (so a channel and
    /// its files move together); inline PEM and absolute paths stay as they are.
    static func resolve(_ entry: String, beside channelFile: URL) -> String {
        guard !entry.hasPrefix("/"), !entry.hasPrefix("-----BEGIN"), !entry.isEmpty else { return entry }
        return channelFile.deletingLastPathComponent().appendingPathComponent(entry).standardizedFileURL.path
    }

    /// A channel file's bytes as a channel: JSON of the right shape, no repeated and no unknown keys (78 naming the file).
    package static func decode(_ data: Data, path: String) throws -> Channel {
        let channel: Channel
        do {
            // Broken JSON is said with its line and column, as a Lottie file's or a pass.json's is.
            _ = try CompactJSON(data)
        } catch let error as CompactJSON.ParseError {
            throw ConfigError.unreadableChannel(path: path, reason: "not valid JSON: \(error.located)")
        }
        do {
            channel = try JSONDecoder().decode(Channel.self, from: data)
        } catch let error as DecodingError {
            throw ConfigError.unreadableChannel(path: path, reason: JSONDiagnostics.describe(error))
        } catch {
            throw ConfigError.unreadableChannel(path: path, reason: "not valid JSON")
        }
        try refuseUnknownKeys(in: data, path: path)
        // The name becomes file names and report names: the rule `--channel NAME` follows (no "../elsewhere/x").
        if let name = channel.name {
            do {
                try validate(name: name)
            } catch {
                throw ConfigError.unreadableChannel(
                    path: path,
                    reason: "\"name\" \"\(TerminalText.oneLine(name, limit: 60))\" may use only letters, "
                        + "digits, '.', '_' and '-', and may not start with '.'")
            }
        }
        return channel
    }

    /// A file-name stem for a channel: its name with anything outside the channel-name rule made `-` (a name taken
    /// from a file's own name may hold spaces or worse).
    package static func fileStem(_ name: String?) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        let stem = String((name ?? "channel").prefix(100).map { allowed.contains($0) ? $0 : "-" }).drop { $0 == "." }
        return stem.isEmpty ? "channel" : String(stem)
    }

    /// Writes a channel file atomically (0600: it may name secret sources). Refuses to replace one unless `force`.
    @discardableResult
    package func save(_ channel: Channel, as name: String, force: Bool) throws -> URL {
        let url = try location(of: name)
        if !force && FileManager.default.fileExists(atPath: url.path) {
            throw ConfigError.channelExists(path: url.path)
        }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        do {
            try AtomicFile.write(Self.encoded(channel), to: url, permissions: 0o600)
        } catch let error as AtomicFile.WriteError {
            throw ConfigError.unreadableChannel(path: error.path, reason: "\(error.step) failed: \(error.reason)")
        }
        return url
    }

    /// Writes a channel file at any path (`sandbox --write-channel`), atomically; an unwritable path is exit 74.
    package static func write(_ channel: Channel, toFile path: String) throws {
        do {
            try AtomicFile.write(encoded(channel), to: URL(fileURLWithPath: path), permissions: 0o600)
        } catch let error as AtomicFile.WriteError {
            throw OutputError.cannotWrite(path: error.path, what: "the channel file", reason: "\(error.step) failed: \(error.reason)")
        }
    }

    /// The file's contents: pretty, sorted JSON and a final newline.
    static func encoded(_ channel: Channel) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(channel)
        data.append(0x0A)
        return data
    }

    static func validate(name: String) throws {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-".unicodeScalars)
        guard !name.isEmpty, !name.hasPrefix("."), name.unicodeScalars.allSatisfy(allowed.contains) else {
            throw ConfigError.invalidChannelName(name)
        }
    }

    /// The keys a channel file may have: the fields of `Channel`, read from the type so the list cannot go stale
    /// (a `@NotInFile` property shows as `_name`, and is not one).
    package static let knownKeys: [String] = Mirror(reflecting: Channel()).children.compactMap(\.label)
        .filter { !$0.hasPrefix("_") }.sorted()

    /// A top-level key we do not know is an error naming it and the key it most likely meant: a `clientID`
    /// typo would otherwise only show up later as "no client id configured". So is a key given twice.
    static func refuseUnknownKeys(in data: Data, path: String) throws {
        guard let document = try? CompactJSON(data) else { return }
        // Our own file: a key given twice is an error (which copy a reader keeps is up to the reader).
        if let first = document.duplicateKeyFindings(
            ChannelFindings.duplicateKey, file: path, consequence: "keep one"
        ).first {
            throw ConfigError.unreadableChannel(path: path, reason: first.message + (first.location.path.map { " (\($0))" } ?? ""))
        }
        let keys = document.members(document.root).compactMap { document.string($0.key) }
        for key in keys.sorted() where !knownKeys.contains(key) {
            let hint =
                NearestName.to(key, among: knownKeys).map { "; did you mean \"\($0)\"?" }
                ?? "; known keys: \(knownKeys.joined(separator: ", "))"
            throw ConfigError.unreadableChannel(path: path, reason: "unknown key \"\(TerminalText.oneLine(key, limit: 60))\"\(hint)")
        }
    }
}
