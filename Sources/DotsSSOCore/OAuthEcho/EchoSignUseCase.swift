import DotsSSOBasics
import FoundationEssentials

/// `echo sign`: makes the `X-Verify-Credentials-Authorization` header a Digits/Twitter SDK would send for a member,
/// so a backend's success path (and `echo verify`) can be tried without the app. The two secrets come from files
/// (never flag values, which `ps` shows); the header holds neither, only the signature they make.
package struct EchoSignUseCase: Sendable {
    package var provider: String
    package var consumerKey: String
    package var consumerSecretFile: String
    package var token: String
    package var tokenSecretFile: String

    package init(provider: String, consumerKey: String, consumerSecretFile: String, token: String, tokenSecretFile: String) {
        self.provider = provider
        self.consumerKey = consumerKey
        self.consumerSecretFile = consumerSecretFile
        self.token = token
        self.tokenSecretFile = tokenSecretFile
    }

    package struct Result: Encodable, Sendable {
        /// The `X-Auth-Service-Provider` value the header is signed for.
        package var provider: String
        /// The `X-Verify-Credentials-Authorization` value.
        package var authorization: String
        package var timestamp: Int
    }

    package func run(_ ctx: CommandContext) throws -> Result {
        guard consumerSecretFile != "-" || tokenSecretFile != "-" else {
            throw UsageError.invalid("\(CLIFlag.consumerSecretFile) and \(CLIFlag.tokenSecretFile) cannot both read stdin ('-')")
        }
        for (flag, value) in [("\(CLIFlag.consumerKey)", consumerKey), ("\(CLIFlag.token)", token)] where value.isEmpty {
            throw UsageError.invalid("\(flag) must not be empty")
        }
        guard let url = URL(string: provider), let scheme = url.scheme?.lowercased(), ["https", "http"].contains(scheme),
            let host = url.host, !host.isEmpty
        else {
            throw UsageError.invalid("\(CLIFlag.provider) must be an http(s) URL, got \(ServerWords.line(String(provider.prefix(200))))")
        }
        let consumerSecret = try SecretInput.read(consumerSecretFile, what: "the consumer secret")
        let tokenSecret = try SecretInput.read(tokenSecretFile, what: "the token secret")
        let timestamp = Int(clamping: ctx.clock.now().timeIntervalSince1970, to: 0...Int(Int32.max) * 2, rounding: .down)
        let header = OAuth1Signature.header(
            url: url, consumerKey: consumerKey, consumerSecret: consumerSecret, token: token,
            tokenSecret: tokenSecret, nonce: try SecureRandom.base64URLString(byteCount: 24),
            timestamp: timestamp)
        return Result(provider: provider, authorization: header, timestamp: timestamp)
    }
}
