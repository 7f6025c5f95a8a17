import COpenSSL
import DotsSSOBasics
import FoundationEssentials

/// An NFC pass's `nfc` dictionary as Wallet reads it (Apple's PassKit documentation, "NFC"): a `message` the reader
/// receives of at most 64 bytes, and an `encryptionPublicKey` — the base64 DER SubjectPublicKeyInfo of a P-256 key —
/// that the terminal's payload is encrypted to. A key that does not parse makes the pass unreadable at the terminal.
enum PassNFC {
    static let maxMessageBytes = 64

    static func check(_ root: [String: JSONValue], add: (FindingCode, String, String) -> Void) {
        guard let value = root["nfc"] else { return }
        guard let nfc = value.objectValue else {
            return add(
                PassFindings.nfc, "$.nfc", "nfc must be an object with message and encryptionPublicKey")
        }
        switch nfc["message"] {
        case .string(let message)? where message.utf8.count > maxMessageBytes:
            add(
                PassFindings.nfcMessageLength, "$.nfc.message",
                "nfc.message is \(message.utf8.count) bytes; Wallet sends only the first \(maxMessageBytes), so the terminal receives a cut message"
            )
        case .string(let message)? where message.isEmpty:
            add(PassFindings.nfcMessage, "$.nfc.message", "nfc.message is empty")
        case .string?:
            break
        default:
            add(
                PassFindings.nfcMessage, "$.nfc.message",
                "nfc.message is required (a string of at most \(maxMessageBytes) bytes)")
        }
        if let flag = nfc["requiresAuthentication"], flag.boolValue == nil {
            add(PassFindings.type, "$.nfc.requiresAuthentication", "nfc.requiresAuthentication must be true or false")
        }
        guard let key = nfc["encryptionPublicKey"]?.stringValue else {
            return add(
                PassFindings.nfcKey, "$.nfc.encryptionPublicKey",
                "nfc.encryptionPublicKey is required (a base64 P-256 public key)")
        }
        if let problem = p256Problem(base64: key) {
            add(
                PassFindings.nfcKey, "$.nfc.encryptionPublicKey",
                "nfc.encryptionPublicKey \(problem); Wallet needs a P-256 public key (base64 DER SubjectPublicKeyInfo)")
        }
    }

    /// Why `base64` is not a P-256 public key, or nil when it is one.
    static func p256Problem(base64: String) -> String? {
        guard let der = Data(base64Encoded: base64, options: .ignoreUnknownCharacters), !der.isEmpty, der.count <= 4096 else {
            return "is not base64"
        }
        let key: OpaquePointer? = der.withUnsafeBytes { buffer in
            var pointer = buffer.bindMemory(to: UInt8.self).baseAddress
            return d2i_PUBKEY(nil, &pointer, buffer.count)
        }
        ERR_clear_error()
        guard let key else { return "is not a DER public key" }
        defer { EVP_PKEY_free(key) }
        guard EVP_PKEY_get_base_id(key) == EVP_PKEY_EC else { return "is not an elliptic-curve key" }
        var name = [CChar](repeating: 0, count: 64)
        var length = 0
        guard EVP_PKEY_get_group_name(key, &name, name.count, &length) == 1 else { return "names no curve" }
        let curve = String(decoding: name.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return ["prime256v1", "P-256", "secp256r1"].contains(curve) ? nil : "is on curve \(curve), not P-256"
    }
}
