import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

@Suite("Channel configuration")
struct ChannelStoreTests {
    @Test("a saved channel loads back, 0600, and flags override it")
    func roundTrip() throws {
        let directory = TemporaryDirectory()
        let store = ChannelStore(directory: directory.url.appendingPathComponent("channels"))
        var channel = Channel(name: "acme")
        channel.issuer = "https://sso.acme.example"
        channel.clientId = "dots"
        channel.flags = ["canAccessApp": "may use the app"]
        channel.containers = [
            .init(
                name: "news", url: "https://acme.example/news", flag: "canAccessNews",
                token: .init(in: .header, name: "Authorization"))
        ]
        let url = try store.save(channel, as: "acme", force: false)
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        var loaded = channel
        loaded.sourceFile = url.path
        #expect(try store.load("acme") == loaded)
        #expect(store.names() == ["acme"])
        #expect(throws: ConfigError.self) { try store.save(channel, as: "acme", force: false) }

        var overrides = Channel()
        overrides.issuer = "https://staging.acme.example"
        let merged = try store.load("acme").merging(overrides)
        #expect(merged.issuer == "https://staging.acme.example")
        #expect(merged.clientId == "dots")
    }

    @Test(
        "passes.trust: a relative path is read from the channel file's folder, inline PEM and absolute paths stay; editing keeps the file's words"
    )
    func passTrustPaths() throws {
        let directory = TemporaryDirectory()
        let store = ChannelStore(directory: directory.url.appendingPathComponent("channels"))
        var channel = Channel(name: "acme")
        let inline = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----"
        channel.passes = .init(trust: ["roots/test-root.pem", "/etc/ssl/partner.pem", inline])
        let url = try store.save(channel, as: "acme", force: false)
        let folder = url.deletingLastPathComponent().standardizedFileURL.path
        let loaded = try store.load("acme").passes?.trust
        #expect(loaded == ["\(folder)/roots/test-root.pem", "/etc/ssl/partner.pem", inline], "\(String(describing: loaded)) in \(folder)")
        #expect(try store.load("acme", resolvingPaths: false).passes?.trust == channel.passes?.trust)
    }

    @Test("an unknown channel is a configuration error (exit 78)")
    func unknown() {
        let store = ChannelStore(directory: TemporaryDirectory().url)
        #expect(throws: ConfigError.self) { try store.load("nope") }
        do {
            _ = try store.load("nope")
        } catch {
            #expect(ExitStatus(for: error) == .configuration)
        }
        #expect(throws: ConfigError.self) { try store.location(of: "bad name!") }
    }

    @Test("a broken channel file names the JSON path of the problem")
    func broken() throws {
        let directory = TemporaryDirectory()
        let file = directory.path("bad.json")
        try #"{"issuer": 42}"#.write(toFile: file, atomically: true, encoding: .utf8)
        do {
            _ = try ChannelStore(directory: directory.url).load(file)
            Issue.record("expected an error")
        } catch let error as ConfigError {
            #expect(error.message.contains("$.issuer"))
            #expect(error.message.contains("expected a string"))
        }
    }

    @Test("the client secret comes from a file or the named environment variable, never a flag")
    func clientSecret() throws {
        let directory = TemporaryDirectory()
        try "  s3cret\n".write(toFile: directory.path("secret"), atomically: true, encoding: .utf8)
        var channel = Channel()
        #expect(try ClientSecret.load(file: directory.path("secret"), channel: channel, environment: Environment([:])) == "s3cret")
        channel.clientSecretEnv = "ACME_SECRET"
        #expect(try ClientSecret.load(file: nil, channel: channel, environment: Environment(["ACME_SECRET": "e"])) == "e")
        #expect(throws: ConfigError.self) { try ClientSecret.load(file: nil, channel: channel, environment: Environment([:])) }
    }

    @Test("XDG locations and the cache override")
    func paths() {
        let environment = Environment(["HOME": "/h", "XDG_CONFIG_HOME": "/c", "DOTS_SSO_CACHE_DIR": "/k"])
        #expect(environment.channelsDirectory.path == "/c/dots-sso/channels")
        #expect(environment.cacheDirectory.path == "/k")
        #expect(Environment(["HOME": "/h"]).cacheDirectory.path == "/h/.cache/dots-sso")
    }
}
