import DotsSSOBasics
import FoundationEssentials

/// `dots-sso containers probe [NAME]`: makes each container's request as the app does (TLS 1.2+, the member's
/// token and id where the channel says) and reports the status; the URL shown never carries the token.
package struct ContainersProbeUseCase: Sendable {
    package var member: MemberSettings
    package var name: String?

    /// A container page is at most this large; anything bigger is not a page the app should load.
    package static let maxBodyBytes = 32 * 1024 * 1024

    package init(member: MemberSettings, name: String? = nil) {
        self.member = member
        self.name = name
    }

    package struct Probe: Codable, Sendable, Equatable {
        package var name: String
        package var url: String
        package var status: Int?
        package var contentType: String?
        package var milliseconds: Int?
        package var passed: Bool
        package var problem: String?
    }

    package func run(_ ctx: CommandContext) async throws -> [Probe] {
        let source = try MemberSource(member, needsToken: true, in: ctx)
        var containers = source.channel.containers ?? []
        if let name {
            containers = containers.filter { $0.name == name }
            guard !containers.isEmpty else { throw UsageError.invalid("no container named '\(name)' in the channel") }
        }
        guard !containers.isEmpty else { throw ConfigError.missingSetting(name: "containers", flag: "a channel file", key: "containers") }
        // The member's id travels to some containers, and their flags choose between a container's URLs.
        let needsProfile = containers.contains { $0.userId != nil || !($0.variants ?? []).isEmpty }
        let member = needsProfile ? try await source.report().dots : nil
        let userID = member?.id
        let access = try await source.requireBearer().access()
        var probes: [Probe] = []
        for container in containers {
            let shown = try ContainerRequest(container, token: nil, userID: userID, flags: member?.flags, showSecrets: false).url
            do {
                func request() throws -> HTTPRequest {
                    var request = try ContainerRequest.httpRequest(container, access: access, userID: userID, flags: member?.flags)
                    request.maxBodyBytes = Self.maxBodyBytes
                    return request
                }
                let response = try await access.send(with: source.http, request)
                let passed = (200..<400).contains(response.status)
                probes.append(
                    Probe(
                        name: container.name, url: shown, status: response.status, contentType: response.mediaType,
                        milliseconds: Int(clamping: response.duration * 1000, to: 0...Int(Int32.max)), passed: passed,
                        problem: passed ? nil : "HTTP \(response.status)"))
            } catch let error as UserFacingError {
                probes.append(Probe(name: container.name, url: shown, passed: false, problem: error.message))
            }
        }
        return probes
    }
}
