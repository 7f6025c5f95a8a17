import COpenSSL
import DotsSSOBasics
import FoundationEssentials

/// A certificate as a person needs to see it in a report.
package struct CertificateInfo: Codable, Sendable, Equatable {
    package var commonName: String?
    package var organizationalUnit: String?
    package var userID: String?
    package var issuerCommonName: String?
    package var issuerOrganizationalUnit: String?
    package var notBefore: Date
    package var notAfter: Date

    /// The common name, with the organisational unit when it tells same-named certificates apart (WWDR G4).
    package var displayName: String {
        [commonName ?? "?", organizationalUnit.map { "OU \($0)" }].compactMap { $0 }.joined(separator: ", ")
    }

    /// The issuer's name in the form `displayName` uses, so one certificate is never named two ways.
    package var issuerDisplayName: String {
        [issuerCommonName ?? "?", issuerOrganizationalUnit.map { "OU \($0)" }].compactMap { $0 }.joined(separator: ", ")
    }

    package init(
        commonName: String?, organizationalUnit: String?, userID: String?, issuerCommonName: String?,
        issuerOrganizationalUnit: String?, notBefore: Date, notAfter: Date
    ) {
        self.commonName = commonName
        self.organizationalUnit = organizationalUnit
        self.userID = userID
        self.issuerCommonName = issuerCommonName
        self.issuerOrganizationalUnit = issuerOrganizationalUnit
        self.notBefore = notBefore
        self.notAfter = notAfter
    }

    /// Reads the names and validity of an OpenSSL `X509` (not retained).
    package init(_ certificate: OpaquePointer) {
        func field(_ name: OpaquePointer?, _ nid: Int32) -> String? {
            guard let name else { return nil }
            var buffer = [CChar](repeating: 0, count: 512)
            let length = X509_NAME_get_text_by_NID(name, nid, &buffer, Int32(buffer.count))
            return length > 0 ? String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
        }
        let subject = X509_get_subject_name(certificate)
        let issuer = X509_get_issuer_name(certificate)
        self.init(
            commonName: field(subject, NID_commonName), organizationalUnit: field(subject, NID_organizationalUnitName),
            userID: field(subject, NID_userId), issuerCommonName: field(issuer, NID_commonName),
            issuerOrganizationalUnit: field(issuer, NID_organizationalUnitName),
            notBefore: Date(timeIntervalSince1970: TimeInterval(dots_x509_time(X509_get0_notBefore(certificate)))),
            notAfter: Date(timeIntervalSince1970: TimeInterval(dots_x509_time(X509_get0_notAfter(certificate))))
        )
    }
}
