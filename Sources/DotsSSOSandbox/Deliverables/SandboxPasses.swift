import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// The sandbox's passes: a pass-signing hierarchy shaped like Apple's (a root standing in for Apple Root CA, a
/// "WWDR" intermediate, a pass type certificate with the UID, OU and pass type extension Apple puts in it),
/// issued at start, and every member's `.pkpass` files signed with it then (so each download is the same file).
/// Only `--trust` with the root makes them verify.
final class SandboxPasses: Sendable {
    static let passType = "pass.org.thedots.sandbox"
    static let team = "SANDBOX001"

    let rootPEM: String
    /// Makes the pass URLs of a member unguessable without their token (the app fetches them without one).
    private let urlSecret: String
    /// Folder → the member's passes, primary first.
    private let files: [String: [Data]]

    init(users: [SandboxUser]) throws {
        let year: TimeInterval = 365 * 86_400
        let root = try IssuedCertificate(
            subject: [("CN", "dots-sso Sandbox Root CA"), ("O", "dots-sso sandbox"), ("C", "GB")],
            extensions: [
                ("basicConstraints", "critical,CA:TRUE"), ("keyUsage", "critical,keyCertSign,cRLSign"), ("subjectKeyIdentifier", "hash"),
            ],
            issuer: nil, serial: 1, lifetime: 10 * year)
        let intermediate = try IssuedCertificate(
            subject: [("CN", "Sandbox Worldwide Developer Relations CA"), ("OU", "G4"), ("O", "dots-sso sandbox"), ("C", "GB")],
            extensions: [
                ("basicConstraints", "critical,CA:TRUE,pathlen:0"), ("keyUsage", "critical,keyCertSign,cRLSign"),
                ("subjectKeyIdentifier", "hash"), ("authorityKeyIdentifier", "keyid:always"),
            ],
            issuer: root, serial: 2, lifetime: 5 * year)
        let signer = try IssuedCertificate(
            subject: [
                ("UID", Self.passType), ("CN", "Pass Type ID: \(Self.passType)"), ("OU", Self.team), ("O", "dots-sso sandbox"), ("C", "GB"),
            ],
            extensions: [
                ("basicConstraints", "CA:FALSE"), ("keyUsage", "critical,digitalSignature"), ("extendedKeyUsage", "codeSigning"),
                ("subjectKeyIdentifier", "hash"), ("authorityKeyIdentifier", "keyid:always"),
                ("1.2.840.113635.100.6.1.16", "ASN1:UTF8String:\(Self.passType)"),
            ],
            issuer: intermediate, serial: 3, lifetime: year)
        rootPEM = root.pem
        urlSecret = try SecureRandom.base64URLString(byteCount: 16)
        var files: [String: [Data]] = [:]
        for member in users where member.passes > 0 {
            files[try Self.folder(for: member, secret: urlSecret)] = try (1...member.passes).map {
                try Self.pass(for: member, number: $0, signer: signer, intermediate: intermediate)
            }
        }
        self.files = files
    }

    /// The `.pkpass` at `/passes/FOLDER/NUMBER.pkpass`, if there is one.
    func pass(folder: String, number: Int) -> Data? {
        guard let passes = files[folder], (1...passes.count).contains(number) else { return nil }
        return passes[number - 1]
    }

    /// The path segment under `/passes/` for a member.
    static func folder(for member: SandboxUser, secret: String) throws -> String {
        String(try DigestAlgorithm.sha256.hex(Data((secret + "\u{0}" + member.subject).utf8)).prefix(24))
    }

    /// The member's pass URLs, primary first.
    func urls(for member: SandboxUser, issuer: String) throws -> [String] {
        let folder = try Self.folder(for: member, secret: urlSecret)
        return (0..<member.passes).map { "\(issuer)/passes/\(folder)/\($0 + 1).pkpass" }
    }

    /// The signed `.pkpass` for pass `number` (1-based) of `member`.
    static func pass(for member: SandboxUser, number: Int, signer: IssuedCertificate, intermediate: IssuedCertificate) throws -> Data {
        var files: [String: Data] = [
            "pass.json": try passJSON(member: member, number: number),
            "icon.png": PNGImage.dot(size: 29, color: (230, 60, 80, 255)),
            "icon@2x.png": PNGImage.dot(size: 58, color: (230, 60, 80, 255)),
            "icon@3x.png": PNGImage.dot(size: 87, color: (230, 60, 80, 255)),
            "logo.png": PNGImage.dot(size: 50, color: (255, 255, 255, 255)),
            "logo@2x.png": PNGImage.dot(size: 100, color: (255, 255, 255, 255)),
            "de.lproj/pass.strings": Data("\"MEMBER\" = \"MITGLIED\";\n\"PASS\" = \"AUSWEIS\";\n".utf8),
        ]
        var hashes: [String: JSONValue] = [:]
        for (name, data) in files { hashes[name] = .string(try DigestAlgorithm.sha1.hex(data)) }
        let manifest = try encoder().encode(JSONValue.object(hashes))
        files["manifest.json"] = manifest
        files["signature"] = try signer.detachedSignature(manifest, chain: [intermediate])
        return try Self.zip(files)
    }

    static func passJSON(member: SandboxUser, number: Int) throws -> Data {
        let profile = member.profile.objectValue ?? [:]
        let name = [profile["firstName"]?.stringValue, profile["lastName"]?.stringValue].compactMap { $0 }.joined(separator: " ")
        let serial = "\(member.username)-\(number)"
        let pass: JSONValue = .object([
            "formatVersion": .number(1), "passTypeIdentifier": .string(Self.passType), "teamIdentifier": .string(Self.team),
            "serialNumber": .string(serial), "organizationName": .string("Sandbox Partner"),
            "description": .string(number == 1 ? "Sandbox Partner member pass" : "Sandbox Partner guest pass \(number)"),
            "logoText": .string("Sandbox Partner"),
            "foregroundColor": .string("rgb(255, 255, 255)"), "backgroundColor": .string("rgb(35, 31, 60)"),
            "labelColor": .string("rgb(230, 60, 80)"),
            "barcodes": .array([
                .object([
                    "format": .string("PKBarcodeFormatQR"), "message": .string("sandbox:\(serial)"),
                    "messageEncoding": .string("iso-8859-1"), "altText": .string(serial),
                ])
            ]),
            "generic": .object([
                "primaryFields": .array([
                    .object(["key": .string("member"), "label": .string("MEMBER"), "value": .string(name.isEmpty ? member.username : name)])
                ]),
                "secondaryFields": .array([
                    .object([
                        "key": .string("pass"), "label": .string("PASS"), "value": .string(number == 1 ? "Primary" : "Guest \(number)"),
                    ])
                ]),
            ]),
        ])
        return try encoder().encode(pass)
    }

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// A deflated zip of the entries in name order.
    static func zip(_ entries: [String: Data]) throws -> Data {
        var writer = ZipWriter()
        do {
            for (path, contents) in entries.sorted(by: { $0.key < $1.key }) { try writer.add(path, contents) }
            return try writer.archive()
        } catch let error as ZipWriterError {
            throw CryptoError.openSSL(operation: "zip", detail: error.reason)
        }
    }
}
