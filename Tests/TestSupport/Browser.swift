import Foundation

/// Plays the user's browser with the curl CLI: submits forms and follows one redirect by hand,
/// so tests can inspect (or forge) each hop.
package enum Browser {
    /// GET (or POST `form`) a URL and return the redirect target (empty when there is none).
    package static func redirectTarget(of url: String, form: [String: String]? = nil) async throws -> String {
        var arguments = ["-sS", "-o", "/dev/null", "-w", "%{redirect_url}", "--max-time", "20"]
        for (name, value) in form ?? [:] { arguments += ["--data-urlencode", "\(name)=\(value)"] }
        arguments.append(url)
        let result = try await ProcessRunner.run("/usr/bin/curl", arguments, timeout: 30)
        guard result.status == 0 else { throw BackgroundProcess.StartError(description: "curl \(url) failed: \(result.stderr)") }
        return result.stdout
    }

    /// GET a URL and return status and body.
    package static func get(_ url: String, headers: [String] = []) async throws -> (status: Int, body: String) {
        var arguments = ["-sS", "-w", "\n%{http_code}", "--max-time", "20"]
        for header in headers { arguments += ["-H", header] }
        arguments.append(url)
        let result = try await ProcessRunner.run("/usr/bin/curl", arguments, timeout: 30)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        return (Int(lines.last ?? "") ?? 0, lines.dropLast().joined(separator: "\n"))
    }

    /// GET a URL and return status, response headers (names lower-cased) and body.
    package static func getWithHeaders(_ url: String) async throws -> (status: Int, headers: [String: String], body: String) {
        let result = try await ProcessRunner.run("/usr/bin/curl", ["-sS", "-i", "--max-time", "20", url], timeout: 30)
        let parts = result.stdout.components(separatedBy: "\r\n\r\n")
        let head = parts.first ?? ""
        var headers: [String: String] = [:]
        for line in head.components(separatedBy: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        return (status, headers, parts.dropFirst().joined(separator: "\r\n\r\n"))
    }

    /// POST a form and return status and body.
    package static func post(_ url: String, form: [String: String] = [:]) async throws -> (status: Int, body: String) {
        var arguments = ["-sS", "-w", "\n%{http_code}", "--max-time", "20", "-X", "POST"]
        for (name, value) in form { arguments += ["--data-urlencode", "\(name)=\(value)"] }
        arguments.append(url)
        let result = try await ProcessRunner.run("/usr/bin/curl", arguments, timeout: 30)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        return (Int(lines.last ?? "") ?? 0, lines.dropLast().joined(separator: "\n"))
    }

    /// The query parameters of a URL.
    package static func query(_ url: String) -> [String: String] {
        guard let components = URLComponents(string: url) else { return [:] }
        var fields: [String: String] = [:]
        for item in components.queryItems ?? [] { fields[item.name] = item.value ?? "" }
        return fields
    }
}
