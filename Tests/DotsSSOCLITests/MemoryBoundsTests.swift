import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

/// Partners' files must not need a big machine: the built binary's peak memory (GNU time's maximum resident set) on
/// big inputs stays within twice the input plus 50 MiB, and inputs with a natural size are refused at their cap
/// before the memory is spent. (Scripts/bench reports the same for the 50 MB animation on a release build.)
@Suite("memory on big inputs", .serialized)
struct MemoryBoundsTests {
    let cli = DotsSSOCLI()
    let scratch = TemporaryDirectory("memory")

    func bound(_ inputBytes: Int) -> Double { 2 * Double(inputBytes) / 1_048_576 + 50 }

    func measured(_ arguments: [String]) async throws -> (result: ProcessResult, peakMiB: Double)? {
        guard PeakMemory.available else {
            print("NOTICE: /usr/bin/time (GNU time) is absent; skipping the memory test (Scripts/bootstrap installs it)")
            return nil
        }
        return try await PeakMemory.run(TestPaths.binary.path, arguments, environment: cli.environment, timeout: 180)
    }

    /// `count` numbers 0, 1, … 99, 0, 1, … joined by commas, made by repeating one cycle: the same bytes as mapping
    /// each number to a string and joining, which took seconds of a cooperative thread the whole suite shares.
    static func numberList(_ count: Int) -> String {
        precondition(count % 100 == 0, "whole cycles of 0…99")
        let cycle = (0..<100).map(String.init).joined(separator: ",")
        return Array(repeating: cycle, count: count / 100).joined(separator: ",")
    }

    /// An animation of many small shape layers, as a designer's export with thousands of them looks.
    static func animation(bytes target: Int) -> Data {
        var layers: [String] = []
        var size = 0
        var index = 1
        while size < target {
            let layer =
                #"{"ddd":0,"ind":\#(index),"ty":4,"nm":"Shape Layer \#(index)","sr":1,"ks":{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"p":{"a":0,"k":[\#(index % 512),\#(index % 397),0]},"a":{"a":0,"k":[0,0,0]},"s":{"a":0,"k":[100,100,100]}},"ao":0,"shapes":[{"ty":"gr","it":[{"ty":"rc","d":1,"s":{"a":0,"k":[20,20]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":4},"nm":"Rect"},{"ty":"fl","c":{"a":0,"k":[0.2,0.4,0.8,1]},"o":{"a":0,"k":100},"r":1,"nm":"Fill"},{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}],"nm":"Group"}],"ip":0,"op":60,"st":0,"bm":0}"#
            layers.append(layer)
            size += layer.utf8.count + 1
            index += 1
        }
        return Data(
            (#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":512,"h":512,"nm":"many layers","ddd":0,"assets":[],"layers":["#
                + layers.joined(separator: ",") + "]}").utf8)
    }

    @Test("bodymovin validate: a 12 MB animation of 21,000 layers and 16 MB of bare numbers stay within 2× the input + 50 MiB")
    func bodymovin() async throws {
        let animation = Self.animation(bytes: 12_000_000)
        let animationPath = scratch.path("many-layers.json")
        try animation.write(to: URL(fileURLWithPath: animationPath))
        guard let (result, peak) = try await measured(["bodymovin", "validate", "--json", animationPath]) else { return }
        #expect(result.status == 0, "the file is 12 MB, a fitness warning; its layers are fine: \(result.stderr)")
        let report = try #require(
            (try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])?["files"] as? [[String: Any]])
        let summary = try #require(report.first?["summary"] as? [String: Any])
        #expect((summary["layers"] as? Int ?? 0) > 20_000)
        let errors = (report.first?["findings"] as? [[String: Any]] ?? []).filter { $0["severity"] as? String == "error" }
        #expect(errors.isEmpty, "\(errors)")
        #expect(peak < bound(animation.count), "peak \(peak) MiB for \(animation.count) bytes")
        print("memory: bodymovin validate of \(animation.count) bytes peaked at \(Int(peak)) MiB (bound \(Int(bound(animation.count))))")

        let numbers = Data(("[" + Self.numberList(5_400_000) + "]").utf8)
        let numbersPath = scratch.path("numbers.json")
        try numbers.write(to: URL(fileURLWithPath: numbersPath))
        guard let (plain, numbersPeak) = try await measured(["bodymovin", "validate", numbersPath]) else { return }
        #expect(plain.status == 1 && plain.stdout.contains("not an animation object"), "\(plain.stdout)")
        #expect(numbersPeak < bound(numbers.count), "peak \(numbersPeak) MiB for \(numbers.count) bytes")
    }

    @Test("pkpass inspect: a pass whose pass.json is 40 MB of digits is refused at the 1 MiB cap without parsing it")
    func bigPassJSON() async throws {
        let digits = "{\"formatVersion\":1,\"n\":[" + Self.numberList(14_000_000) + "]}"
        let pass = try TestPassIssuer.zip([("pass.json", Data(digits.utf8)), ("icon.png", Data([0x89, 0x50, 0x4E, 0x47]))])
        let path = scratch.path("digits.pkpass")
        try pass.write(to: URL(fileURLWithPath: path))
        guard let (result, peak) = try await measured(["pkpass", "inspect", path]) else { return }
        #expect(result.status == 1)
        #expect(result.stdout.contains("pkpass.archive.entry-too-large"), "\(result.stdout)")
        #expect(result.stdout.contains("dots-sso reads at most 1 MiB of it"), "\(result.stdout)")
        #expect(peak < bound(pass.count), "peak \(peak) MiB for a \(pass.count)-byte pass")
    }

    @Test("profile --profile-file: 20 MB is refused at the 8 MiB cap (65) before it is read")
    func bigProfile() async throws {
        let profile = Data(("{\"id\":\"u-1\",\"bio\":\"" + String(repeating: "<b>x</b> ", count: 2_300_000) + "\"}").utf8)
        let path = scratch.path("profile.json")
        try profile.write(to: URL(fileURLWithPath: path))
        guard let (result, peak) = try await measured(["profile", "--profile-file", path]) else { return }
        #expect(result.status == 65)
        #expect(result.stderr.contains("a profile is larger than 8 MiB, the most dots-sso reads"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(peak < 50, "peak \(peak) MiB: the file was not read")
    }
}
