import Foundation

/// A throwaway certificate authority made with the openssl CLI: a CA, a server certificate for
/// 127.0.0.1/localhost, and one for another host name (to test host-name verification).
package final class TestPKI: @unchecked Sendable {
    package let directory = TemporaryDirectory("pki")
    package var caCertificate: String { directory.path("ca.pem") }
    package var serverCertificate: String { directory.path("server.pem") }
    package var serverKey: String { directory.path("server.key") }
    package var wrongHostCertificate: String { directory.path("other.pem") }
    package var wrongHostKey: String { directory.path("other.key") }
    /// A second, unrelated CA that signs nothing we serve.
    package var unrelatedCACertificate: String { directory.path("unrelated-ca.pem") }

    package init() throws {
        try makeCA(name: "ca", subject: "/CN=dots-sso test CA")
        try makeCA(name: "unrelated-ca", subject: "/CN=dots-sso unrelated CA")
        try makeLeaf(name: "server", subject: "/CN=127.0.0.1", altNames: "IP:127.0.0.1,DNS:localhost")
        try makeLeaf(name: "other", subject: "/CN=other.example", altNames: "DNS:other.example")
    }

    /// A certificate for 127.0.0.1 from the test CA that expired in 2021, and its key (an expired server).
    package func expiredServer() throws -> (certificate: String, key: String) {
        let extensions = directory.path("expired.ext")
        try "subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
            .write(toFile: extensions, atomically: true, encoding: .utf8)
        try issue(
            name: "expired-server", subject: "/CN=127.0.0.1", caName: "ca", extensions: extensions,
            start: "20200101000000Z", end: "20210101000000Z")
        return (directory.path("expired-server.pem"), directory.path("expired-server.key"))
    }

    /// A client certificate (extendedKeyUsage clientAuth) from the test CA for mTLS (RFC 8705), and its key.
    package func client(name: String) throws -> (certificate: String, key: String) {
        try makeLeaf(name: name, subject: "/CN=\(name)", altNames: "DNS:\(name).client.example", usage: "clientAuth")
        return (directory.path("\(name).pem"), directory.path("\(name).key"))
    }

    /// Issues a certificate with exact validity dates (`openssl ca`), signed by the CA named `caName` in this folder.
    package func issue(name: String, subject: String, caName: String, extensions: String, start: String, end: String) throws {
        let d = directory
        if !FileManager.default.fileExists(atPath: d.path("ca.cnf")) {
            try """
            [ca]
            default_ca = issuer
            [issuer]
            database = \(d.path("index.txt"))
            new_certs_dir = \(d.url.path)
            serial = \(d.path("serial"))
            default_md = sha256
            policy = anything
            unique_subject = no
            email_in_dn = no
            preserve = yes
            [anything]
            UID = optional
            commonName = supplied
            organizationalUnitName = optional
            organizationName = optional
            countryName = optional
            """.write(toFile: d.path("ca.cnf"), atomically: true, encoding: .utf8)
            try "".write(toFile: d.path("index.txt"), atomically: true, encoding: .utf8)
            try "1000\n".write(toFile: d.path("serial"), atomically: true, encoding: .utf8)
        }
        try openssl([
            "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", d.path("\(name).key"),
            "-out", d.path("\(name).csr"), "-subj", subject,
        ])
        try openssl([
            "ca", "-batch", "-config", d.path("ca.cnf"), "-cert", d.path("\(caName).pem"), "-keyfile", d.path("\(caName).key"),
            "-in", d.path("\(name).csr"), "-out", d.path("\(name).pem"), "-startdate", start, "-enddate", end,
            "-extfile", extensions, "-notext",
        ])
    }

    /// Runs the openssl CLI, failing with its stderr (also used by `TestPassIssuer`).
    func openssl(_ arguments: [String]) throws {
        let result = try ProcessRunner.runBlocking("/usr/bin/openssl", arguments, timeout: 30)
        guard result.status == 0 else {
            throw BackgroundProcess.StartError(description: "openssl \(arguments.first ?? "") failed: \(result.stderr)")
        }
    }

    private func makeCA(name: String, subject: String) throws {
        try openssl([
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
            "-keyout", directory.path("\(name).key"), "-out", directory.path("\(name).pem"),
            "-subj", subject, "-days", "2",
            "-addext", "basicConstraints=critical,CA:TRUE",
            "-addext", "keyUsage=critical,keyCertSign,cRLSign",
        ])
    }

    private func makeLeaf(name: String, subject: String, altNames: String, usage: String = "serverAuth") throws {
        let extensions = directory.path("\(name).ext")
        try "subjectAltName=\(altNames)\nbasicConstraints=CA:FALSE\nextendedKeyUsage=\(usage)\n"
            .write(toFile: extensions, atomically: true, encoding: .utf8)
        try openssl([
            "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
            "-keyout", directory.path("\(name).key"), "-out", directory.path("\(name).csr"), "-subj", subject,
        ])
        try openssl([
            "x509", "-req", "-in", directory.path("\(name).csr"), "-CA", caCertificate,
            "-CAkey", directory.path("ca.key"), "-CAcreateserial", "-out", directory.path("\(name).pem"),
            "-days", "2", "-extfile", extensions,
        ])
    }
}
