import COpenSSL
import DotsSSOBasics
import FoundationEssentials

/// What the detached CMS signature over `manifest.json` says.
package struct PassSignatureReport: Codable, Sendable, Equatable {
    package var signer: CertificateInfo?
    package var bundled: [CertificateInfo]
    package var digest: String?
    package var signingTime: Date?
}

/// Verifies a pass signature: the signature over manifest.json, the chain to the trust anchors (Apple Root CA unless
/// `--trust` replaces it) at signing time and now, and the signer certificate against the pass's identifiers. With a
/// `CertificatePool` (a batch), a signature in the plain shape `CMSSignerInfo` reads is verified against the pooled
/// signer directly; every other signature, and every one that does not verify that way, goes through OpenSSL's CMS
/// API (which also handles signers identified by subject key identifier), so a failure is always OpenSSL's verdict.
package enum PassSignature {
    /// Apple Root CA, the default anchor.
    package static func appleRoot() throws -> TrustAnchors {
        try TrustAnchors(pem: [(Data(AppleRootCA.pem.utf8), "Apple Root CA (built in)")], option: "the built-in anchor")
    }

    static let passTypeExtensionOID = "1.2.840.113635.100.6.1.16"

    package static func check(
        signature: Data?, manifest: Data?, passTypeIdentifier: String?, teamIdentifier: String?,
        anchors: TrustAnchors, file: String, now: Date, chainCache: ChainCache? = nil,
        pool: CertificatePool? = nil
    ) -> (PassSignatureReport, [Finding]) {
        var report = PassSignatureReport(bundled: [])
        var findings: [Finding] = []
        func add(_ code: FindingCode, _ message: String) {
            findings.append(Finding(code, at: FindingLocation(file: file, path: "signature"), message))
        }
        guard let signature, !signature.isEmpty else {
            add(
                PassFindings.signatureMissing,
                "the pass has no signature file; Wallet only accepts signed passes")
            return (report, findings)
        }
        guard let manifest else { return (report, findings) }
        let bytes = [UInt8](signature)
        // With a pool, the bundled certificates are parsed once per run rather than once per pass, and a signature in
        // the plain shape is verified against them directly; OpenSSL's CMS parse and CMS_verify decide the rest.
        let split = pool == nil ? nil : CMSCertificateSplit.split(bytes)
        let pooled = split.flatMap { pool?.stack($0.certificates) }
        let reading: SignerReading
        if let split, let pooled, let plain = Self.pooledReading(bytes, split: split, certificates: pooled, manifest: manifest) {
            reading = plain
        } else if let parsed = Self.openSSLReading(pooled == nil ? bytes : split!.stripped, pooled: pooled, manifest: manifest) {
            reading = parsed
        } else {
            add(
                PassFindings.signatureUnparseable,
                "the signature is not a DER-encoded PKCS#7/CMS structure")
            return (report, findings)
        }
        // The signer and chain certificates below are borrowed from this stack: it lives to the end of the check.
        let bundledStack = reading.stack
        defer { withExtendedLifetime(bundledStack) {} }
        let bundled = bundledStack?.raw
        report.bundled = reading.bundled
        if let nid = reading.digestNID {
            report.digest = nid == NID_sha1 ? "SHA-1" : nid == NID_sha256 ? "SHA-256" : String(cString: OBJ_nid2sn(nid))
            if let seconds = reading.signingSeconds {
                report.signingTime = Date(timeIntervalSince1970: TimeInterval(seconds))
            } else {
                // Wallet dates the signature by this attribute (Apple: "Building a Pass", signing): without it there is
                // nothing to judge the certificates' validity at signing time against.
                add(
                    PassFindings.signatureNoSigningTime,
                    "the signature has no signing-time attribute; Wallet needs it (sign with openssl smime/cms without -noattr, or signpass)"
                )
            }
            if nid == NID_sha1 {
                add(
                    PassFindings.signatureSHA1,
                    "the signature uses a SHA-1 digest (older passes do; new ones use SHA-256)")
            }
        }
        guard let signer = reading.signer else {
            add(
                PassFindings.signatureNoSignerCertificate,
                "the signature does not include the signer's certificate")
            return (report, findings)
        }
        report.signer = reading.pooledSigner?.info ?? describe(signer)

        // 1. The signature over manifest.json, without judging the chain yet.
        if !reading.verified {
            add(
                PassFindings.signatureInvalid,
                "the signature does not verify over manifest.json: the manifest changed after signing, or the signature belongs to another pass"
            )
        }

        // 2. The chain's shape (does it reach a trusted root?), then the dates of every certificate in it, at
        //    signing time (when the signature says) and now — judged apart, so each problem is named once.
        let verify = { verifyChain(signer, bundled: bundled, anchors: anchors) }
        let chain =
            if let chainCache, let pooledSigner = reading.pooledSigner, let pooled {
                chainCache.verdict(pooled: pooledSigner, bundled: pooled.certificates, verify: verify)
            } else {
                chainCache?.verdict(signer, bundled: bundled, verify: verify) ?? verify()
            }
        if let problem = chain.problem {
            add(PassFindings.certificateChain, problem)
        }
        for (code, message) in Self.dateFindings(
            chain.verified.isEmpty ? [report.signer!] : Array(chain.verified.dropLast()), report: report, now: now)
            + Self.generationFindings(report)
        {
            add(code, message)
        }
        // 3. The signer against the pass.
        for (code, message) in Self.signerFindings(
            report,
            // A pooled signer's was read with it, present or not; only a signer outside the pool is read here.
            passTypeExtension: reading.pooledSigner.map(\.passTypeExtension) ?? extensionText(signer, oid: passTypeExtensionOID),
            passTypeIdentifier: passTypeIdentifier, teamIdentifier: teamIdentifier)
        {
            add(code, message)
        }
        return (report, findings)
    }

    /// What the signature says about its signer, however it was read.
    struct SignerReading {
        /// The bundled certificates (the signer among them), owning the references the pointers below borrow.
        var stack: X509Stack?
        var signer: OpaquePointer?
        /// The signer as pooled, when the certificates came from the pool.
        var pooledSigner: PooledCertificate?
        /// The other bundled certificates, in order.
        var bundled: [CertificateInfo] = []
        /// nil without a signer info.
        var digestNID: Int32?
        var signingSeconds: Int64?
        var verified = false
    }

    /// A plain-shaped signature (`CMSSignerInfo`) that verifies against its pooled signer; nil for anything else.
    static func pooledReading(
        _ der: [UInt8], split: CMSCertificateSplit.Split, certificates pooled: PooledStack, manifest: Data
    ) -> SignerReading? {
        guard let info = CMSSignerInfo(der, signedData: split.signedData) else { return nil }
        let matches = pooled.certificates.filter(info.names)
        // One certificate by that issuer and serial, and no other with the serial (OpenSSL compares names in their
        // canonical form, which could pair it with another): otherwise OpenSSL picks the signer.
        guard matches.count == 1, let signer = matches.first,
            pooled.certificates.filter({ $0.serial.map { $0.elementsEqual(info.serial) } ?? true }).count == 1,
            info.verifies(manifest, signer: signer)
        else { return nil }
        return SignerReading(
            stack: pooled.stack, signer: signer.x509, pooledSigner: signer,
            bundled: pooled.certificates.filter { $0 !== signer }.map(\.info),
            digestNID: info.digest == .sha1 ? NID_sha1 : NID_sha256, signingSeconds: info.signingSeconds, verified: true)
    }

    /// OpenSSL's CMS parse of `der` (without its certificates when `pooled` holds them) and CMS_verify over the
    /// manifest; nil when it does not parse.
    static func openSSLReading(_ der: [UInt8], pooled: PooledStack?, manifest: Data) -> SignerReading? {
        let cms: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var pointer = buffer.baseAddress
            return d2i_CMS_ContentInfo(nil, &pointer, buffer.count)
        }
        guard let cms else {
            ERR_clear_error()
            return nil
        }
        defer { CMS_ContentInfo_free(cms) }
        var reading = SignerReading(stack: pooled?.stack ?? X509Stack(owning: CMS_get1_certs(cms)))
        let stack = reading.stack
        if let infos = CMS_get0_SignerInfos(cms), dots_sk_CMS_SignerInfo_num(infos) > 0, let info = dots_sk_CMS_SignerInfo_value(infos, 0) {
            for index in 0..<(stack?.count ?? 0) {
                let certificate = stack?[index]
                if CMS_SignerInfo_cert_cmp(info, certificate) == 0 {
                    reading.signer = certificate
                    reading.pooledSigner = pooled?.certificates[index]
                } else if let certificate {
                    reading.bundled.append(pooled?.certificates[index].info ?? describe(certificate))
                }
            }
            reading.digestNID = dots_cms_signer_digest_nid(info)
            var seconds: Int64 = 0
            if dots_cms_signing_time(info, &seconds) == 1 { reading.signingSeconds = seconds }
        }
        guard reading.signer != nil else { return reading }
        reading.verified = manifest.withUnsafeBytes { buffer -> Bool in
            // The manifest goes in through a buffer BIO, not a bare memory BIO: for a memory BIO, OpenSSL 3's CMS_verify
            // makes a private read-only copy and leaks it when a hostile signature fails CMS_dataInit (found by
            // Scripts/fuzz; Tests/FuzzRegressions/cms-signature).
            guard let memory = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return false }
            guard let buffered = BIO_new(BIO_f_buffer()) else {
                BIO_free(memory)
                return false
            }
            let content = BIO_push(buffered, memory)
            defer { BIO_free_all(content) }
            return CMS_verify(cms, stack?.raw, nil, content, nil, UInt32(CMS_BINARY | CMS_NO_SIGNER_CERT_VERIFY)) == 1
        }
        ERR_clear_error()
        return reading
    }

    /// The dates of every certificate in the chain (signer first, the root left out), at signing time when the
    /// signature says it and now: each problem named once.
    static func dateFindings(_ certificates: [CertificateInfo], report: PassSignatureReport, now: Date) -> [(FindingCode, String)] {
        var findings: [(FindingCode, String)] = []
        func add(_ code: FindingCode, _ message: String) { findings.append((code, message)) }
        for (index, certificate) in certificates.enumerated() {
            // Named only for a finding: most certificates have none, and a batch checks two a pass.
            func name() -> String { "\(index == 0 ? "signing certificate" : "intermediate") \"\(certificate.displayName)\"" }
            if let signed = report.signingTime, signed < certificate.notBefore || signed > certificate.notAfter {
                add(
                    signed < certificate.notBefore ? PassFindings.certificateNotYetValid : PassFindings.certificateExpired,
                    "the \(name()) was not valid when the pass was signed on \(ISOTimestamp.day(signed)) (valid \(ISOTimestamp.day(certificate.notBefore)) to \(ISOTimestamp.day(certificate.notAfter)))"
                )
            } else if certificate.notAfter < now {
                add(
                    PassFindings.certificateExpired,
                    "the \(name()) expired on \(ISOTimestamp.day(certificate.notAfter)); Wallet refuses new passes signed with it: re-sign with a current certificate"
                )
            } else if certificate.notBefore > now {
                add(
                    PassFindings.certificateNotYetValid,
                    "the \(name()) is not valid until \(ISOTimestamp.day(certificate.notBefore))")
            }
        }
        return findings
    }

    /// The WWDR intermediate's generation: the first one expired in 2023, and a certificate issued since 27 January
    /// 2022 needs G4.
    static func generationFindings(_ report: PassSignatureReport) -> [(FindingCode, String)] {
        var findings: [(FindingCode, String)] = []
        func add(_ code: FindingCode, _ message: String) { findings.append((code, message)) }
        // Before G3/G4 (which carry their generation in OU), the WWDR intermediates expired in 2016 and 2023.
        let g1Expiry = Date(timeIntervalSince1970: 1_675_814_400)  // 2023-02-08
        if let old = report.bundled.first(where: {
            ($0.commonName ?? "").contains("Worldwide Developer Relations") && $0.notAfter < g1Expiry
                && !($0.organizationalUnit ?? "").hasPrefix("G")
        }) {
            add(
                PassFindings.certificateWWDRG1,
                "the signature bundles a first-generation WWDR intermediate that expired on \(ISOTimestamp.day(old.notAfter)); sign with the current WWDR intermediate (G4)"
            )
        }

        // Apple ("Wallet Developer Guide", WWDR intermediate certificates): pass type certificates issued since 27 January
        // 2022 chain through the G4 intermediate; an older generation bundled with one is refused by Wallet.
        let g4Since = Date(timeIntervalSince1970: 1_643_241_600)  // 2022-01-27
        if let signer = report.signer, signer.notBefore >= g4Since,
            let wwdr = report.bundled.first(where: { ($0.commonName ?? "").contains("Worldwide Developer Relations") }),
            wwdr.organizationalUnit != "G4"
        {
            add(
                PassFindings.certificateWWDRGeneration,
                "the signing certificate was issued on \(ISOTimestamp.day(signer.notBefore)), after 27 January 2022, so Wallet needs the WWDR G4 "
                    + "intermediate, but the signature bundles \"\(wwdr.displayName)\"\(wwdr.organizationalUnit == nil ? " (no generation)" : ""): bundle G4"
            )
        }
        return findings
    }

    /// The signer against the pass: its UID, team and pass type extension against pass.json.
    static func signerFindings(
        _ report: PassSignatureReport, passTypeExtension: String?, passTypeIdentifier: String?, teamIdentifier: String?
    ) -> [(FindingCode, String)] {
        var findings: [(FindingCode, String)] = []
        func add(_ code: FindingCode, _ message: String) { findings.append((code, message)) }
        if let passType = passTypeIdentifier, let uid = report.signer?.userID, uid != passType {
            add(
                PassFindings.certificatePassTypeMismatch,
                "the signing certificate is for \(uid) but pass.json says passTypeIdentifier \(passType)")
        }
        if let team = teamIdentifier, let unit = report.signer?.organizationalUnit, unit != team {
            add(
                PassFindings.certificateTeamMismatch,
                "the signing certificate belongs to team \(unit) but pass.json says teamIdentifier \(team)")
        }
        if let passType = passTypeIdentifier, let value = passTypeExtension, value != passType {
            add(
                PassFindings.certificateExtensionMismatch,
                "the certificate's pass type extension (\(passTypeExtensionOID)) holds \"\(value)\", not the passTypeIdentifier \(passType)"
            )
        }
        return findings
    }

    /// Builds the chain from the signer through the bundled certificates to an anchor, ignoring dates.
    /// `verified` runs signer → root when it succeeds; `problem` says why it does not.
    static func verifyChain(_ leaf: OpaquePointer, bundled: OpaquePointer?, anchors: TrustAnchors) -> (
        verified: [CertificateInfo], problem: String?
    ) {
        guard let store = anchors.makeStore(), let context = X509_STORE_CTX_new() else {
            return ([], "cannot set up certificate verification")
        }
        // The context borrows the store: keep the store alive until the context is freed.
        defer {
            X509_STORE_CTX_free(context)
            withExtendedLifetime(store) {}
        }
        guard X509_STORE_CTX_init(context, store.raw, leaf, bundled) == 1 else {
            return ([], "cannot set up certificate verification")
        }
        X509_VERIFY_PARAM_set_flags(X509_STORE_CTX_get0_param(context), UInt(X509_V_FLAG_NO_CHECK_TIME))
        if X509_verify_cert(context) == 1, let chain = X509_STORE_CTX_get1_chain(context) {
            defer { dots_sk_X509_pop_free(chain) }
            return ((0..<dots_sk_X509_num(chain)).compactMap { dots_sk_X509_value(chain, $0) }.map(describe), nil)
        }
        let code = X509_STORE_CTX_get_error(context)
        ERR_clear_error()
        let depth = X509_STORE_CTX_get_error_depth(context)
        let current = X509_STORE_CTX_get_current_cert(context).map(describe)
        var bundledInfo: [CertificateInfo] = []
        if let bundled {
            bundledInfo = (0..<dots_sk_X509_num(bundled)).compactMap { dots_sk_X509_value(bundled, $0) }.map(describe)
        }
        return (
            [], chainProblem(code: code, depth: depth, at: current, bundled: bundledInfo, signer: describe(leaf), trusted: anchors.names)
        )
    }

    /// Says what is missing when the chain does not reach a trusted root: which certificate could not be chained to
    /// which root, what the signature bundles, and what adds a root — naming each certificate once, one way.
    static func chainProblem(
        code: Int32, depth: Int32, at current: CertificateInfo?, bundled: [CertificateInfo], signer: CertificateInfo,
        trusted: [String]
    ) -> String {
        func quoted(_ name: String) -> String { "\"\(name)\"" }
        let others = bundled.filter { $0 != signer }
        let bundle =
            others.isEmpty
            ? "the signature bundles no intermediate"
            : "the signature bundles "
                + others.map { "\(quoted($0.displayName)) (expires \(ISOTimestamp.day($0.notAfter)))" }.joined(separator: ", ")
        let roots = trusted.isEmpty ? "no root" : trusted.map(quoted).joined(separator: ", ")
        let addRoot =
            "trusted: \(roots); a test or sandbox hierarchy's root is added with \(CLIFlag.trust) ROOT.pem or the channel's passes.trust"
        let certificate = current ?? signer
        switch code {
        case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY, X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT, X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE:
            if depth == 0 {
                return "the chain does not reach a trusted root: the signer \(quoted(signer.displayName)) was issued by "
                    + "\(quoted(signer.issuerDisplayName)), which is neither bundled nor trusted (\(bundle)); bundle the intermediate that "
                    + "issued it (Apple's WWDR G4 for real passes), or \(addRoot)"
            }
            return "the chain does not reach a trusted root: it ends at \(quoted(certificate.displayName)), issued by "
                + "\(quoted(certificate.issuerDisplayName)), which is not trusted (\(addRoot))"
        case X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN:
            return "the chain does not reach a trusted root: it ends at the root \(quoted(certificate.displayName)), which the signature "
                + "bundles but is not trusted (\(addRoot))"
        case X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT:
            return "the chain does not reach a trusted root: the signer \(quoted(signer.displayName)) is self-signed; Wallet takes only "
                + "passes signed with a Pass Type ID certificate from Apple (\(addRoot))"
        default:
            return "the chain does not reach a trusted root: \(String(cString: X509_verify_cert_error_string(Int(code)))) "
                + "(\(depth == 0 ? "signer" : "certificate") \(quoted(certificate.displayName)); \(bundle))"
        }
    }

    static func describe(_ certificate: OpaquePointer) -> CertificateInfo {
        CertificateInfo(certificate)
    }

    /// The printable text inside an extension's value (a DER string inside the OCTET STRING), if it has one.
    static func extensionText(_ certificate: OpaquePointer, oid: String) -> String? {
        guard let object = OBJ_txt2obj(oid, 1) else { return nil }
        defer { ASN1_OBJECT_free(object) }
        let index = X509_get_ext_by_OBJ(certificate, object, -1)
        guard index >= 0, let ext = X509_get_ext(certificate, index), let data = X509_EXTENSION_get_data(ext) else { return nil }
        let length = Int(ASN1_STRING_length(data))
        guard length > 2, let bytes = ASN1_STRING_get0_data(data) else { return nil }
        let buffer = Array(UnsafeBufferPointer(start: bytes, count: length))
        // A short DER string: tag, length, then the text.
        if buffer[1] < 0x80, Int(buffer[1]) + 2 == length { return String(decoding: buffer[2...], as: UTF8.self) }
        return String(decoding: buffer, as: UTF8.self).trimmingControlCharacters()
    }
}
