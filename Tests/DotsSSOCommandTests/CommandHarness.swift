import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport

@testable import DotsSSOCLI

/// What an in-process run produced.
struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String
    var allOutput: String { stdout + stderr }
}

extension TestContext {
    /// Runs `dots-sso ARGS…` in this process, exactly as the binary does (parse, run, map errors), with this
    /// context's captured output, fake network and clock. Output captured so far is reset first.
    func run(_ arguments: [String]) async -> RunResult {
        let before = (stdout.text.count, stderr.text.count)
        let status = await DotsSSO.run(arguments: arguments, context: context)
        return RunResult(status: status, stdout: String(stdout.text.dropFirst(before.0)), stderr: String(stderr.text.dropFirst(before.1)))
    }

    /// Writes a channel file the way `channel init` would, with fields a command needs.
    func writeChannel(_ name: String, _ json: String) throws {
        let directory = home.url.appendingPathComponent("config/dots-sso/channels")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("\(name).json")
        try Data(json.utf8).write(to: url)
        chmod(url.path, 0o600)
    }

    func cached(issuer: String = FakeProvider.issuer, clientId: String = FakeProvider.client) throws -> CacheEntry? {
        try TokenCache(directory: cacheDirectory).read(CacheKey(authority: issuer, clientId: clientId)).entry
    }
}

/// A provider scripted on the fake network: discovery, token (code and refresh grants, rotating refresh
/// tokens), revocation, userinfo and logout. No id_token (no jwks_uri), so no signing is involved.
final class FakeProvider: @unchecked Sendable {
    // @unchecked: counters are guarded by `lock`.
    static let issuer = "https://sso.fake.example"
    static let client = "dots-app"
    private let lock = NSLock()
    private var issued = 0
    var lifetime: Double = 3600
    var profile: JSONValue = .object([
        "id": .string("u-1"), "email": .string("jane@fake.example"), "firstName": .string("Jane"),
        "lastName": .string("Doe"), "features": .object(["canAccessApp": .bool(true)]),
    ])

    /// Flags that select this provider and client on any sign-in command.
    static let flags = ["--issuer", issuer, "--client-id", client]

    /// `changes` edits the OpenID configuration: a nil value removes the field.
    init(on http: FakeHTTPClient, jwks: Bool = false, metadata changes: [String: JSONValue?] = [:]) {
        let issuer = Self.issuer
        var metadata: [String: JSONValue] = [
            "issuer": .string(issuer), "authorization_endpoint": .string("\(issuer)/authorize"),
            "token_endpoint": .string("\(issuer)/token"),
            "userinfo_endpoint": .string("\(issuer)/userinfo"), "revocation_endpoint": .string("\(issuer)/revoke"),
            "end_session_endpoint": .string("\(issuer)/logout"), "response_types_supported": .array([.string("code")]),
            "code_challenge_methods_supported": .array([.string("S256")]),
            "grant_types_supported": .array([.string("authorization_code"), .string("refresh_token")]),
        ]
        if jwks { metadata["jwks_uri"] = .string("\(issuer)/jwks") }
        for (key, value) in changes { metadata[key] = value }
        http.json(.get, "\(issuer)/.well-known/openid-configuration", .object(metadata))
        // The login page the preflight GET sees before the "browser" opens.
        http.on(.get, "\(issuer)/authorize") { _ in
            (200, [(name: "Content-Type", value: "text/html")], Data("<!DOCTYPE html><title>Sign in</title>".utf8))
        }
        http.on(.post, "\(issuer)/token") { [self] request in
            let form = FormEncoding.decode(String(decoding: request.body ?? Data(), as: UTF8.self))
            let grant = form.first { $0.0 == "grant_type" }?.1
            guard grant == "authorization_code" || grant == "refresh_token" else {
                return (400, [], Data(#"{"error":"unsupported_grant_type"}"#.utf8))
            }
            if grant == "authorization_code", form.first(where: { $0.0 == "code" })?.1 != "good-code" {
                return (400, [], Data(#"{"error":"invalid_grant","error_description":"unknown code"}"#.utf8))
            }
            let n = lock.withLock {
                issued += 1; return issued
            }
            let body =
                #"{"access_token":"at-\#(n)","refresh_token":"rt-\#(n)","token_type":"Bearer","expires_in":\#(Int(lifetime)),"scope":"openid profile"}"#
            return (200, [(name: "Content-Type", value: "application/json")], Data(body.utf8))
        }
        http.on(.post, "\(issuer)/revoke") { _ in (200, [], Data()) }
        http.on(.get, "\(issuer)/userinfo") { [self] request in
            let authorization = request.headers.first { $0.name == "Authorization" }?.value ?? ""
            let current = lock.withLock { "Bearer at-\(issued)" }
            guard authorization == current else {
                return (401, [(name: "WWW-Authenticate", value: "Bearer error=\"invalid_token\"")], Data())
            }
            return (200, [(name: "Content-Type", value: "application/json")], (try? JSONEncoder().encode(profile)) ?? Data())
        }
    }

    var tokensIssued: Int { lock.withLock { issued } }
}
