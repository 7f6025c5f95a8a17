import DotsSSOBasics
import FoundationEssentials

/// Finds the client secret: a file given with `--client-secret-file` (`-` is stdin), else the environment
/// variable the channel names in `clientSecretEnv`. Secrets never come from flag values, which leak into `ps`.
package enum ClientSecret {
    package static func load(file: String?, channel: Channel, environment: Environment) throws -> String? {
        if let file {
            // The one secret reader: pipes accepted, one line of visible ASCII, 16 KiB at most.
            return try SecretInput.read(file, what: "the client secret")
        }
        if let variable = channel.clientSecretEnv {
            guard let secret = environment[variable] else { throw ConfigError.missingSecretEnvironment(variable: variable) }
            return secret
        }
        return nil
    }
}
