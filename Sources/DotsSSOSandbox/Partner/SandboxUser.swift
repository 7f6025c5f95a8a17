import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// A member of the sandbox partner: how they sign in, the profile the partner serves for them, how many
/// passes they hold, and where they stand in the e-mail sign-in lifecycle.
///
/// `--users FILE` is a JSON array of these:
/// `[{"username": "kim", "password": "pw", "subject": "…", "profile": {"id": "…", "features": {…}}, "passes": 1,
///   "consented": true, "admin": false}]` — only `username` and `profile` are required.
package struct SandboxUser: Codable, Sendable, Equatable {
    package var username: String
    /// The sign-in password (`demo` unless set).
    package var password: String
    /// The OIDC `sub`; the profile's `id` when that is a string, else the username.
    package var subject: String
    /// The partner profile served at the profile endpoint, as The Dots reads it (seed 000).
    package var profile: JSONValue
    /// How many `.pkpass` files the member holds.
    package var passes: Int
    /// List the pass URLs in the profile too (seed 000 allows either place).
    package var passesInProfile: Bool
    /// Whether the member has consented; e-mail sign-in answers 412 until they have.
    package var consented: Bool
    /// The Channels API refuses to log out or remove an admin (403).
    package var admin: Bool

    package static let defaultPassword = "demo"

    package init(
        username: String, password: String = SandboxUser.defaultPassword, subject: String? = nil, profile: JSONValue,
        passes: Int = 0, passesInProfile: Bool = false, consented: Bool = true, admin: Bool = false
    ) {
        self.username = username
        self.password = password
        self.subject = subject ?? profile.objectValue?["id"]?.stringValue ?? username
        self.profile = profile
        self.passes = passes
        self.passesInProfile = passesInProfile
        self.consented = consented
        self.admin = admin
    }

    enum CodingKeys: String, CodingKey {
        case username, password, subject, profile, passes, passesInProfile, consented, admin
    }

    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let profile = try container.decode(JSONValue.self, forKey: .profile)
        guard profile.objectValue != nil else {
            throw DecodingError.dataCorruptedError(forKey: .profile, in: container, debugDescription: "profile must be a JSON object")
        }
        self.init(
            username: try container.decode(String.self, forKey: .username),
            password: try container.decodeIfPresent(String.self, forKey: .password) ?? Self.defaultPassword,
            subject: try container.decodeIfPresent(String.self, forKey: .subject),
            profile: profile,
            passes: try container.decodeIfPresent(Int.self, forKey: .passes) ?? 0,
            passesInProfile: try container.decodeIfPresent(Bool.self, forKey: .passesInProfile) ?? false,
            consented: try container.decodeIfPresent(Bool.self, forKey: .consented) ?? true,
            admin: try container.decodeIfPresent(Bool.self, forKey: .admin) ?? false
        )
    }

    /// The member's e-mail address, from the profile.
    package var email: String? { profile.objectValue?["email"]?.stringValue }

    /// The id The Dots knows the member by (the profile's `id`), else the subject.
    package var ssoID: String { profile.objectValue?["id"]?.stringValue ?? subject }

    /// The member's Digits session as the SDK holds it (OAuth Echo), and the identity the Echo provider answers with.
    package var echoToken: String { "digits-\(username)" }
    package var echoTokenSecret: String { "digits-secret-\(username)" }
    /// A stable numeric Digits id derived from the subject (Twitter-style ids pass 2^53, so it travels as `id_str`).
    package var echoNumericID: UInt64 {
        let digest = (try? DigestAlgorithm.sha256.digest(Data(subject.utf8))) ?? []
        let value = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return value % 9_000_000_000_000_000_000 + 100_000_000_000_000_000
    }
    package var echoID: String { String(echoNumericID) }
    package var phoneNumber: String {
        let digits = echoID.suffix(7)
        return "+1555\(digits)"
    }

    /// The built-in members, one per interesting case.
    package static let builtIn: [SandboxUser] = [
        SandboxUser(
            username: "jane", subject: "3d6479fe-6f41-41e1-bd2b-d5139e21de58",
            profile: .object([
                "id": .string("3d6479fe-6f41-41e1-bd2b-d5139e21de58"), "email": .string("jane.doe@example.com"),
                "firstName": .string("Jane"), "lastName": .string("Doe"),
                "biography": .string("This is my biography,\n\nwith multiple lines."),
                "features": .object(["canAccessApp": .bool(true), "canAccessContainer1": .bool(true), "canAccessContainer2": .bool(true)]),
            ]),
            passes: 2, passesInProfile: true
        ),
        SandboxUser(
            username: "sam", subject: "8f0e2a8c-5b7d-4c61-9d0e-2f4b6a1c3e57",
            profile: .object([
                "id": .string("8f0e2a8c-5b7d-4c61-9d0e-2f4b6a1c3e57"), "email": .string("sam.lowe@example.com"),
                "firstName": .string("Sam"), "lastName": .string("Lowe"),
                "features": .object([
                    "canAccessApp": .bool(false), "canAccessContainer1": .bool(false), "canAccessContainer2": .bool(false),
                ]),
            ]),
            consented: false
        ),
        SandboxUser(
            username: "alex", subject: "c2a7d9e4-1f3b-4e8a-b6c5-7d9f0e1a2b34",
            profile: .object([
                "id": .string("c2a7d9e4-1f3b-4e8a-b6c5-7d9f0e1a2b34"), "email": .string("alex.kim@example.com"),
                "firstName": .string("Alex"), "lastName": .string("Kim"),
                "features": .object(["canAccessApp": .bool(true), "canAccessContainer1": .bool(true), "canAccessContainer2": .bool(false)]),
            ]),
            passes: 1
        ),
        SandboxUser(
            username: "lee", subject: "5e1b3c7a-9d2f-4a6e-8b0c-1d3f5a7c9e20",
            profile: .object([
                "id": .string("lee.marsh@example.com"), "email": .string("lee.marsh@example.com"),
                "firstName": .string(String(repeating: "Leonora-", count: 15)), "lastName": .string("Marsh"),
                "biography": .string("<p>Hello, I am <b>Lee</b>.</p><script>alert(1)</script>"),
                "features": .object([
                    "canAccessApp": .bool(true), "canAccessContainer1": .string("yes"), "canAccessContainer2": .bool(false),
                ]),
            ])
        ),
        SandboxUser(
            username: "ops", subject: "0a9b8c7d-6e5f-4a3b-2c1d-0e9f8a7b6c5d",
            profile: .object([
                "id": .string("0a9b8c7d-6e5f-4a3b-2c1d-0e9f8a7b6c5d"), "email": .string("ops@example.com"),
                "firstName": .string("Ops"), "lastName": .string("Admin"),
                "features": .object(["canAccessApp": .bool(true), "canAccessContainer1": .bool(true), "canAccessContainer2": .bool(true)]),
            ]),
            admin: true
        ),
    ]

    /// Reads a `--users` file: a JSON array of members with distinct usernames and subjects.
    package static func load(file path: String) throws -> [SandboxUser] {
        guard case .contents(let data) = try InputFile.read(path, limit: 4 * 1024 * 1024) else {
            throw SandboxError.unreadableUsers(path: path, reason: "larger than 4 MiB")
        }
        let users: [SandboxUser]
        do {
            users = try JSONDecoder().decode([SandboxUser].self, from: data)
        } catch let error as DecodingError {
            throw SandboxError.unreadableUsers(path: path, reason: JSONDiagnostics.describe(error))
        } catch {
            throw SandboxError.unreadableUsers(path: path, reason: "not JSON")
        }
        guard !users.isEmpty else { throw SandboxError.unreadableUsers(path: path, reason: "the array is empty") }
        for (field, values) in [("username", users.map(\.username)), ("subject", users.map(\.subject))]
        where Set(values).count != values.count {
            throw SandboxError.unreadableUsers(path: path, reason: "two users share a \(field)")
        }
        if let bad = users.first(where: { !(0...20).contains($0.passes) }) {
            throw SandboxError.unreadableUsers(path: path, reason: "\(bad.username): passes must be 0 to 20")
        }
        return users
    }
}
