import CDotsRuntime
import FoundationEssentials

/// How many cores this process can use: the CPUs its affinity allows (taskset, a container's cpuset), and no more
/// than its cgroup's CPU quota (`docker run --cpus 2`, a Kubernetes CPU limit), rounded up. ProcessInfo's
/// `activeProcessorCount` counts the machine's online CPUs even under `taskset -c 0`: a 2-CPU CI container on a
/// 64-core host would split a batch into 64 shares taking turns on two CPUs.
package enum ProcessorCount {
    /// Read once, at first use.
    package static let available = measure()

    /// The count from the calling thread's affinity and the quotas found under `cgroupRoot` for the cgroups listed
    /// in `selfCgroup` (a test passes a tree of its own making).
    package static func measure(cgroupRoot: String = "/sys/fs/cgroup", selfCgroup: String = "/proc/self/cgroup") -> Int {
        let allowed = Int(dots_affinity_cpu_count())
        var count = allowed > 0 ? allowed : ProcessInfo.processInfo.activeProcessorCount
        if let quota = quota(cgroupRoot: cgroupRoot, selfCgroup: selfCgroup) { count = min(count, quota) }
        return max(1, count)
    }

    /// The tightest CPU quota set for the process, in whole CPUs rounded up; nil when none is. cgroup v2: `cpu.max`
    /// of the process's own cgroup and of each one above it (a limit on a parent holds its children too). cgroup v1:
    /// the cpu controller's `cpu.cfs_quota_us` over `cpu.cfs_period_us`, as a container sees its own.
    static func quota(cgroupRoot: String, selfCgroup: String) -> Int? {
        var limits: [Int] = []
        let lines = firstLines(selfCgroup, count: 64)
        if let line = lines.first(where: { $0.hasPrefix("0::/") }) {
            var path = String(line.dropFirst(3))
            while true {
                let file = cgroupRoot + (path == "/" ? "" : path) + "/cpu.max"
                if let cpuMax = firstLines(file, count: 1).first, let cpus = cpus(cpuMax: cpuMax) { limits.append(cpus) }
                guard path != "/", let slash = path.lastIndex(of: "/") else { break }
                path = slash == path.startIndex ? "/" : String(path[..<slash])
            }
        }
        if let quota = firstLines(cgroupRoot + "/cpu/cpu.cfs_quota_us", count: 1).first,
            let period = firstLines(cgroupRoot + "/cpu/cpu.cfs_period_us", count: 1).first,
            let cpus = cpus(quota: quota, period: period)
        {
            limits.append(cpus)
        }
        return limits.min()
    }

    /// Whole CPUs for a cgroup v2 `cpu.max` line, "QUOTA PERIOD" in microseconds ("max 100000" is no limit).
    package static func cpus(cpuMax line: Substring) -> Int? {
        let parts = line.split(separator: " ")
        guard parts.count == 2 else { return nil }
        return cpus(quota: parts[0], period: parts[1])
    }

    /// Whole CPUs for a quota and period in microseconds, rounded up; nil for no limit ("max", or v1's -1) or for
    /// what is not a positive number.
    package static func cpus(quota: Substring, period: Substring) -> Int? {
        guard let quota = Int(quota), let period = Int(period), quota > 0, period > 0 else { return nil }
        return quota / period + (quota % period == 0 ? 0 : 1)
    }

    /// The first `count` lines of a small kernel file, or none when it cannot be read or holds more than 64 KiB.
    private static func firstLines(_ path: String, count: Int) -> [Substring] {
        guard case .contents(let data)? = try? InputFile.read(path, limit: 65_536) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").prefix(count).map { $0 }
    }
}
