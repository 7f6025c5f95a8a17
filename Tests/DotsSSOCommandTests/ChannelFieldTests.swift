import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

@testable import DotsSSOCLI

/// A channel's text settings are declared once (`ChannelField`): everything else is derived from that declaration,
/// and these tests are what makes forgetting a part fail, naming the field.
@Suite("channel fields: declared once, each with its flag, file key, row and help")
struct ChannelFieldTests {
    /// A value the field accepts, and what the file then holds.
    static func sample(_ field: ChannelField, home: String) -> (given: String, stored: String) {
        switch field.kind {
        case .endpoint: ("https://\(field.name.lowercased()).fake.example/path", "https://\(field.name.lowercased()).fake.example/path")
        case .file: ("keys/\(field.name).pem", URL(fileURLWithPath: "keys/\(field.name).pem").standardizedFileURL.path)
        default: ("value-of-\(field.name)", "value-of-\(field.name)")
        }
    }

    @Test(
        "each field: its flag writes its key in the file, channel show prints its row, and --help shows its help",
        arguments: ChannelField.all)
    func eachField(_ field: ChannelField) async throws {
        let t = TestContext()
        let (given, stored) = Self.sample(field, home: t.home.path(""))
        let written = await t.run(["channel", "init", "f", field.flag, given])
        #expect(written.status == 0, "\(field): \(written.allOutput)")
        let data = try Data(contentsOf: URL(fileURLWithPath: t.home.path("config/dots-sso/channels/f.json")))
        var node = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let parts = field.key.split(separator: ".").map(String.init)
        for group in parts.dropLast() { node = try #require(node[group] as? [String: Any], "\(field): no \(group) in \(node)") }
        #expect(node[parts.last!] as? String == stored, "\(field) is written at \(field.key): \(String(decoding: data, as: UTF8.self))")
        // Read back through the store (the key is one Channel decodes), then shown under its label.
        let shown = await t.run(["channel", "show", "f"])
        #expect(
            shown.stdout.split(separator: "\n").contains { $0.hasPrefix(field.label + " ") && $0.hasSuffix(field.shown(stored)) },
            "\(field): row \(field.label) in \(shown.stdout)")
        let help = await t.run(["channel", "init", "--help"])
        #expect(help.stdout.contains(field.flag) && help.stdout.contains(String(field.help.prefix(30))), "\(field) in channel init --help")
    }

    /// Every plain text option of `options` (a `String?` property), by its property name: read by reflection here, so
    /// the groups' own `fieldValues` lists are held to what they declare.
    static func textOptions(in options: some ParsableArguments) -> [String] {
        Mirror(reflecting: options).children.compactMap { child in
            guard let label = child.label, label.hasPrefix("_"), child.value is Option<String?> else { return nil }
            return String(label.dropFirst())
        }
    }

    @Test(
        "the command line's channel options are exactly the declared fields, plus the ones that are not stored, and each group lists its own"
    )
    func optionsMatchDeclarations() throws {
        let options = try ChannelFileOptions.parse([])
        let notStored: Set = ["channel", "clientSecretFile"]
        #expect(Self.textOptions(in: options).sorted() == options.fieldValues.map(\.field).sorted())
        #expect(
            Self.textOptions(in: options.channel).filter { !notStored.contains($0) }.sorted()
                == options.channel.fieldValues.map(\.field).sorted())
        let covered = Set((options.fieldValues + options.channel.fieldValues).compactMap { ChannelField.named($0.field) })
        let missing = ChannelField.all.filter { !covered.contains($0) }.map(\.flag)
        #expect(missing.isEmpty, "declared fields without an option named after them: \(missing)")
        // Every plain text option is a declared field, or one of the two that are never stored.
        let names = Self.textOptions(in: options) + Self.textOptions(in: options.channel)
        #expect(names.contains("issuer") && names.contains("privacyPolicy"), "the options are read: \(names)")
        let strays = names.filter { ChannelField.named($0) == nil && !notStored.contains($0) }
        #expect(strays.isEmpty, "text options that are no declared field (declare them in ChannelField): \(strays)")
    }

    @Test("every endpoint field is refused by channel init when it is plain http off loopback, naming its flag")
    func endpointsChecked() async {
        let t = TestContext()
        for field in ChannelField.all where field.kind == .endpoint {
            let refused = await t.run(["channel", "init", "g", field.flag, "http://insecure.fake.example/x"])
            #expect(refused.status == 64 && refused.stderr.contains(field.flag), "\(field): \(refused.allOutput)")
        }
    }
}
