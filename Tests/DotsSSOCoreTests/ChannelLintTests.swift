import DotsSSOBasics
import DotsSSOCore
import Testing

@Suite("the channel check: the configuration before anything is fetched")
struct ChannelLintTests {
    static func channel() -> Channel {
        var channel = Channel(name: "acme")
        channel.issuer = "https://sso.fake.example"
        channel.clientId = "dots"
        channel.flags = ["canAccessApp": "the app opens"]
        return channel
    }

    @Test("a key id without a key file is a warning at $.clientKeyId; with the key, or without either, nothing")
    func keyIDWithoutKey() {
        var channel = Self.channel()
        #expect(ChannelLint.findings(for: channel).isEmpty, "\(ChannelLint.findings(for: channel))")
        channel.clientKeyId = "k1"
        let findings = ChannelLint.findings(for: channel)
        #expect(findings.map(\.code) == ["channel.client-key-id.without-key"])
        #expect(findings.first?.severity == .warning && findings.first?.location.path == "$.clientKeyId")
        channel.clientKeyFile = "/keys/client.pem"
        #expect(ChannelLint.findings(for: channel).isEmpty)
    }

    @Test("every endpoint setting is held to https, grouped ones at their path in the file")
    func groupedEndpoints() {
        var channel = Self.channel()
        channel.magicLink = Channel.MagicLink(baseUrl: "http://links.fake.example")
        channel.channelsApi = Channel.ChannelsAPI(baseUrl: "http://api.fake.example")
        let insecure = ChannelLint.findings(for: channel).filter { $0.code == "channel.url.insecure" }.compactMap(\.location.path)
        #expect(insecure == ["$.magicLink.baseUrl", "$.channelsApi.baseUrl"], "\(insecure)")
    }
}
