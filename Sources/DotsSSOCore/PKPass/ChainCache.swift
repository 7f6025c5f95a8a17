import COpenSSL
import DotsSSOBasics
import FoundationEssentials

/// Remembers chain verdicts for one set of trust anchors. A partner signs every pass with the same certificate
/// and intermediate, and dates are judged apart from the chain, so the verdict for the same certificates is the
/// same: verifying it once per run instead of once per pass saves most of the chain work on a batch.
package final class ChainCache: @unchecked Sendable {
    /// The chain signer → root when it reaches an anchor, or why it does not (`PassSignature.verifyChain`).
    typealias Verdict = (verified: [CertificateInfo], problem: String?)

    // @unchecked: `verdicts` is guarded by `lock`.
    private let lock = Lock()
    private var verdicts: [Key: Verdict] = [:]

    /// The certificates a verdict is for: their DER, or for certificates from a `CertificatePool` the pooled objects
    /// themselves (which the key keeps alive, so an identity is never reused), saving the re-encoding on every pass.
    private enum Key: Hashable {
        case der(Data)
        case pooled(PooledChain)
    }

    package init() {}

    /// The verdict for `leaf` with `bundled`, computed by `verify` the first time these certificates are seen.
    func verdict(
        _ leaf: OpaquePointer, bundled: OpaquePointer?,
        verify: () -> Verdict
    ) -> Verdict {
        guard let key = Self.key(leaf, bundled: bundled) else { return verify() }
        return verdict(for: .der(key), verify: verify)
    }

    /// The verdict for a pooled `leaf` with the pooled `bundled` certificates, computed the first time.
    func verdict(
        pooled leaf: PooledCertificate, bundled: [PooledCertificate],
        verify: () -> Verdict
    ) -> Verdict {
        verdict(for: .pooled(PooledChain(certificates: [leaf] + bundled)), verify: verify)
    }

    private func verdict(
        for key: Key, verify: () -> Verdict
    ) -> Verdict {
        if let known = lock.withLock({ verdicts[key] }) { return known }
        let verdict = verify()
        lock.withLock { verdicts[key] = verdict }
        return verdict
    }

    /// The DER of the leaf and every bundled certificate, in order.
    static func key(_ leaf: OpaquePointer, bundled: OpaquePointer?) -> Data? {
        var key = Data()
        func append(_ certificate: OpaquePointer?) -> Bool {
            var buffer: UnsafeMutablePointer<UInt8>?
            let length = i2d_X509(certificate, &buffer)
            guard length > 0, let buffer else { return false }
            defer { CRYPTO_free(buffer, nil, 0) }
            key.append(UInt8(truncatingIfNeeded: length >> 8))
            key.append(UInt8(truncatingIfNeeded: length))
            key.append(buffer, count: Int(length))
            return true
        }
        guard append(leaf) else { return nil }
        let count = bundled.map { Int(dots_sk_X509_num($0)) } ?? 0
        for index in 0..<count where !append(dots_sk_X509_value(bundled, Int32(index))) { return nil }
        return key
    }
}

/// Pooled certificates in order, equal when they are the same objects.
struct PooledChain: Hashable {
    let certificates: [PooledCertificate]

    static func == (left: PooledChain, right: PooledChain) -> Bool {
        left.certificates.count == right.certificates.count && zip(left.certificates, right.certificates).allSatisfy { $0 === $1 }
    }

    func hash(into hasher: inout Hasher) {
        for certificate in certificates { hasher.combine(ObjectIdentifier(certificate)) }
    }
}
