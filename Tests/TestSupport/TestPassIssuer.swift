import DotsSSOBasics
import DotsSSOCore
import Foundation
import ZIPFoundation

/// Makes signed .pkpass files the way a partner's pass server does, with a throwaway hierarchy shaped like
/// Apple's: the test CA (standing in for Apple Root CA) → a "WWDR" intermediate → pass type certificates with
/// the UID, OU and pass type extension Apple puts in them. `openssl ca` sets the dates, so an expired signer is
/// a real expired certificate.
package final class TestPassIssuer: @unchecked Sendable {
    package static let passType = "pass.org.thedots.test"
    package static let team = "DOTSTEST01"

    package struct Signer: Sendable {
        package let certificate: String
        package let key: String

        package init(certificate: String, key: String) {
            self.certificate = certificate
            self.key = key
        }
    }

    package let pki: TestPKI
    package var intermediate: String { pki.directory.path("wwdr.pem") }
    /// Valid now, for `passType` and `team`.
    package private(set) var valid: Signer!
    /// Expired in 2021.
    package private(set) var expired: Signer!
    /// Valid, but for another pass type identifier.
    package private(set) var otherType: Signer!
    /// Signed by the unrelated CA's key pair: does not chain to the test CA.
    package private(set) var untrusted: Signer!
    /// Issued in 2023 by a "G3" intermediate: Apple requires G4 for certificates issued since 27 January 2022.
    package private(set) var g3Recent: Signer!
    /// Issued in 2020 by the "G3" intermediate: before the G4 rule.
    package private(set) var g3Early: Signer!
    package var g3Intermediate: String { pki.directory.path("wwdr-g3.pem") }

    package init(pki: TestPKI) throws {
        self.pki = pki
        let d = pki.directory
        try "basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n".write(
            toFile: d.path("wwdr.ext"), atomically: true, encoding: .utf8)
        try issue(
            name: "wwdr", subject: "/CN=Test Worldwide Developer Relations CA/OU=G4/O=dots-sso tests/C=GB", caName: "ca",
            extensions: d.path("wwdr.ext"), start: "20200101000000Z", end: Self.inTwoDays)
        valid = try passCertificate(name: "valid", passType: Self.passType, start: "20200101000000Z", end: Self.inTwoDays)
        expired = try passCertificate(name: "expired", passType: Self.passType, start: "20200101000000Z", end: "20210101000000Z")
        otherType = try passCertificate(
            name: "other-type", passType: "pass.org.example.other", start: "20200101000000Z", end: Self.inTwoDays)
        untrusted = try passCertificate(
            name: "untrusted", passType: Self.passType, start: "20200101000000Z", end: Self.inTwoDays, caName: "unrelated-ca")
        try issue(
            name: "wwdr-g3", subject: "/CN=Test Worldwide Developer Relations CA/OU=G3/O=dots-sso tests/C=GB", caName: "ca",
            extensions: d.path("wwdr.ext"), start: "20200101000000Z", end: Self.inTwoDays)
        g3Recent = try passCertificate(
            name: "g3-recent", passType: Self.passType, start: "20230101000000Z", end: Self.inTwoDays, caName: "wwdr-g3")
        g3Early = try passCertificate(
            name: "g3-early", passType: Self.passType, start: "20200101000000Z", end: Self.inTwoDays, caName: "wwdr-g3")
    }

    static var inTwoDays: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMddHHmmss'Z'"
        return formatter.string(from: Date().addingTimeInterval(2 * 86_400))
    }

    private func issue(name: String, subject: String, caName: String, extensions: String, start: String, end: String) throws {
        try pki.issue(name: name, subject: subject, caName: caName, extensions: extensions, start: start, end: end)
    }

    private func passCertificate(name: String, passType: String, start: String, end: String, caName: String = "wwdr") throws -> Signer {
        let d = pki.directory
        try "basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\n1.2.840.113635.100.6.1.16=ASN1:UTF8String:\(passType)\n"
            .write(toFile: d.path("\(name).ext"), atomically: true, encoding: .utf8)
        try issue(
            name: name, subject: "/UID=\(passType)/CN=Pass Type ID: \(passType)/OU=\(Self.team)/O=dots-sso tests/C=GB",
            caName: caName, extensions: d.path("\(name).ext"), start: start, end: end)
        return Signer(certificate: d.path("\(name).pem"), key: d.path("\(name).key"))
    }

    /// A PNG header (signature + IHDR) of the given size: enough for Wallet's size checks and ours.
    package static func png(width: Int, height: Int) -> Data {
        func big(_ value: Int) -> [UInt8] {
            [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        }
        return Data(
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + big(13) + Array("IHDR".utf8) + big(width) + big(height) + [8, 6, 0, 0, 0] + [
                0, 0, 0, 0,
            ])
    }

    /// A complete, valid pass.json for `passType`/`team` as a mutable dictionary.
    package static func passJSON(serial: String = "0001") -> [String: Any] {
        [
            "formatVersion": 1, "description": "The Dots guest pass", "organizationName": "The Dots", "passTypeIdentifier": passType,
            "serialNumber": serial, "teamIdentifier": team, "backgroundColor": "rgb(20, 20, 20)",
            "webServiceURL": "https://passes.example/v1", "authenticationToken": "abcdefghijklmnopqrstuvwx",
            "barcodes": [["format": "PKBarcodeFormatQR", "message": "member-0001", "messageEncoding": "iso-8859-1"]],
            "generic": ["primaryFields": [["key": "member", "label": "MEMBER", "value": "Ann Lee"]]],
        ]
    }

    /// The files of a valid pass (pass.json, icons, a localisation).
    package static func files(pass: [String: Any] = passJSON()) throws -> [String: Data] {
        [
            "pass.json": try JSONSerialization.data(withJSONObject: pass, options: .sortedKeys),
            "icon.png": png(width: 29, height: 29), "icon@2x.png": png(width: 58, height: 58), "logo.png": png(width: 160, height: 50),
            "de.lproj/pass.strings": Data("\"MEMBER\" = \"MITGLIED\";\n".utf8),
        ]
    }

    /// manifest.json for `files` (SHA-1 of each).
    package static func manifest(_ files: [String: Data]) throws -> Data {
        var hashes: [String: String] = [:]
        for (name, data) in files { hashes[name] = try DigestAlgorithm.sha1.hex(data) }
        return try JSONSerialization.data(withJSONObject: hashes, options: .sortedKeys)
    }

    /// A detached DER CMS signature over `manifest` by `signer`, bundling the intermediate.
    /// `signedAttributes: false` leaves out the signing time (and every other signed attribute), as `-noattr` does.
    package func sign(_ manifest: Data, signer: Signer, digest: String = "sha256", signedAttributes: Bool = true, bundling: String? = nil)
        throws -> Data
    {
        let directory = TemporaryDirectory("sign")
        let input = directory.path("manifest.json"), output = directory.path("signature")
        try manifest.write(to: URL(fileURLWithPath: input))
        try pki.openssl(
            [
                "cms", "-sign", "-binary", "-in", input, "-signer", signer.certificate, "-inkey", signer.key,
                "-certfile", bundling ?? intermediate, "-outform", "DER", "-out", output, "-md", digest,
            ] + (signedAttributes ? [] : ["-noattr"]))
        return try Data(contentsOf: URL(fileURLWithPath: output))
    }

    /// The archive entries of a pass: `files`, their manifest and (unless `signer` is nil) its signature. Tests
    /// change an entry afterwards to make a pass that was altered after signing.
    package func entries(_ files: [String: Data], signer: Signer?, digest: String = "sha256") throws -> [String: Data] {
        let manifest = try Self.manifest(files)
        var entries = files
        entries["manifest.json"] = manifest
        if let signer { entries["signature"] = try sign(manifest, signer: signer, digest: digest) }
        return entries
    }

    /// A signed .pkpass of `files`; `signer` nil leaves it unsigned.
    package func pass(_ files: [String: Data], signer: Signer? = nil) throws -> Data {
        try Self.zip(entries(files, signer: signer))
    }

    /// A zip of named entries, in name order.
    package static func zip(_ entries: [String: Data]) throws -> Data {
        try zip(entries.sorted { $0.key < $1.key })
    }

    /// A zip in memory with the entries in order (deflated unless `stored`).
    package static func zip(_ entries: [(String, Data)], stored: Bool = false) throws -> Data {
        let archive = try Archive(data: Data(), accessMode: .create)
        for (path, contents) in entries {
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(contents.count), compressionMethod: stored ? .none : .deflate
            ) { position, size in
                contents.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        guard let data = archive.data else { throw BackgroundProcess.StartError(description: "the zip could not be made") }
        return data
    }
}
