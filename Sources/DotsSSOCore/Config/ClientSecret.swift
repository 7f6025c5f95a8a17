import Foundation

/// Finds the client secret: a file given with `--client-secret-file` (`-` is stdin), else the environment
/// variable the channel names in `clientSecretEnv`. Secrets never come from flag values, which leak into `ps`.
public enum ClientSecret {
    public static func load(file: String?, channel: Channel, environment: Environment) throws -> String? {
        if let file {
            guard let data = InputFile.read(file), let text = String(data: data, encoding: .utf8) else {
                throw ConfigError.unreadableSecretFile(path: file, reason: "the file cannot be read as UTF-8 text")
            }
            let secret = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !secret.isEmpty else { throw ConfigError.unreadableSecretFile(path: file, reason: "the file is empty") }
            return secret
        }
        if let variable = channel.clientSecretEnv {
            guard let secret = environment[variable] else { throw ConfigError.missingSecretEnvironment(variable: variable) }
            return secret
        }
        return nil
    }
}
