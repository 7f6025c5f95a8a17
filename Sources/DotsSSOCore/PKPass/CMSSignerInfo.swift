import COpenSSL
import DotsSSOBasics
import FoundationEssentials

/// The object identifiers a pass signature's plain shape uses, as DER contents.
enum CMSObjects {
    static let signedData: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]
    static let data: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01]
    static let sha1: [UInt8] = [0x2B, 0x0E, 0x03, 0x02, 0x1A]
    static let sha256: [UInt8] = [0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01]
    static let rsaEncryption: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01]
    static let sha1WithRSA: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x05]
    static let sha256WithRSA: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x0B]
    static let ecdsaWithSHA1: [UInt8] = [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x01]
    static let ecdsaWithSHA256: [UInt8] = [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x03, 0x02]
    static let contentType: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x09, 0x03]
    static let messageDigest: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x09, 0x04]
    static let signingTime: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x09, 0x05]
    static let smimeCapabilities: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x09, 0x0F]
}

/// The one signer of a detached pass signature in the plain shape `openssl cms/smime -sign` and signpass write:
/// identified by issuer and serial number, SHA-1 or SHA-256, RSA or ECDSA, signed attributes that are the content
/// type (data), the message digest, and at most a signing time and S/MIME capabilities, one value each, no unsigned
/// attributes. Read here so a batch of passes can be verified against pooled certificates without OpenSSL's CMS
/// parse; any other shape reads as nil and OpenSSL's CMS_verify decides, as for every signature that does not verify
/// here (so its wording of a failure is the one reported).
struct CMSSignerInfo {
    enum KeyKind { case rsa, ecdsa }

    let issuer: ArraySlice<UInt8>
    let serial: ArraySlice<UInt8>
    let digest: DigestAlgorithm
    let keyKind: KeyKind
    /// The signed attributes as the signature covers them: re-tagged from [0] IMPLICIT to SET OF (RFC 5652 §5.4).
    let signedAttributes: [UInt8]
    let messageDigest: ArraySlice<UInt8>
    /// The signingTime value (UTCTime or GeneralizedTime) as DER.
    let signingTime: ArraySlice<UInt8>?
    let signature: ArraySlice<UInt8>

    /// The signer of `der`, whose SignedData elements `parts` are (`CMSCertificateSplit.Split.signedData`).
    init?(_ der: [UInt8], signedData parts: [DER.Element]) {
        guard parts.count >= 4,
            parts[0].tag == 0x02, parts[1].tag == 0x31, parts[2].tag == 0x30,
            let encapsulated = DER.children(der, of: parts[2]), encapsulated.count == 1, encapsulated[0].tag == 0x06,
            encapsulated[0].contents(of: der).elementsEqual(CMSObjects.data),
            parts.dropFirst(3).dropLast().allSatisfy({ $0.tag == 0xA0 || $0.tag == 0xA1 }),
            let signers = parts.last, signers.tag == 0x31,
            let infos = DER.children(der, of: signers), infos.count == 1, infos[0].tag == 0x30,
            let fields = DER.children(der, of: infos[0]), fields.count == 6,
            fields[0].tag == 0x02, fields[1].tag == 0x30, fields[2].tag == 0x30, fields[3].tag == 0xA0,
            fields[4].tag == 0x30, fields[5].tag == 0x04,
            let sid = DER.children(der, of: fields[1]), sid.count == 2, sid[0].tag == 0x30, sid[1].tag == 0x02,
            let digest = Self.digest(der, fields[2]),
            let keyKind = Self.keyKind(der, fields[4], digest: digest)
        else { return nil }
        guard let attributes = DER.children(der, of: fields[3]) else { return nil }
        var seen: [[UInt8]] = []
        var messageDigest: ArraySlice<UInt8>?, signingTime: ArraySlice<UInt8>?, contentTypeIsData = false
        for attribute in attributes {
            guard attribute.tag == 0x30, let pair = DER.children(der, of: attribute), pair.count == 2, pair[0].tag == 0x06,
                pair[1].tag == 0x31, let values = DER.children(der, of: pair[1]), values.count == 1
            else { return nil }
            let type = Array(pair[0].contents(of: der)), value = values[0]
            guard !seen.contains(type) else { return nil }
            seen.append(type)
            switch type {
            case CMSObjects.contentType:
                guard value.tag == 0x06 else { return nil }
                contentTypeIsData = value.contents(of: der).elementsEqual(CMSObjects.data)
            case CMSObjects.messageDigest:
                guard value.tag == 0x04 else { return nil }
                messageDigest = value.contents(of: der)
            case CMSObjects.signingTime:
                guard value.tag == 0x17 || value.tag == 0x18 else { return nil }
                signingTime = value.bytes(of: der)
            case CMSObjects.smimeCapabilities:
                guard value.tag == 0x30 else { return nil }
            default:
                return nil
            }
        }
        guard contentTypeIsData, let messageDigest else { return nil }
        issuer = sid[0].bytes(of: der)
        serial = sid[1].bytes(of: der)
        self.digest = digest
        self.keyKind = keyKind
        self.messageDigest = messageDigest
        self.signingTime = signingTime
        signedAttributes = [0x31] + der[(fields[3].start + 1)..<fields[3].end]
        signature = fields[5].contents(of: der)
    }

    /// SHA-1 or SHA-256, with absent or NULL parameters.
    private static func digest(_ der: [UInt8], _ identifier: DER.Element) -> DigestAlgorithm? {
        guard let parts = DER.children(der, of: identifier), parts.first?.tag == 0x06, Self.nullParameters(der, parts) else {
            return nil
        }
        switch Array(parts[0].contents(of: der)) {
        case CMSObjects.sha1: return .sha1
        case CMSObjects.sha256: return .sha256
        default: return nil
        }
    }

    /// RSA (PKCS #1 v1.5) or ECDSA, the hash a combined identifier names agreeing with the digest algorithm.
    private static func keyKind(_ der: [UInt8], _ identifier: DER.Element, digest: DigestAlgorithm) -> KeyKind? {
        guard let parts = DER.children(der, of: identifier), parts.first?.tag == 0x06 else { return nil }
        let oid = Array(parts[0].contents(of: der))
        switch oid {
        case CMSObjects.rsaEncryption, CMSObjects.sha1WithRSA, CMSObjects.sha256WithRSA:
            guard Self.nullParameters(der, parts) else { return nil }
            if oid == CMSObjects.sha1WithRSA, digest != .sha1 { return nil }
            if oid == CMSObjects.sha256WithRSA, digest != .sha256 { return nil }
            return .rsa
        case CMSObjects.ecdsaWithSHA1, CMSObjects.ecdsaWithSHA256:
            guard parts.count == 1 else { return nil }
            return (oid == CMSObjects.ecdsaWithSHA1) == (digest == .sha1) ? .ecdsa : nil
        default:
            return nil
        }
    }

    private static func nullParameters(_ der: [UInt8], _ parts: [DER.Element]) -> Bool {
        parts.count == 1 || (parts.count == 2 && parts[1].tag == 0x05 && parts[1].contents == parts[1].end)
    }

    /// Whether `certificate` is the one this signer names (issuer and serial number, byte for byte).
    func names(_ certificate: PooledCertificate) -> Bool {
        certificate.issuer.map { $0.elementsEqual(issuer) } == true && certificate.serial.map { $0.elementsEqual(serial) } == true
    }

    /// The manifest's digest matches the signed message digest, and the signature over the signed attributes
    /// verifies with `signer`'s public key. false never means "invalid" on its own: the caller asks OpenSSL then.
    func verifies(_ manifest: Data, signer: PooledCertificate) -> Bool {
        guard let computed = try? digest.digest(manifest), computed.elementsEqual(messageDigest),
            let key = X509_get0_pubkey(signer.x509)
        else { return false }
        switch (keyKind, EVP_PKEY_get_base_id(key)) {
        case (.rsa, EVP_PKEY_RSA), (.ecdsa, EVP_PKEY_EC): break
        default: return false
        }
        defer { ERR_clear_error() }
        // On a copy of the certificate's own context (the signature over the attributes' digest, as EVP_DigestVerify
        // checks it). A certificate OpenSSL made none for is left to the caller's CMS_verify, as any false is.
        guard let made = signer.verifier(for: digest), let attributesDigest = try? digest.digest(signedAttributes),
            let context = EVP_PKEY_CTX_dup(made)
        else { return false }
        defer { EVP_PKEY_CTX_free(context) }
        return signature.withUnsafeBufferPointer { signature in
            attributesDigest.withUnsafeBufferPointer { hash in
                EVP_PKEY_verify(context, signature.baseAddress, signature.count, hash.baseAddress, hash.count) == 1
            }
        }
    }

    /// The signing time in seconds since 1970, read by OpenSSL as the CMS path reads it.
    var signingSeconds: Int64? {
        guard let signingTime else { return nil }
        var seconds: Int64 = 0
        let ok = signingTime.withUnsafeBufferPointer { dots_der_time_seconds($0.baseAddress, $0.count, &seconds) }
        return ok == 1 ? seconds : nil
    }
}
