import DotsSSOBasics
import FoundationEssentials

/// An entry whose tokens live in the keyring: the file names the sign-in (key, channel, subject, times) and says
/// `"tokenStore": "keyring"`; the keyring item, found by the file's path, holds the payloads as JSON.
extension TokenCache {
    /// The entry with its payloads from the keyring. No item (removed by hand, another keyring) reads as a corrupt
    /// entry, so the user is told to sign in again; a keyring that cannot be read is an error that says so.
    func fromKeyring(_ entry: CacheEntry, path: String) throws -> Lookup {
        guard let keyring else {
            throw TokenCacheError.keyringUnavailable(path: path, reason: "this dots-sso has no keyring to read")
        }
        let secret: String?
        do {
            secret = try keyring.lookup(entry: path, timeout: keyringTimeout)
        } catch let error as KeyringError {
            throw TokenCacheError.keyringUnavailable(path: path, reason: error.reason)
        }
        // libsecret answers a locked keyring's lookup with nothing, as it answers a removed item.
        guard let secret else {
            return .corrupt(
                path: path,
                reason: "the keyring has no tokens for it: the keyring is locked (unlock it and run this again), or they were removed")
        }
        guard let payloads = try? Self.decoder.decode([String: JSONValue].self, from: Data(secret.utf8)) else {
            return .corrupt(path: path, reason: "the keyring's item for it is not dots-sso's")
        }
        var found = entry
        found.payloads = payloads
        return .found(found)
    }

    /// Puts the entry's payloads in the keyring and returns what the file keeps instead (nothing); nil when the
    /// keyring failed, said once as a warning: the tokens then stay in the file, 0600 as always.
    func toKeyring(_ entry: CacheEntry, path: String) -> [String: JSONValue]? {
        let reason: String
        if let keyring {
            do {
                let secret = String(decoding: try Self.encoder.encode(entry.payloads), as: UTF8.self)
                let label = "dots-sso sign-in: \(entry.channel ?? entry.key.authority) (\(entry.key.account))"
                try keyring.store(secret, entry: path, label: label, timeout: keyringTimeout)
                return [:]
            } catch let error as KeyringError {
                reason = error.reason
            } catch {
                reason = "\(error)"
            }
        } else {
            reason = "this dots-sso has no keyring here"
        }
        warn("\(CLIFlag.tokenStore) keyring: \(reason); the tokens are kept in \(path) (0600) instead")
        return nil
    }

    /// Removes the keyring item of the entry file at `url`, when the file says it has one (best effort, bounded).
    func forgetKeyringItem(of url: URL) {
        guard let keyring, let data = try? Data(contentsOf: url), data.count <= 1_048_576,
            let stored = (try? JSONDecoder().decode(JSONValue.self, from: data))?.objectValue,
            stored["tokenStore"] == .string(TokenStore.keyring.rawValue)
        else { return }
        try? keyring.clear(entry: url.path, timeout: keyringTimeout)
    }
}
