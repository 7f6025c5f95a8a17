import Dispatch
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Every parser dots-sso runs on what partners and their servers send.
package enum FuzzTargets {
    package static let all: [FuzzTarget] = pkpass + lottieAndProfile + oauth + appLinksAndConfig + numbers

    package static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }

    /// A fixed clock, so a run is repeatable.
    static let now = Date(timeIntervalSince1970: 1_790_000_000)
    static let appleRoot: TrustAnchors? = try? PassSignature.appleRoot()

    static var pkpass: [FuzzTarget] {
        [
            FuzzTarget("pkpass", "a .pkpass archive: zip reader, manifest, CMS signature, pass.json, images, strings", corpus: ["pkpass"]) {
                data in
                guard let anchors = appleRoot else { return }
                _ = PassInspector(anchors: anchors, now: now).inspect(data, file: "fuzz.pkpass")
            },
            FuzzTarget("pass-json", "pass.json lint") { data in
                _ = PassJSONLint.check(data, file: "fuzz.pkpass")
            },
            FuzzTarget("manifest", "manifest.json against the archive's files") { data in
                let files = ["manifest.json": data, "pass.json": Data("{}".utf8), "icon.png": Data([0x89, 0x50, 0x4E, 0x47])]
                _ = ManifestCheck.findings(files: files, file: "fuzz.pkpass")
            },
            FuzzTarget("cms-signature", "the detached CMS signature and its certificates, by OpenSSL and by our DER reading") { data in
                guard let anchors = appleRoot else { return }
                // Without a pool OpenSSL parses everything; with one, the certificates are split out and a plain-shaped
                // signer info is read by CMSSignerInfo.
                for pool in [nil, CertificatePool()] {
                    _ = PassSignature.check(
                        signature: data, manifest: Data("{}".utf8), passTypeIdentifier: "pass.example.fuzz",
                        teamIdentifier: "ABCDE12345", anchors: anchors, file: "fuzz.pkpass", now: now,
                        chainCache: pool.map { _ in ChainCache() }, pool: pool)
                }
            },
            FuzzTarget("pass-strings", "an .lproj/pass.strings file") { data in
                _ = try? PassStrings(data)
                _ = PassLocalizations.check(
                    files: ["en.lproj/pass.strings": data, "de.lproj/pass.strings": data, "pass.json": Data("{}".utf8)],
                    file: "fuzz.pkpass")
            },
            FuzzTarget("png", "PNG headers of pass images") { data in
                _ = PNGHeader(data)
                _ = PassImages.check(
                    files: ["icon.png": data, "icon@2x.png": data, "logo.png": data], style: "generic", file: "fuzz.pkpass")
            },
        ]
    }

    static var lottieAndProfile: [FuzzTarget] {
        [
            FuzzTarget("lottie", "a bodymovin (Lottie) animation: the compact parser and both validator profiles", corpus: ["lottie"]) {
                data in
                for profile in LottieProfile.allCases {
                    _ = try? LottieValidator(profile: profile).validate(data, file: "fuzz.json")
                }
            },
            FuzzTarget("json", "the compact JSON parser (one pass, and two halves at once), duplicate keys and their paths") { data in
                // (Inputs a fuzzer mutates well: the check parses each one four times more.)
                let bytes = [UInt8](data)
                let splits = SplitParseCheck.commaSplits(bytes, count: bytes.count <= 65_536 ? 3 : 0)
                for (split, check) in zip(splits, SplitParseCheck.agree(bytes, splitsAt: splits)) {
                    precondition(check.agrees, "two halves at \(split) disagree with one pass")
                }
                guard let json = try? CompactJSON(data) else { return }
                _ = json.duplicateKeyFindings(FindingCode("fuzz", .warning, source: "fuzz", "fuzz"), file: "fuzz.json", consequence: "fuzz")
                _ = JSONValue(json)
            },
            FuzzTarget("profile", "a member profile against the channel contract") { data in
                guard let json = try? CompactJSON(data), let checker = try? ProfileChecker(channel: Channel(name: "fuzz")) else { return }
                _ = checker.check(JSONValue(json), source: "fuzz.json", expectedID: "u-1")
            },
            FuzzTarget("markup", "profile text: the HTML stripper and the markup cleaner") { data in
                let text = String(decoding: data, as: UTF8.self)
                _ = HTMLStripper.strip(text)
                _ = MarkupCleaner.clean(text)
                _ = TerminalText.message(text)
            },
            FuzzTarget("junit-merge", "an earlier JUnit report read back to merge into (the XML reader, depth-bounded)") { data in
                guard let root = try? XMLTree.parse(String(decoding: data, as: UTF8.self)) else { return }
                _ = root.serialized()
            },
            FuzzTarget("json-path", "a JSON path from a channel file, evaluated") { data in
                guard let path = try? JSONPath(String(decoding: data, as: UTF8.self)) else { return }
                _ = path.evaluate(
                    .object(["a": .array([.string("x"), .object(["b": .number(1)])]), "features": .object(["canAccessApp": .bool(true)])]))
            },
        ]
    }

    static var oauth: [FuzzTarget] {
        [
            FuzzTarget("callback", "the OAuth callback: a pasted landing URL, its query and the state/iss checks") { data in
                let text = String(decoding: data, as: UTF8.self)
                guard let parameters = try? AuthorizationCallback.parameters(fromURL: text) else { return }
                _ = AuthorizationCallback.arrival(parameters, expectedState: "expected-state")
                _ = try? AuthorizationCallback.code(
                    from: parameters, expectedState: "expected-state", issuer: "https://sso.example", issuerParameterRequired: true)
                _ = Redactor.redactURL(text)
            },
            FuzzTarget("pasted-line", "what a person pastes at the paste flow's prompt: lines read bounded, then judged") { data in
                guard let file = tmpfile() else { return }
                defer { fclose(file) }
                _ = data.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
                fflush(file)
                rewind(file)
                let lines = LineReader(descriptor: fileno(file), limit: 16 * 1024)
                while let line = lines.next() {
                    _ = PastedRedirect.read(line.trimmed(), expectedState: "expected-state")
                }
            },
            FuzzTarget("url-policy", "URLs and redirects from servers: https only, loopback http, no downgrade") { data in
                let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", maxSplits: 1).map(String.init)
                guard let first = lines.first, let url = try? URLPolicy.validate(first) else { return }
                if lines.count > 1 { _ = try? URLPolicy.validateRedirect(from: url, location: lines[1]) }
            },
            FuzzTarget("jwt", "an id_token (compact JWS) and a JWKS document") { data in
                _ = try? JWT(String(decoding: data, as: UTF8.self))
                if let json = try? CompactJSON(data) { _ = try? JWKSet(document: JSONValue(json)) }
            },
            FuzzTarget("echo-header", "an OAuth 1.0a (RFC 5849) X-Verify-Credentials-Authorization header") { data in
                _ = try? OAuthEchoHeader.parse(String(decoding: data, as: UTF8.self))
            },
            FuzzTarget("server-words", "a server's error text made fit for one terminal line, secrets redacted") { data in
                _ = ServerWords.line(String(decoding: data, as: UTF8.self), secrets: ["s3cret-value"])
            },
        ]
    }

    static var appLinksAndConfig: [FuzzTarget] {
        [
            FuzzTarget("aasa", "apple-app-site-association, and a link judged against it") { data in
                guard let json = try? CompactJSON(data) else { return }
                let document = JSONValue(json)
                _ = AASALint.findings(document, file: "apple-app-site-association")
                _ = AASALint.evaluate(url: "https://example.com/auth/magic?token=x#frag", aasa: document)
            },
            FuzzTarget("assetlinks", "Android's assetlinks.json") { data in
                guard let json = try? CompactJSON(data) else { return }
                _ = AssetLinksLint.findings(JSONValue(json), file: "assetlinks.json")
            },
            FuzzTarget("channel", "a channel file") { data in
                _ = try? ChannelStore.decode(data, path: "fuzz.json")
            },
        ]
    }

    /// Every entry point where a number from outside becomes a date, a lifetime, a count or a size: none may trap.
    static var numbers: [FuzzTarget] {
        [
            FuzzTarget("token-response", "a token endpoint's answer: expires_in as a lifetime, the token set's dates and validity") {
                data in
                guard let json = try? CompactJSON(data), case .object(let object) = JSONValue(json),
                    let response = try? TokenResponse(json: object)
                else { return }
                let tokens = response.tokenSet(now: now)
                _ = tokens.expiresAt.map(ISOTimestamp.string)
                _ = tokens.attainableValidity(60)
                _ = tokens.expires(within: 60, now: now)
            },
            FuzzTarget("device-authorization", "a device authorization answer (RFC 8628): interval and expires_in") { data in
                guard let json = try? CompactJSON(data), case .object(let object) = JSONValue(json) else { return }
                _ = try? DeviceAuthorization(json: object, from: URL(string: "https://sso.example/device")!)
            },
            FuzzTarget("jwt-claims", "an id_token's claims: exp, iat and nbf as dates, aud, azp and crit") { data in
                let payload = Base64URL.encode(data)
                for header in ["eyJhbGciOiJSUzI1NiJ9", Base64URL.encode(data.prefix(64))] {
                    guard let token = try? JWT("\(header).\(payload).c2ln") else { continue }
                    for claim in ["exp", "iat", "nbf", "auth_time"] { _ = (try? token.date(claim))?.map(ISOTimestamp.string) }
                    _ = token.audiences
                    _ = token.criticalParameters
                }
            },
            FuzzTarget(
                "lottie-render", "an animation drawn by rlottie in a bounded child (needs DOTS_SSO_BINARY): the parent never falls",
                corpus: ["lottie"]
            ) { data in
                guard let binary = ProcessInfo.processInfo.environment["DOTS_SSO_BINARY"],
                    let report = try? LottieValidator(profile: .ios).validate(data, file: "fuzz.json")
                else { return }
                let drawing = IsolatedDrawing(
                    place: .childProcess(executable: binary), limits: DrawingLimits(memoryMiB: 512, cpuSeconds: 5, wallSeconds: 8))
                let done = DispatchSemaphore(value: 0)
                Task {
                    _ = await LottieRenderCheck.isolated(Array(data), report: report, drawing: drawing)
                    done.signal()
                }
                done.wait()
            },
        ]
    }
}
