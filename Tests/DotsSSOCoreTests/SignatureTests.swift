import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

/// JWS signature verification over OpenSSL, against keys and signatures made by the openssl CLI.
@Suite("JWS signatures")
struct SignatureTests {
    /// Signs `message` with a fresh key from the openssl CLI and returns the JWK-style public numbers and signature.
    func opensslRSA(_ message: Data) async throws -> (n: Data, e: Data, signature: Data) {
        let directory = TemporaryDirectory()
        let key = directory.path("rsa.pem"), input = directory.path("msg"), output = directory.path("sig")
        try message.write(to: URL(fileURLWithPath: input))
        _ = try await ProcessRunner.run(
            "/usr/bin/openssl", ["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", key])
        _ = try await ProcessRunner.run("/usr/bin/openssl", ["dgst", "-sha256", "-sign", key, "-out", output, input])
        let modulus = try await ProcessRunner.run("/usr/bin/openssl", ["rsa", "-in", key, "-noout", "-modulus"]).stdout
        let hex = modulus.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "Modulus=", with: "")
        var bytes = [UInt8]()
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return (Data(bytes), Data([1, 0, 1]), try Data(contentsOf: URL(fileURLWithPath: output)))
    }

    @Test("RS256 signatures made by openssl verify; a changed message or signature does not")
    func rs256() async throws {
        let message = Data("header.payload".utf8)
        let (n, e, signature) = try await opensslRSA(message)
        let key = try PublicKey.rsa(modulus: n, exponent: e)
        #expect(key.verify(signature: signature, message: message, algorithm: .rs256))
        #expect(!key.verify(signature: signature, message: Data("header.payloaX".utf8), algorithm: .rs256))
        var tampered = signature
        tampered[10] ^= 1
        #expect(!key.verify(signature: tampered, message: message, algorithm: .rs256))
        #expect(!key.verify(signature: signature, message: message, algorithm: .es256))
    }

    @Test("ES256 round trip: raw r‖s signatures from the signing key verify, tampering fails")
    func es256() throws {
        let key = try SigningKey()
        let message = Data("eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJhIn0".utf8)
        let signature = try key.sign(message)
        #expect(signature.count == 64)
        let publicKey = try key.publicKey()
        #expect(publicKey.verify(signature: signature, message: message, algorithm: .es256))
        var tampered = signature
        tampered[63] ^= 1
        #expect(!publicKey.verify(signature: tampered, message: message, algorithm: .es256))
        let other = try SigningKey().publicKey()
        #expect(!other.verify(signature: signature, message: message, algorithm: .es256))
    }
}
