import DotsSSOBasics
import Foundation
import TestSupport
import Testing

@testable import DotsSSOCLI
@testable import DotsSSOCore

/// Issue 36, where we write: a symbolic link at an output's final name is replaced, never followed; a FIFO where a
/// report should go is refused at once unless named on purpose (/dev); a report named as our stdout goes there
/// with the rest on stderr; a channel's name never becomes a path.
@Suite("where we write: links, FIFOs, stdout, names from files")
struct WhereWeWriteTests {
    static let animation = #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":[]}"#

    func animationFile(_ t: TestContext) throws -> String {
        let path = t.home.path("ok.json")
        try Data(Self.animation.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a symbolic link at --junit's final name is replaced by the report; the file it pointed to is untouched")
    func linkNotFollowed() async throws {
        let t = TestContext()
        let victim = t.home.path("victim.txt")
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: victim))
        let report = t.home.path("report.xml")
        #expect(symlink(victim, report) == 0)
        let result = await t.run(["bodymovin", "validate", try animationFile(t), "--no-render", "--junit", report])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n", "the link's target was not written")
        #expect(FileStatus(report, followingLinks: false).map { $0.isRegular && !$0.isLink } == true, "the link became the report")
        #expect(try String(contentsOfFile: report, encoding: .utf8).hasPrefix("<?xml"))
    }

    @Test("a FIFO planted at --junit is refused at once (74), for the validators and for check's merge alike; it stays a FIFO")
    func fifoRefused() async throws {
        let t = TestContext()
        let fifo = t.home.path("report.xml")
        #expect(mkfifo(fifo, 0o600) == 0)
        let started = Date()
        let result = await t.run(["bodymovin", "validate", try animationFile(t), "--no-render", "--junit", fifo])
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains("it is a FIFO, not a file"), "\(result.stderr)")
        try t.writeChannel("acme", #"{"name":"acme","loadingAnimation":"\#(try animationFile(t))"}"#)
        let check = await t.run([
            "check", "--channel", "acme", "--only", "loading-animation", "--junit", fifo, "--pictures", t.home.path("pics"),
        ])
        #expect(check.status == 74, "\(check.stderr)")
        // Nothing opens the FIFO's other end, so a run that waited for it would never end; the bound is wide because
        // in-process runs wait for the suite's cooperative threads, which a full parallel run can hold for seconds
        // (22.6 s once, against 20).
        #expect(Date().timeIntervalSince(started) < 60, "nothing waited for a FIFO writer or reader")
        #expect(FileStatus(fifo).map { !$0.isRegular && !$0.isDirectory } == true)
    }

    @Test("a descriptor named on purpose (/dev/fd/N, as a process substitution gives) is written in place")
    func namedDescriptor() async throws {
        let t = TestContext()
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let readEnd = ends[0]
        // Read on a thread of its own: a detached task still runs on the cooperative pool, and a read that blocks until
        // the run below closes the pipe held one of its two threads (one stuck full run showed it there).
        let reader = Task {
            try await DetachedThread.run { () -> String in
                let handle = FileHandle(fileDescriptor: readEnd, closeOnDealloc: true)
                return String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
            }
        }
        let result = await t.run(["bodymovin", "validate", try animationFile(t), "--no-render", "--junit", "/dev/fd/\(ends[1])"])
        close(ends[1])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try await reader.value.hasPrefix("<?xml"))
    }

    @Test(
        "/dev/shm is a folder like any other: a report there is written, a link at its name replaced, a refresh-token file kept"
    )
    func sharedMemoryFolder() async throws {
        guard FileStatus("/dev/shm")?.isDirectory == true, access("/dev/shm", W_OK) == 0 else {
            print("NOTICE: no writable /dev/shm here; the shared-memory folder test is skipped")
            return
        }
        let t = TestContext()
        var template = Array("/dev/shm/dots-sso-test-XXXXXX".utf8CString)
        let folder = try #require(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) })
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Before, every path under /dev was opened in place as a device: a new report there failed to open (74).
        let report = "\(folder)/report.xml"
        let result = await t.run(["bodymovin", "validate", try animationFile(t), "--no-render", "--junit", report])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOfFile: report, encoding: .utf8).hasPrefix("<?xml"))
        // A link planted there is replaced, as anywhere else (the folder is shared by every user of the machine).
        let victim = t.home.path("victim.txt")
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: victim))
        let planted = "\(folder)/planted.xml"
        #expect(symlink(victim, planted) == 0)
        #expect(await t.run(["bodymovin", "validate", try animationFile(t), "--no-render", "--junit", planted]).status == 0)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
        #expect(FileStatus(planted, followingLinks: false).map { $0.isRegular && !$0.isLink } == true)
        // CI keeps secrets off the disk there: a refresh-token file in it can take the rotated token.
        let tokenFile = RefreshTokenFile(path: "\(folder)/refresh-token")
        try tokenFile.store("rt-kept-in-memory")
        // Before, the reservation refused it as "not a plain file", and the job could not refresh at all.
        let reservation = try tokenFile.reserveWriteBack()
        try reservation.commit(Data("rt-rotated\n".utf8))
        #expect(try String(contentsOfFile: tokenFile.path, encoding: .utf8) == "rt-rotated\n")
        #expect(FileStatus(tokenFile.path)?.mode == 0o600)
        #expect(AtomicFile.namesDevice("/dev/stdout") && AtomicFile.namesDevice("/dev/shm/../stdout"))
    }

    @Test("--junit - puts the report alone on stdout and the command's own output on stderr", arguments: ["-", "/dev/stdout"])
    func reportOnStdout(path: String) async throws {
        let t = TestContext()
        let result = await t.run(["bodymovin", "validate", try animationFile(t), "--no-render", "--junit", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("<?xml") && result.stdout.hasSuffix("</testsuites>\n"), "\(result.stdout)")
        #expect(result.stderr.contains("ok.json"), "the human output went to stderr: \(result.stderr)")
        try t.writeChannel("acme", #"{"name":"acme","loadingAnimation":"\#(try animationFile(t))"}"#)
        let check = await t.run([
            "check", "--channel", "acme", "--only", "loading-animation", "--junit", path, "--pictures", t.home.path("pics"),
        ])
        #expect(check.stdout.hasPrefix("<?xml") && check.stdout.contains("<testsuite name=\"acme\""), "\(check.stdout)")
        #expect(check.stderr.contains("loading-animation"), "\(check.stderr)")
    }

    @Test("a channel file whose name is a path is refused (78); a name from a file's own name is made a safe file name")
    func channelNames() async throws {
        let t = TestContext()
        let file = t.home.path("acme.json")
        try Data(#"{"name":"../elsewhere/x","loadingAnimation":"\#(try animationFile(t))"}"#.utf8).write(to: URL(fileURLWithPath: file))
        let result = await t.run(["check", "--channel", file, "--only", "loading-animation"])
        #expect(result.status == 78, "\(result.stderr)")
        #expect(result.stderr.contains("\"name\" \"../elsewhere/x\" may use only letters"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: t.home.path("elsewhere")))
        #expect(ChannelStore.fileStem("acme partner/../x") == "acme-partner-..-x")
        #expect(ChannelStore.fileStem("..hidden") == "hidden")
    }

    @Test("the folder check draws into without --pictures is made for each run, 0700, never a fixed shared name")
    func privatePictureFolder() async throws {
        let t = TestContext()
        try t.writeChannel("acme", #"{"name":"acme","loadingAnimation":"\#(try animationFile(t))"}"#)
        let first = try PrivateFolder.make(prefix: "dots-sso-check")
        let second = try PrivateFolder.make(prefix: "dots-sso-check")
        defer { try? FileManager.default.removeItem(at: first); try? FileManager.default.removeItem(at: second) }
        #expect(first != second)
        #expect(FileStatus(first.path)?.mode == 0o700)
        #expect(first.lastPathComponent.hasPrefix("dots-sso-check-"))
    }
}
