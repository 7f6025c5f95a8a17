import DotsSSOBasics
import FoundationEssentials

extension CommandContext {
    /// The token cache in `--cache-dir` when given, else the context's directory (and the context's clock).
    package func tokenCache(directory override: String? = nil) -> TokenCache {
        var cache = TokenCache(directory: override.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? cacheDirectory, clock: clock)
        cache.keyring = keyring
        cache.warn = { [self] in warn($0) }
        return cache
    }
}
