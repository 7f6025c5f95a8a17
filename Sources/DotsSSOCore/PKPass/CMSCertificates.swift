import COpenSSL
import DotsSSOBasics
import FoundationEssentials

/// A pass signature bundles the signer and its intermediate, and OpenSSL 3.0 spends most of a signature's
/// parse decoding their public keys. A partner signs every pass with the same two certificates, so this
/// splits the certificate set out of the DER, parses each distinct certificate once per run, and hands the
/// rest of the CMS (which the signature does not cover) to OpenSSL without it.
enum CMSCertificateSplit {
    /// One DER element: where its header starts, where its contents start, and where it ends.
    struct Element {
        let tag: UInt8
        let start: Int
        let contents: Int
        let end: Int
    }

    /// The element at `offset`, definite-length DER only (BER's indefinite lengths make this return nil,
    /// and the caller falls back to OpenSSL's full parse).
    static func element(_ der: [UInt8], at offset: Int, limit: Int) -> Element? {
        guard offset + 2 <= limit else { return nil }
        let tag = der[offset]
        let first = Int(der[offset + 1])
        var length = 0, contents = offset + 2
        if first < 0x80 {
            length = first
        } else {
            let count = first & 0x7F
            guard count >= 1, count <= 4, offset + 2 + count <= limit else { return nil }
            for byte in der[(offset + 2)..<(offset + 2 + count)] { length = length << 8 | Int(byte) }
            contents += count
        }
        guard contents + length <= limit else { return nil }
        return Element(tag: tag, start: offset, contents: contents, end: contents + length)
    }

    /// The children of a constructed element.
    static func children(_ der: [UInt8], of parent: Element) -> [Element]? {
        var children: [Element] = []
        var offset = parent.contents
        while offset < parent.end {
            guard let child = element(der, at: offset, limit: parent.end) else { return nil }
            children.append(child)
            offset = child.end
        }
        return children
    }

    static func header(_ tag: UInt8, length: Int) -> [UInt8] {
        if length < 0x80 { return [tag, UInt8(length)] }
        var bytes: [UInt8] = []
        var rest = length
        while rest > 0 {
            bytes.insert(UInt8(rest & 0xFF), at: 0)
            rest >>= 8
        }
        return [tag, 0x80 | UInt8(bytes.count)] + bytes
    }

    /// ContentInfo { signedData OID, [0] { SignedData { version, digests, content, [0] certificates, … } } }
    /// → the same without `[0] certificates`, and each certificate's DER. nil when the shape is not that.
    static func split(_ der: [UInt8]) -> (stripped: [UInt8], certificates: [ArraySlice<UInt8>])? {
        guard let info = element(der, at: 0, limit: der.count), info.tag == 0x30, info.end == der.count,
            let infoParts = children(der, of: info), infoParts.count == 2, infoParts[1].tag == 0xA0,
            let wrapped = children(der, of: infoParts[1]), wrapped.count == 1, wrapped[0].tag == 0x30,
            let signedParts = children(der, of: wrapped[0]),
            let certificateSet = signedParts.first(where: { $0.tag == 0xA0 }),
            let certificates = children(der, of: certificateSet), certificates.allSatisfy({ $0.tag == 0x30 })
        else { return nil }
        var signedBody: [UInt8] = []
        for part in signedParts where part.start != certificateSet.start { signedBody += der[part.start..<part.end] }
        let signedData = header(0x30, length: signedBody.count) + signedBody
        let explicit = header(0xA0, length: signedData.count) + signedData
        let body = Array(der[infoParts[0].start..<infoParts[0].end]) + explicit
        return (header(0x30, length: body.count) + body, certificates.map { der[$0.start..<$0.end] })
    }
}

/// Certificates parsed once per run, by their DER. Owns the `X509` objects (freed in `deinit`); callers take
/// their own reference (`X509_up_ref`) when they keep one in a stack.
package final class CertificatePool: @unchecked Sendable {
    // @unchecked: `parsed` is guarded by `lock`; the certificates in it are only read (and up-ref'd) by OpenSSL.
    private let lock = Lock()
    private var parsed: [ArraySlice<UInt8>: OpaquePointer] = [:]

    package init() {}

    /// How many distinct certificates were parsed (what the pool saved is every repeat of them).
    package var count: Int { lock.withLock { parsed.count } }

    deinit { parsed.values.forEach { X509_free($0) } }

    func certificate(_ der: ArraySlice<UInt8>) -> OpaquePointer? {
        if let known = lock.withLock({ parsed[der] }) { return known }
        let certificate: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var pointer = buffer.baseAddress
            return d2i_X509(nil, &pointer, buffer.count)
        }
        guard let certificate else {
            ERR_clear_error()
            return nil
        }
        return lock.withLock {
            if let raced = parsed[der] {
                X509_free(certificate)
                return raced
            }
            parsed[der] = certificate
            return certificate
        }
    }

    /// A new stack holding (its own references to) the certificates, or nil when any does not parse.
    func stack(_ ders: [ArraySlice<UInt8>]) -> X509Stack? {
        guard let stack = X509Stack(owning: dots_sk_X509_new_null()) else { return nil }
        for der in ders {
            guard let certificate = certificate(der), X509_up_ref(certificate) == 1 else { return nil }
            if dots_sk_X509_push(stack.raw, certificate) <= 0 {
                X509_free(certificate)
                return nil
            }
        }
        return stack
    }
}
