import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

/// `bodymovin validate` on the real corpus, hostile inputs, and against the official schema.
@Suite("bodymovin validate", .serialized)
struct BodymovinCLITests {
    static var lottieCorpus: URL? { TestPaths.corpus?.appendingPathComponent("lottie") }

    /// Files with errors per profile; every other corpus file must have none (SOURCES.md, lottie-ios behaviour).
    static let expectedErrors: [LottieProfile: Set<String>] = [
        .ios: [
            "lottieios-Nonanimating_dog.json", "lottiespec-invalid_invalid-animated-val.json",
            "lottiespec-invalid_malformed-embedded-image.json",
            "lottiespec-valid_embedded-image.json", "lottiespec-valid_local-image.json", "data.json",
        ],
        .spec: [
            "data.json", "lottieios-Boat_Loader.json", "lottieios-HamburgerArrow.json", "lottieios-Issues_issue_1460.json",
            "lottieios-LottieLogo1_masked.json",
            "lottieios-Nonanimating_dog.json", "lottieios-TwitterHeart.json", "lottieios-timeremap.json",
            "lottiespec-invalid_invalid-animated-val.json", "lottiespec-invalid_malformed-embedded-image.json",
            "lottieweb-bacon.json", "lottieweb-banner.json", "lottieweb-bm_ronda.json", "lottieweb-navidad.json", "lottieweb-ripple.json",
        ],
    ]

    func corpusFiles() throws -> [String] {
        guard let corpus = Self.lottieCorpus else { return [] }
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0.hasSuffix(".json") }.sorted()
        return names.map { corpus.appendingPathComponent($0).path } + [corpus.appendingPathComponent("lottieweb-footage/data.json").path]
    }

    @Test("the corpus gets the expected verdict per profile", arguments: LottieProfile.allCases)
    func corpus(profile: LottieProfile) async throws {
        let files = try corpusFiles()
        guard !files.isEmpty else {
            print("NOTICE: ../shared/corpus is absent; skipping the bodymovin corpus test")
            return
        }
        let result = try await DotsSSOCLI().run(["bodymovin", "validate", "--profile", profile.rawValue, "--json"] + files, timeout: 120)
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let reports = try #require(object["files"] as? [[String: Any]])
        #expect(reports.count == files.count)
        for report in reports {
            let name = URL(fileURLWithPath: report["file"] as! String).lastPathComponent
            let errors = (report["findings"] as! [[String: Any]]).filter { $0["severity"] as? String == "error" }
            #expect(errors.isEmpty == !Self.expectedErrors[profile]!.contains(name), "\(profile) \(name): \(errors.map { $0["code"]! })")
        }
        if profile == .ios {
            let issue2330 = reports.first { ($0["file"] as! String).hasSuffix("issue_2330.json") }!
            let messages = (issue2330["findings"] as! [[String: Any]]).compactMap { $0["message"] as? String }
            #expect(messages.contains { $0.hasPrefix("expressions: used in 254 places") }, "\(messages)")
            #expect(messages.contains { $0.hasPrefix("merge paths") })
        }
    }

    @Test(
        "hostile inputs: deep nesting, invalid UTF-8, huge numbers, truncation, 300 MB on stdin → 65 with one clear line; a corrupt .lottie is a finding (1)"
    )
    func hostile() async throws {
        let cli = DotsSSOCLI()
        let cases: [(String, Data, String)] = [
            (
                "deep.json", Data((String(repeating: "[", count: 300_000) + String(repeating: "]", count: 300_000)).utf8),
                "nesting deeper than 512"
            ),
            ("utf8.json", Data([0x7B, 0x22, 0x76, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D]), "invalid UTF-8"),
            ("huge.json", Data(#"{"v":"5","fr":1e400}"#.utf8), "too large"),
            ("cut.json", Data(#"{"v":"5.7.4","layers":[{"ty":4"#.utf8), "truncated"),
        ]
        for (name, data, message) in cases {
            let path = cli.home.path(name)
            try data.write(to: URL(fileURLWithPath: path))
            let result = try await cli.run(["bodymovin", "validate", path], timeout: 60)
            #expect(result.status == 65, "\(name): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(name): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        let corrupt = cli.home.path("anim.lottie")
        try (Data([0x50, 0x4B, 0x03, 0x04]) + Data(repeating: 0, count: 64)).write(to: URL(fileURLWithPath: corrupt))
        let broken = try await cli.run(["bodymovin", "validate", corrupt], timeout: 60)
        #expect(broken.status == 1 && broken.stdout.contains("lottie.archive.unreadable"), "\(broken.stdout)\(broken.stderr)")
        let endless = try await ProcessRunner.run(
            "/bin/sh", ["-c", "head -c 300000000 /dev/zero 2>/dev/null | '\(TestPaths.binary.path)' bodymovin validate -"],
            environment: cli.environment, timeout: 60)
        #expect(endless.status == 65, "\(endless.stderr)")
        #expect(endless.stderr == "dots-sso: stdin is malformed: it is larger than 256 MB; no loading animation is that large\n")
        let device = try await cli.run(["bodymovin", "validate", "/dev/zero"], timeout: 60)
        #expect(device.status == 65 && device.stderr.contains("larger than 256 MB"), "\(device.stderr)")
    }

    @Test("a 50 MB file is validated, not choked on, and its size is reported")
    func largeFile() async throws {
        let cli = DotsSSOCLI()
        let path = cli.home.path("big.json")
        let padding = String(repeating: "x", count: 50 * 1024 * 1024)
        try #"{"v":"5.7.4","fr":30,"ip":0,"op":30,"w":100,"h":100,"nm":"\#(padding)","layers":[]}"#.write(
            toFile: path, atomically: false, encoding: .utf8)
        let result = try await cli.run(["bodymovin", "validate", path, "--json"], timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("lottie.fitness.file-size"))
        #expect(result.duration < 60)
    }

    @Test("--strict fails on lottie-ios warnings; JUnit lists the findings")
    func strictAndJUnit() async throws {
        guard let corpus = Self.lottieCorpus else {
            print("NOTICE: ../shared/corpus is absent; skipping")
            return
        }
        let cli = DotsSSOCLI()
        let file = corpus.appendingPathComponent("lottieios-Issues_issue_1125.json").path
        #expect(try await cli.run(["bodymovin", "validate", file]).status == 0)
        let junit = cli.home.path("lottie.xml")
        let strict = try await cli.run(["bodymovin", "validate", file, "--strict", "--junit", junit])
        #expect(strict.status == 1)
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("lottie.ios.unsupported"))
    }

    /// Every file the official schema rejects for a missing required top-level key is rejected by `--profile spec`
    /// (and on these small files, the two verdicts agree).
    @Test("cross-check with the official Lottie schema (jsonschema + lottie-specs 0.5.2)")
    func schemaCrossCheck() async throws {
        guard let venvPython = TestPaths.venvPython else {
            Issue.record(".venv is missing: run Scripts/test")
            return
        }
        let cli = DotsSSOCLI()
        // Variants of a small valid animation, each without one required top-level key.
        let base: [String: Any] = ["v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 64, "h": 64, "layers": [[String: Any]]()]
        var files: [String] = []
        for key in ["v", "fr", "ip", "op", "w", "h", "layers"] {
            var variant = base
            variant.removeValue(forKey: key)
            let path = cli.home.path("without-\(key).json")
            try JSONSerialization.data(withJSONObject: variant).write(to: URL(fileURLWithPath: path))
            files.append(path)
        }
        // Small corpus files keep the Python side quick (the schema takes minutes on the big ones).
        files += try corpusFiles().filter { ((try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int) ?? 0) < 30_000 }
        let schema = try await ProcessRunner.run(
            venvPython, [TestPaths.peers.appendingPathComponent("lottie_schema_check.py").path] + files, timeout: 300)
        #expect(schema.status == 0, "\(schema.stderr)")
        let verdicts = try #require(try JSONSerialization.jsonObject(with: Data(schema.stdout.utf8)) as? [String: [String: Any]])
        let ours = try await cli.run(["bodymovin", "validate", "--profile", "spec", "--json"] + files, timeout: 120)
        let reports =
            try #require(try JSONSerialization.jsonObject(with: Data(ours.stdout.utf8)) as? [String: Any])["files"] as? [[String: Any]]
        var rejectedForTopLevel = 0
        for report in reports ?? [] {
            let file = report["file"] as! String
            let ourErrors = (report["findings"] as! [[String: Any]]).filter { $0["severity"] as? String == "error" }.count
            let verdict = try #require(verdicts[file])
            if !((verdict["missingTopLevel"] as? [String]) ?? []).isEmpty {
                rejectedForTopLevel += 1
                #expect(ourErrors > 0, "the schema rejects \(file) for a missing top-level key; --profile spec must too")
            }
            #expect((ourErrors > 0) == ((verdict["errors"] as? Int ?? 0) > 0), "verdicts differ on \(file)")
        }
        #expect(rejectedForTopLevel == 6, "the schema requires fr, ip, op, w, h and layers (not v)")
    }
}
