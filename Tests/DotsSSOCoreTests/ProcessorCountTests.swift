import DotsSSOBasics
import Foundation
import Testing

@Suite("how many cores a command uses")
struct ProcessorCountTests {
    @Test("a cgroup CPU quota caps the count, rounded up; the tightest limit on the path wins; no limit is no cap")
    func quotas() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cgroup-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let leaf = root.appendingPathComponent("ci.slice/job-7")
        try FileManager.default.createDirectory(at: leaf, withIntermediateDirectories: true)
        let selfCgroup = root.appendingPathComponent("self-cgroup")
        try "0::/ci.slice/job-7\n".write(to: selfCgroup, atomically: true, encoding: .utf8)
        func measure() -> Int { ProcessorCount.measure(cgroupRoot: root.path, selfCgroup: selfCgroup.path) }
        let unlimited = ProcessorCount.measure(cgroupRoot: root.path, selfCgroup: "/nonexistent")

        try "max 100000\n".write(to: leaf.appendingPathComponent("cpu.max"), atomically: true, encoding: .utf8)
        #expect(measure() == unlimited)
        // docker --cpus 0.5: half a CPU is still one thread's worth.
        try "50000 100000\n".write(to: leaf.appendingPathComponent("cpu.max"), atomically: true, encoding: .utf8)
        #expect(measure() == 1)
        // A parent's limit holds its children too.
        try "250000 100000\n".write(to: leaf.appendingPathComponent("cpu.max"), atomically: true, encoding: .utf8)
        try "100000 100000\n".write(to: root.appendingPathComponent("ci.slice/cpu.max"), atomically: true, encoding: .utf8)
        #expect(measure() == 1)

        #expect(ProcessorCount.cpus(cpuMax: "250000 100000") == 3)
        #expect(ProcessorCount.cpus(cpuMax: "200000 100000") == 2)
        // What the kernel never writes is no limit, not a crash: garbage, a zero or negative period, an overflow.
        for line in ["max 100000", "", "200000", "abc 100000", "100000 0", "100000 -5", "99999999999999999999 100000"] {
            #expect(ProcessorCount.cpus(cpuMax: Substring(line)) == nil, "\(line)")
        }
        // cgroup v1: a quota of -1 is no limit.
        #expect(ProcessorCount.cpus(quota: "-1", period: "100000") == nil)
        #expect(ProcessorCount.cpus(quota: "150000", period: "100000") == 2)
    }
}
