import DotsSSOBasics
import FoundationEssentials

/// What the channels of one `check` run fetch in common, fetched once: a provider's metadata and JWKS per issuer
/// (partners on one identity provider are common), a TLS handshake per host, and the checks of a deliverable that
/// depend on its address alone (a legal document, a loading animation, drawn once). Each channel still judges the
/// provider by its own rules; a failure is shared as well, so every channel of a provider that is down says so.
package actor SharedFetches {
    private var discoveries: [String: Task<Result<ProviderMetadata, any Error>, Never>] = [:]
    private var handshakes: [String: Task<Result<TLSInspection?, any Error>, Never>] = [:]
    private var deliverables: [String: Task<CheckFindings, Never>] = [:]
    /// How many fetches were asked for and how many went out, for `-v` and the tests.
    private(set) var asked = 0
    private(set) var sent = 0

    package init() {}

    func discovery(issuer: String, http: any HTTPClient) async -> Result<ProviderMetadata, any Error> {
        asked += 1
        if let running = discoveries[issuer] { return await running.value }
        sent += 1
        let task = Task { await Result { try await DiscoveryClient(http: http).fetch(issuer: issuer) } }
        discoveries[issuer] = task
        return await task.value
    }

    func tls(_ url: URL, key: String, http: any HTTPClient) async -> Result<TLSInspection?, any Error> {
        asked += 1
        if let running = handshakes[key] { return await running.value }
        sent += 1
        let task = Task { await Result { try await http.inspectTLS(url) } }
        handshakes[key] = task
        return await task.value
    }

    /// A deliverable's check, keyed by what it depends on (its kind and address): run once, its findings shared.
    func deliverable(_ key: String, _ check: @escaping @Sendable () async -> CheckFindings) async -> CheckFindings {
        asked += 1
        if let running = deliverables[key] { return await running.value }
        sent += 1
        let task = Task { await check() }
        deliverables[key] = task
        return await task.value
    }

    package var counts: (asked: Int, sent: Int) { (asked, sent) }
}
