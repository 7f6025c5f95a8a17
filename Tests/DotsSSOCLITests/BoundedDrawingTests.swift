import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

/// Issue 36: what rlottie and pango do with a partner's file runs in a child process under memory and CPU limits
/// (`DOTS_SSO_DRAW_LIMITS` tightens them here so the tests stay small), and a killed drawing is a finding or a 65.
@Suite("picture work runs bounded in a child process", .serialized)
struct BoundedDrawingTests {
    let cli = DotsSSOCLI()

    static let transform =
        #"{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}"#
    static let layerTransform =
        #"{"o":{"a":0,"k":100},"p":{"a":0,"k":[50,50]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}}"#

    static func animation(_ shapes: String) -> String {
        #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":[{"ty":4,"ip":0,"op":30,"st":0,"ks":\#(layerTransform),"shapes":[\#(shapes)]}]}"#
    }

    /// 836 bytes the validator passes: a repeater of a billion copies (rlottie asked for 7.9 GB and aborted).
    static let repeater = animation(
        #"{"ty":"gr","it":[{"ty":"rc","d":1,"s":{"a":0,"k":[10,10]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"r":1},{"ty":"rp","c":{"a":0,"k":1000000000},"o":{"a":0,"k":0},"m":1,"tr":{"ty":"tr","p":{"a":0,"k":[1,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"so":{"a":0,"k":100},"eo":{"a":0,"k":100}}},\#(transform)]}"#
    )

    /// Dashes of 0.01 px along a rectangle a million px a side: CPU and memory without end.
    static let dashes = animation(
        #"{"ty":"gr","it":[{"ty":"rc","d":1,"s":{"a":0,"k":[1000000,1000000]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}},{"ty":"st","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2},"lc":1,"lj":1,"d":[{"n":"d","nm":"dash","v":{"a":0,"k":0.01}},{"n":"g","nm":"gap","v":{"a":0,"k":0.01}}]},\#(transform)]}"#
    )

    func file(_ name: String, _ text: String) throws -> String {
        let path = cli.home.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// How many `__draw` children of this test's runs are still running: those whose environment has this test's
    /// own HOME (tests running beside it draw too).
    func drawingChildren() -> Int {
        let listing = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        let home = "HOME=\(cli.home.url.path)\0"
        return listing.filter { Int($0) != nil }.count { pid in
            let command = (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? ""
            let environment =
                (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/environ"))).map { String(decoding: $0, as: UTF8.self) } ?? ""
            return command.contains("dots-sso") && command.contains("__draw") && environment.contains(home)
        }
    }

    @Test(
        "validate: dashes without end are a warning naming the limit they hit; a billion-copy repeater is counted and never drawn; the command goes on",
        arguments: [
            ("dashes", "512,20", "needed more than 512 MiB of memory"),
            ("dashes", "6144,1", "used more than 1 s of CPU"),
            ("repeater", "512,20", "repeaters here draw 1000000000 copies"),
        ])
    func validate(kind: String, limits: String, expected: String) async throws {
        let hostile = try file("\(kind).json", kind == "repeater" ? Self.repeater : Self.dashes)
        let fine = try file(
            "fine.json",
            Self.animation(
                #"{"ty":"rc","d":1,"s":{"a":0,"k":[40,40]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"r":1}"#
            ))
        let result = try await cli.run(
            ["bodymovin", "validate", hostile, fine, "--json"], environment: ["DOTS_SSO_DRAW_LIMITS": limits], timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(kind == "repeater" ? "lottie.render.skipped" : "lottie.render.too-costly"), "\(result.stdout)")
        #expect(result.stdout.contains(expected), "\(result.stdout)")
        #expect(result.duration < 30)
        #expect(result.stdout.contains("fine.json"), "the other file was still reported")
    }

    @Test(
        "preview: a file that costs too much ends 65 naming the limit (or, when its JSON shows the cost, the count), and writes no picture")
    func preview() async throws {
        let sheet = cli.home.path("sheet.png")
        let dashes = try file("dashes.json", Self.dashes)
        let drawn = try await cli.run(["bodymovin", "preview", dashes, "--output", sheet], environment: ["DOTS_SSO_DRAW_LIMITS": "512,20"])
        #expect(drawn.status == 65, "\(drawn.stderr)")
        #expect(drawn.stderr.contains("needed more than 512 MiB of memory"), "\(drawn.stderr)")
        let repeater = try file("repeater.json", Self.repeater)
        let counted = try await cli.run(["bodymovin", "preview", repeater, "--output", sheet])
        #expect(counted.status == 65 && counted.stderr.contains("lottie.repeater.copies"), "\(counted.stderr)")
        #expect(counted.duration < 5, "refused before any drawing: \(counted.duration) s")
        #expect(!FileManager.default.fileExists(atPath: sheet))
    }

    /// Round four's variants: tiny files whose JSON already shows what drawing them would cost.
    static func withImages(count: Int, side: Int) -> String {
        // A 1×1 PNG whose asset declares `side`×`side`: players allocate what the asset and the image say.
        let png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
        let assets = (0..<count).map { #"{"id":"i\#($0)","w":\#(side),"h":\#(side),"e":1,"p":"data:image/png;base64,\#(png)"}"# }
        let layers = (0..<count).map { #"{"ty":2,"ind":\#($0 + 1),"refId":"i\#($0)","ip":0,"op":30,"st":0,"ks":\#(layerTransform)}"# }
        return
            #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":100,"assets":[\#(assets.joined(separator: ","))],"layers":[\#(layers.joined(separator: ","))]}"#
    }

    static let wideStroke = animation(
        #"{"ty":"gr","it":[{"ty":"rc","d":1,"s":{"a":0,"k":[40,40]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}},{"ty":"st","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":100000000000},"lc":1,"lj":1},\#(transform)]}"#
    )

    @Test(
        "a 15,000² image, forty 4,200² images and a stroke 10¹¹ wide are findings before anything is drawn: validate, preview and check stay fast",
        arguments: [
            ("one-huge-image", "lottie.images.pixels"), ("forty-images", "lottie.images.pixels"), ("wide-stroke", "lottie.stroke.width"),
        ])
    func costlyBeforeDrawing(kind: String, code: String) async throws {
        let text =
            switch kind {
            case "one-huge-image": Self.withImages(count: 1, side: 15_000)
            case "forty-images": Self.withImages(count: 40, side: 4_200)
            default: Self.wideStroke
            }
        let hostile = try file("\(kind).json", text)
        let validated = try await cli.run(["bodymovin", "validate", hostile, "--json"], timeout: 30)
        #expect(validated.status == 0, "\(validated.stderr)")
        #expect(validated.stdout.contains(code) && validated.stdout.contains("lottie.render.skipped"), "\(validated.stdout)")
        #expect(validated.duration < 5, "\(validated.duration) s")
        let preview = try await cli.run(["bodymovin", "preview", hostile, "--output", cli.home.path("\(kind).png")], timeout: 30)
        #expect(preview.status == 65 && preview.stderr.contains(code), "\(preview.stderr)")
        // check: the finding, no drawing, and no empty dots-sso-check-XXXXXX folder left in the temporary folder.
        let tmp = TemporaryDirectory("tmpdir")
        let channel = try file("acme-\(kind).json", #"{"name":"acme","loadingAnimation":"\#(hostile)"}"#)
        let checked = try await cli.run(
            ["check", "--channel", channel, "--only", "loading-animation", "--json"], environment: ["TMPDIR": tmp.url.path], timeout: 30)
        #expect([0, 1].contains(checked.status), "\(checked.stderr)")
        #expect(checked.stdout.contains(code), "\(checked.stdout)")
        #expect(checked.duration < 10, "\(checked.duration) s")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.url.path).isEmpty, "nothing left in TMPDIR")
    }

    @Test(
        "check: a loading animation that draws for ever is cut at --timeout; the report and the JUnit file are written, the process ends, no child is left"
    )
    func checkTimeout() async throws {
        let hostile = try file("dashes.json", Self.dashes)
        let channel = try file("acme.json", #"{"name":"acme","loadingAnimation":"\#(hostile)"}"#)
        let junit = cli.home.path("report.xml")
        let result = try await cli.run(
            [
                "check", "--channel", channel, "--only", "loading-animation", "--timeout", "3", "--junit", junit,
                "--pictures", cli.home.path("pics"),
            ],
            environment: ["DOTS_SSO_DRAW_LIMITS": "8192,120"], timeout: 30)
        #expect(!result.timedOut)
        #expect(result.duration < 3 + 5, "\(result.duration) s")
        #expect([0, 1].contains(result.status), "\(result.stderr)")
        #expect(result.stdout.contains("loading-animation"), "\(result.stdout)")
        #expect(FileManager.default.fileExists(atPath: junit))
        try await Task.sleep(for: .milliseconds(500))
        #expect(drawingChildren() == 0, "the drawing child died with its parent")
    }

    @Test("a shared $TMPDIR/dots-sso-check planted by another user (0777, a link to the victim's file inside) is never used")
    func plantedSharedFolder() async throws {
        let tmp = TemporaryDirectory("tmpdir")
        let victim = cli.home.path("victim.txt")
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: victim))
        let planted = tmp.path("dots-sso-check")
        try FileManager.default.createDirectory(atPath: planted, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o777])
        #expect(symlink(victim, planted + "/acme-loading-animation.png") == 0)
        if getuid() == 0 {
            // Running as root: the folder is another user's, as on a shared CI runner (nobody).
            _ = chown(planted, 65534, 65534)
            _ = lchown(planted + "/acme-loading-animation.png", 65534, 65534)
        } else {
            print("NOTICE: not root, so the planted folder is this user's own; the test still shows it is not used")
        }
        let animation = try file(
            "fine.json",
            Self.animation(
                #"{"ty":"rc","d":1,"s":{"a":0,"k":[40,40]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"r":1}"#
            ))
        let channel = try file("acme.json", #"{"name":"acme","loadingAnimation":"\#(animation)"}"#)
        let result = try await cli.run(
            ["check", "--channel", channel, "--only", "loading-animation"], environment: ["TMPDIR": tmp.url.path])
        #expect([0, 1].contains(result.status), "\(result.stderr)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n", "the victim's file is untouched")
        #expect(result.stdout.contains(tmp.url.path + "/dots-sso-check-"), "the sheet went to a private folder: \(result.stdout)")
        let made = try FileManager.default.contentsOfDirectory(atPath: tmp.url.path).filter { $0.hasPrefix("dots-sso-check-") }
        #expect(made.count == 1 && FileStatus(tmp.path(made[0]))?.mode == 0o700, "\(made)")
    }
}
