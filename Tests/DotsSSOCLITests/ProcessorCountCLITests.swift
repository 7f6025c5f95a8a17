import DotsSSOBasics
import Foundation
import TestSupport
import Testing

@Suite("the cores a command uses")
struct ProcessorCountCLITests {
    @Test("pinned to one CPU by taskset, the binary counts one core and says so in version, whatever the machine has")
    func pinnedToOneCPU() async throws {
        guard let taskset = ["/usr/bin/taskset", "/bin/taskset"].first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else {
            print("NOTICE: taskset (util-linux) is absent; the pinned-CPU test is skipped")
            return
        }
        // The first CPU this process may use: a CI container's cpuset need not include CPU 0.
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let allowed = status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") }
        let cpu =
            allowed.flatMap { $0.dropFirst("Cpus_allowed_list:".count).split(whereSeparator: { !$0.isNumber }).first }.map(String.init)
            ?? "0"
        let pinned = try await ProcessRunner.run(taskset, ["-c", cpu, TestPaths.binary.path, "version", "--json"])
        #expect(pinned.status == 0, "\(pinned.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(pinned.stdout.utf8)) as? [String: Any])
        #expect(report["cores"] as? Int == 1)
        let online = ProcessInfo.processInfo.activeProcessorCount
        #expect(report["coresOnline"] as? Int == online)
        let text = try await ProcessRunner.run(taskset, ["-c", cpu, TestPaths.binary.path, "version"])
        #expect(text.stdout.contains(online > 1 ? "cores     1 of \(online) online" : "cores     1"), "\(text.stdout)")

        // Unpinned, the binary and this process agree: at least one, at most the CPUs online.
        let free = try await ProcessRunner.run(TestPaths.binary.path, ["version", "--json"])
        let freeReport = try #require(try JSONSerialization.jsonObject(with: Data(free.stdout.utf8)) as? [String: Any])
        #expect(freeReport["cores"] as? Int == ProcessorCount.available)
        #expect((1...online).contains(ProcessorCount.available))
    }
}
