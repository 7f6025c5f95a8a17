import DotsSSOBasics
import DotsSSOCore
import Foundation
import Testing

@Suite("Redactor")
struct RedactorTests {
    @Test("secret query parameters and user info are replaced, the rest kept")
    func urls() {
        let text = Redactor.redactURL("https://user:pw@idp.example/cb?code=abc123&state=xyz&access_token=tok&scope=openid")
        #expect(!text.contains("abc123"))
        #expect(!text.contains("tok&"))
        #expect(!text.contains("pw@"))
        #expect(text.contains("state=xyz"))
        #expect(text.contains("scope=openid"))
        #expect(text == "https://[redacted]@idp.example/cb?code=[redacted]&state=xyz&access_token=[redacted]&scope=openid")
    }

    @Test("signed download URLs (S3, Google, Azure) lose their signatures, keep the rest")
    func signedURLs() {
        let s3 = Redactor.redactURL(
            "https://b.s3.amazonaws.com/p/guest.pkpass?X-Amz-Expires=300&X-Amz-Security-Token=t0k&X-Amz-Signature=abcdef")
        #expect(
            s3 == "https://b.s3.amazonaws.com/p/guest.pkpass?X-Amz-Expires=300&X-Amz-Security-Token=[redacted]&X-Amz-Signature=[redacted]")
        #expect(
            Redactor.redactURL("https://a.blob.core.windows.net/c/p.pkpass?sv=2022&sig=Zm9v")
                == "https://a.blob.core.windows.net/c/p.pkpass?sv=2022&sig=[redacted]")
        #expect(!Redactor.redactURL("https://g.example/p.pkpass?Expires=1&Signature=c2ln").contains("c2ln"))
    }

    @Test("form bodies lose every credential field")
    func forms() {
        let form =
            "grant_type=authorization_code&code=SECRET1&code_verifier=SECRET2&client_secret=SECRET3&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcb&refresh_token=SECRET4&password=SECRET5"
        let text = Redactor.redactForm(form)
        for secret in ["SECRET1", "SECRET2", "SECRET3", "SECRET4", "SECRET5"] {
            #expect(!text.contains(secret), "\(secret) leaked: \(text)")
        }
        #expect(text.contains("grant_type=authorization_code"))
        #expect(text.contains("redirect_uri=http%3A%2F%2F127.0.0.1%2Fcb"))
    }

    @Test("JSON bodies are redacted at any depth, camelCase included")
    func json() {
        let body = Data(
            #"{"access_token":"A1","token_type":"Bearer","expires_in":3600,"nested":[{"refreshToken":"R1","sessionToken":"S1","email":"a@b.c"}],"id_token":"I1"}"#
                .utf8)
        let text = Redactor.redactBody(body, contentType: "application/json")
        for secret in ["A1", "R1", "S1", "I1"] {
            #expect(!text.contains("\"\(secret)\""), "\(secret) leaked: \(text)")
        }
        #expect(text.contains("\"token_type\":\"Bearer\""))
        #expect(text.contains("\"expires_in\":3600"))
        #expect(text.contains("a@b.c"))
    }

    @Test("unknown body types are summarised, never shown")
    func opaqueBodies() {
        let text = Redactor.redactBody(Data("token: hunter2".utf8), contentType: "text/plain")
        #expect(!text.contains("hunter2"))
        #expect(text.contains("14 bytes"))
    }

    @Test("credential headers keep only their scheme")
    func headers() {
        #expect(Redactor.redact(header: "Authorization", value: "Bearer eyJabc") == "Bearer [redacted]")
        #expect(Redactor.redact(header: "cookie", value: "sid=1") == "[redacted]")
        #expect(Redactor.redact(header: "Accept", value: "application/json") == "application/json")
    }

    @Test("server documents echoed to stdout lose secret-named values")
    func jsonValues() {
        let value = JSONValue.object([
            "issuer": .string("https://x"), "client_secret": .string("s3"), "list": .array([.object(["token": .string("t")])]),
        ])
        let redacted = value.redactingSecrets()
        #expect(redacted.objectValue?["issuer"] == .string("https://x"))
        #expect(redacted.objectValue?["client_secret"] == .string(Redactor.placeholder))
        #expect(
            redacted
                == .object([
                    "issuer": .string("https://x"), "client_secret": .string("[redacted]"),
                    "list": .array([.object(["token": .string("[redacted]")])]),
                ]))
    }
}
