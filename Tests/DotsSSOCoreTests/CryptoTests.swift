import DotsSSOBasics
import DotsSSOCore
import Foundation
import Testing

@Suite("Crypto over OpenSSL")
struct CryptoTests {
    @Test("SHA-256 and SHA-1 match the FIPS 180 test vectors")
    func digests() throws {
        #expect(try DigestAlgorithm.sha256.hex(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(try DigestAlgorithm.sha1.hex(Data("abc".utf8)) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(try DigestAlgorithm.sha256.hex(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test("streaming digest equals the one-shot digest")
    func streaming() throws {
        let data = Data((0..<100_000).map { UInt8($0 % 251) })
        let hasher = try DigestStream(.sha256)
        try hasher.update(data.prefix(12_345))
        try hasher.update(data.dropFirst(12_345))
        #expect(try hasher.finish() == (try DigestAlgorithm.sha256.digest(data)))
    }

    @Test("PKCE S256 challenge of RFC 7636 appendix B")
    func pkceVector() throws {
        let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
        let challenge = Base64URL.encode(try DigestAlgorithm.sha256.digest(Data(verifier.utf8)))
        #expect(challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
    }

    @Test("base64url round-trips without padding and rejects standard base64")
    func base64url() throws {
        for length in 0..<40 {
            let bytes = try SecureRandom.bytes(length)
            let text = Base64URL.encode(bytes)
            #expect(!text.contains("=") && !text.contains("+") && !text.contains("/"))
            #expect(Array(try Base64URL.decode(text)) == bytes)
        }
        #expect(throws: CryptoError.self) { try Base64URL.decode("ab+/") }
        #expect(throws: CryptoError.self) { try Base64URL.decode("a") }
    }

    @Test("secure random values are the right size and do not repeat")
    func random() throws {
        let values = try (0..<200).map { _ in try SecureRandom.base64URLString(byteCount: 32) }
        #expect(Set(values).count == 200)
        #expect(values.allSatisfy { $0.count == 43 })
    }
}
