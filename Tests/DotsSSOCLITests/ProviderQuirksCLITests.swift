import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

/// Widely deployed providers as they are configured in the field: revocation listed only in the RFC 8414 document,
/// and a Cancel button whose error redirect lacks the `iss` the metadata promises.
@Suite("provider quirks: split metadata and a cancelled sign-in", .serialized)
struct ProviderQuirksCLITests {
    let cli = DotsSSOCLI()

    @Test(
        "an OpenID configuration without revocation is completed from the RFC 8414 document: discover names the source, revoke revokes there"
    )
    func revocationOnlyInRFC8414() async throws {
        let log = cli.home.path("peer.log")
        let (peer, port) = try await Peers.httpPeer(pki: nil, extra: ["--log", log])
        defer { peer.stop() }
        let issuer = "http://127.0.0.1:\(port)/split"
        let rfc8414 = "http://127.0.0.1:\(port)/.well-known/oauth-authorization-server/split"

        let discovered = try await cli.run(["discover", "--issuer", issuer, "--json"])
        #expect(discovered.status == 0, "\(discovered.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(discovered.stdout.utf8)) as? [String: Any])
        let endpoints = try #require(json["endpoints"] as? [String: String])
        let sources = try #require(json["endpointSources"] as? [String: String])
        #expect(endpoints["revocation_endpoint"] == "\(issuer)/revoke")
        #expect(sources["revocation_endpoint"] == rfc8414)
        #expect(sources["token_endpoint"] == "\(issuer)/.well-known/openid-configuration", "the OpenID configuration wins where both speak")
        let codes = (json["findings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        #expect(codes.contains("discover.endpoint.rfc8414-only"))
        #expect(!codes.contains("discover.revocation.missing"))
        let text = try await cli.run(["discover", "--issuer", issuer])
        #expect(text.stdout.contains("\(issuer)/revoke  (from the RFC 8414 document)"), "\(text.stdout)")

        let cache = TokenCache(directory: URL(fileURLWithPath: cli.cacheDirectory))
        let key = CacheKey(authority: issuer, clientId: "dots-app")
        try await cache.update(key) { entry in
            entry = CacheEntry(
                key: key,
                tokens: TokenSet(accessToken: "split-access", refreshToken: "split-refresh", expiresAt: Date().addingTimeInterval(600)),
                now: Date())
        }
        let revoked = try await cli.run(["revoke", "--issuer", issuer, "--client-id", "dots-app", "--json"])
        #expect(revoked.status == 0, "\(revoked.stderr)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(revoked.stdout.utf8)) as? [String: Any])
        #expect(result["revoked"] as? [String] == ["refresh_token", "access_token"])
        #expect(result["revocationProblem"] == nil)
        let requests = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let revocations = requests.filter { $0["path"] as? String == "/split/revoke" }
        #expect(revocations.count == 2)
        #expect(revocations.first.map { ($0["body"] as? String ?? "").contains("token=split-refresh") } == true)
        #expect(try cache.read(key).entry == nil)
        #expect(!revoked.allOutput.contains("split-refresh"))
    }

    @Test("a member who cancels is told so, and the missing iss is named as the provider's bug, not an attack (77)")
    func cancelledWithoutIss() async throws {
        let (peer, port) = try await Peers.httpPeer(pki: nil)
        defer { peer.stop() }
        let issuer = "http://127.0.0.1:\(port)/authz/cancel"
        let process = try cli.start(["authorize", "--issuer", issuer, "--client-id", "dots-app", "--no-browser", "--timeout", "20"])
        let url = try await process.waitFor("^(\(NSRegularExpression.escapedPattern(for: issuer))/authorize\\?\\S+)$", inErrors: true)
        let cancel = url.replacingOccurrences(of: "\(issuer)/authorize?", with: "\(issuer)/cancel?")
        let callback = try await Browser.redirectTarget(of: cancel)
        #expect(!callback.contains("iss="))
        _ = try await Browser.get(callback)
        let result = await process.finish()
        #expect(result.status == 77, "\(result.stderr)")
        for text in ["access_denied", "the member declined or cancelled the sign-in", "lacked the iss parameter", "provider bug"] {
            #expect(result.stderr.contains(text), "\(text) in \(result.stderr)")
        }
        #expect(!result.stderr.contains("mix-up"))
    }
}
