import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import TestSupport
import Testing

@testable import DotsSSOCLI

/// A shell glob's long file list is parsed the fast way (TrailingValuesParse), and must come out as ArgumentParser's
/// own parse of the same line would: same files in the same order, same options, same refusals.
@Suite("Long file lists parse as ArgumentParser would")
struct TrailingValuesTests {
    static func files(_ prefix: String, _ count: Int) -> [String] { (0..<count).map { "\(prefix)/pass \($0).pkpass" } }

    /// Both parses of one line, or both errors' messages.
    static func both(_ arguments: [String]) -> (fast: Result<ParsableCommand, Error>, full: Result<ParsableCommand, Error>) {
        (
            Result { try TrailingValuesParse.parse(arguments) { try DotsSSO.parseAsRoot($0) } },
            Result { try DotsSSO.parseAsRoot(arguments) }
        )
    }

    @Test("pkpass inspect: options before and between, 500 files after; files and --trust are those of the full parse")
    func inspect() throws {
        let list = Self.files("a", 10) + ["--trust", "ca.pem", "--json"] + Self.files("b", 500)
        let (fast, full) = Self.both(["pkpass", "inspect"] + list)
        let quick = try #require(try fast.get() as? PKPassInspect)
        let slow = try #require(try full.get() as? PKPassInspect)
        #expect(quick.files.count == 510)
        #expect(quick.files == slow.files)
        #expect(quick.trust.trust == ["ca.pem"])
        #expect(quick.global.json == slow.global.json)
    }

    @Test("files first and flags after (a shell glob then --json), the command's name starting the run")
    func flagsAfter() throws {
        let line = ["pkpass", "inspect"] + Self.files("h", 300) + ["--json", "--trust", "ca.pem"] + Self.files("i", 3)
        let (fast, full) = Self.both(line)
        let quick = try #require(try fast.get() as? PKPassInspect)
        let slow = try #require(try full.get() as? PKPassInspect)
        #expect(quick.files == Self.files("h", 300) + Self.files("i", 3))
        #expect(quick.files == slow.files)
        #expect(quick.trust.trust == ["ca.pem"])
        #expect(quick.global.json)
        #expect(TrailingValuesParse.longestPlainRun(line) == 0..<302)
    }

    @Test("an option's value first in the run (--trust X then files), the run just over the threshold, and just under")
    func optionValueFirst() throws {
        for count in [TrailingValuesParse.shortcutFrom - 2, TrailingValuesParse.shortcutFrom, 300] {
            let (fast, full) = Self.both(["pkpass", "inspect", "--trust", "ca.pem"] + Self.files("c", count))
            let quick = try #require(try fast.get() as? PKPassInspect)
            let slow = try #require(try full.get() as? PKPassInspect)
            #expect(quick.files == slow.files)
            #expect(quick.files.count == count)
            #expect(quick.trust.trust == ["ca.pem"])
        }
    }

    @Test("bodymovin validate and report merge take the fast way too, with their options")
    func otherCommands() throws {
        let animations = (0..<200).map { "anim-\($0).json" }
        let (fastAnimations, fullAnimations) = Self.both(["bodymovin", "validate", "--profile", "spec"] + animations)
        let quick = try #require(try fastAnimations.get() as? BodymovinValidate)
        #expect(quick.files == animations)
        #expect(quick.profile == .spec)
        #expect(try #require(try fullAnimations.get() as? BodymovinValidate).files == animations)

        let shards = (0..<100).map { "shard-\($0)/check.xml" }
        for line in [["report", "merge", "-o", "all.xml"] + shards, ["report", "merge"] + shards + ["-o", "all.xml"]] {
            let merge = try #require(try Self.both(line).fast.get() as? ReportMergeCommand)
            #expect(merge.reports == shards)
            #expect(merge.output == "all.xml")
        }
    }

    @Test("refusals are ArgumentParser's own: stdin named twice, an unknown flag, a '--' terminator kept")
    func refusals() throws {
        let twice = ["pkpass", "inspect", "-"] + Self.files("d", 100) + ["-"] + Self.files("e", 100)
        let (fast, full) = Self.both(twice)
        let fastMessage = fast.failureMessage
        #expect(fastMessage?.contains("stdin ('-') can be read only once") == true, "\(String(describing: fastMessage))")
        #expect(fastMessage == full.failureMessage)

        let unknown = ["pkpass", "inspect", "--no-such-flag"] + Self.files("f", 100)
        #expect(Self.both(unknown).fast.failureMessage == Self.both(unknown).full.failureMessage)
        #expect(Self.both(unknown).fast.failureMessage != nil)

        let terminated = ["pkpass", "inspect", "--", "-odd.pkpass"] + Self.files("g", 100)
        let kept = try #require(try Self.both(terminated).fast.get() as? PKPassInspect)
        #expect(kept.files == ["-odd.pkpass"] + Self.files("g", 100))
    }
}

extension Result where Failure == Error {
    fileprivate var failureMessage: String? {
        guard case .failure(let error) = self else { return nil }
        return DotsSSO.message(for: error)
    }
}
