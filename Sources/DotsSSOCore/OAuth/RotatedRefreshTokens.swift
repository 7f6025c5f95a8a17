import DotsSSOBasics
import FoundationEssentials

/// The refresh tokens this cache has seen rotated away, by their SHA-256 only (never the token): a token handed to
/// `--refresh-token-file` that is on this list is older than one its file has since held. Sending it would be reuse,
/// which a provider that rotates refresh tokens answers by revoking the whole grant (OAuth 2.0 Security BCP §4.14.2),
/// locking every later run out; it is refused before it is sent instead, saying how the stale copy came back.
struct RotatedRefreshTokens {
    /// One rotation: the spent token's fingerprint, when, and into which file its successor went.
    struct Rotation: Codable, Equatable {
        var sha256: String
        var rotatedAt: Date
        var file: String
    }

    /// The newest rotations kept; a CI runner rotates once a run per channel, so this spans months of runs.
    static let kept = 500

    let url: URL

    init(cacheDirectory: URL) {
        url = cacheDirectory.appendingPathComponent(".rotated-refresh-tokens.json")
    }

    static func fingerprint(_ token: String) throws -> String {
        Base64URL.encode(try DigestAlgorithm.sha256.digest(Data(token.utf8)))
    }

    /// The rotation that spent `token`, when this cache saw one.
    func rotation(of token: String) throws -> Rotation? {
        let print = try Self.fingerprint(token)
        return load().last { $0.sha256 == print }
    }

    /// Notes that `token` was rotated into `file`. A record that cannot be written costs only this early warning.
    func record(_ token: String, file: String, at date: Date) {
        guard let print = try? Self.fingerprint(token) else { return }
        var rotations = load().filter { $0.sha256 != print }
        rotations.append(Rotation(sha256: print, rotatedAt: date, file: file))
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        guard let data = try? encoder.encode(Array(rotations.suffix(Self.kept))) else { return }
        try? AtomicFile.write(data, to: url, permissions: 0o600)
    }

    /// The record as written; a missing, foreign or unreadable one is empty (it only ever warns early).
    private func load() -> [Rotation] {
        guard let status = FileStatus(url.path, followingLinks: false), status.isRegular, status.size <= 1_048_576,
            let data = try? Data(contentsOf: url)
        else { return [] }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return (try? decoder.decode([Rotation].self, from: data)) ?? []
    }
}
