import CDotsRuntime
import DotsSSOBasics
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// One piece of picture work: what rlottie, cairo, pango and zint do with a partner's file. It runs in a child
/// process of our own binary (`dots-sso __draw JOBS RESULTS …`) under memory and CPU limits, so nothing a C library
/// does with a hostile file (gigabytes for a 1 KB repeater, hours for a 1e12 stroke, a worker thread that never
/// ends) can take the command with it. The `Drawer` performs it, the same code in the child and in-process.
package enum DrawingJob: Codable, Sendable {
    /// `LottieFrameCheck`'s findings for the animation in `input` (validated again in the child: cheap and exact).
    case lottieCheck(input: String, name: String)
    /// A contact sheet (and a GIF), with the render check's findings when `withFindings`.
    case lottieSheet(input: String, name: String, frames: Int, cell: PictureSize, sheet: String, gif: String?, withFindings: Bool)
    /// A pass's front (and back) as Wallet lays it out.
    case passPreview(input: String, name: String, front: String, back: String?, locale: String?)
}

/// What a job produced, or the error it ended with (a `UserFacingError`'s message and status).
package struct DrawingResult: Codable, Sendable {
    package var findings: [Finding] = []
    package var frames: [Int]?
    package var gifFrames: Int?
    package var style: String?
    /// A pass preview's layout.
    package var layout: PassLayout?
    package var back: String?
    package var error: String?
    package var status: Int32?

    package init() {}

    /// The result of a job that ended with `error`: its message and exit status (70 for an error that is not ours).
    package static func failed(_ error: any Error) -> DrawingResult {
        var result = DrawingResult()
        if let error = error as? UserFacingError {
            result.error = error.message
            result.status = error.exitStatus.rawValue
        } else {
            result.error = "\(error)"
            result.status = ExitStatus.internalError.rawValue
        }
        return result
    }
}

/// The bounds a child draws within: address space, CPU seconds, and the wall-clock time after which it is killed.
package struct DrawingLimits: Codable, Sendable, Equatable {
    package var memoryMiB: Int
    package var cpuSeconds: Int
    package var wallSeconds: Double

    /// What a shared two-core CI runner can spare for one picture: 512 MiB of address space (every corpus file draws
    /// its twelve frames, and its preview GIF, within 256 MiB) and 20 s of CPU (the slowest corpus preview with a GIF
    /// takes 3 s in the release build), the wall clock at 30 s. A loader that needs more is itself the finding; what
    /// is cheap to see in the JSON (copies, instances, image pixels, stroke widths) is reported before drawing at all.
    package static let standard = DrawingLimits(memoryMiB: 512, cpuSeconds: 20, wallSeconds: 30)

    package init(memoryMiB: Int, cpuSeconds: Int, wallSeconds: Double) {
        self.memoryMiB = memoryMiB
        self.cpuSeconds = cpuSeconds
        self.wallSeconds = wallSeconds
    }

    /// The standard limits, tightened by `DOTS_SSO_DRAW_LIMITS=MEMORY_MIB,CPU_SECONDS` (tests and careful CI jobs)
    /// and with the wall clock at `timeout` when the command has one.
    package static func from(_ environment: Environment, timeout: Double? = nil) -> DrawingLimits {
        var limits = standard
        if let text = environment["DOTS_SSO_DRAW_LIMITS"] {
            let parts = text.split(separator: ",").map { Int($0.trimmingWhitespace()) }
            if parts.count == 2, let memory = parts[0], let cpu = parts[1], (64...65_536).contains(memory), (1...3_600).contains(cpu) {
                limits.memoryMiB = memory
                limits.cpuSeconds = cpu
            }
        }
        if let timeout, timeout > 0 { limits.wallSeconds = min(limits.wallSeconds, timeout) }
        return limits
    }
}

/// What does the drawing: DotsSSOPictures's `PictureDrawer` (rlottie, cairo, pango and zint), which the executable
/// puts on the context. The core only describes jobs and runs them where `IsolatedDrawing` says.
package protocol Drawer: Sendable {
    /// Does the job here, in this process: its result, or its error as a message and status.
    func perform(_ job: DrawingJob) -> DrawingResult
}

/// The child side of `__draw`: the process limits, then each job through the executable's `Drawer`.
package enum DrawingWorker {
    /// The hidden first argument that makes the binary a drawing child (never shown in help or completions).
    package static let argument = "__draw"

    /// `dots-sso __draw JOBS RESULTS LIMITS_JSON PARENT_PID`: applies the memory limit to itself, then performs the
    /// jobs in order, each with its own CPU budget, writing `RESULTS/<position>.json` as each one ends.
    package static func serve(_ arguments: [String], drawer: any Drawer) -> Int32 {
        // A parent that ends (a command past its --timeout, a killed CI job) takes its drawing child with it.
        if arguments.count == 4, let parent = Int32(arguments[3]) { _ = dots_die_with_parent(parent) }
        guard arguments.count == 4, let jobData = FileManager.default.contents(atPath: arguments[0]),
            let jobs = try? JSONDecoder().decode([DrawingJob].self, from: jobData),
            let limits = try? JSONDecoder().decode(DrawingLimits.self, from: Data(arguments[2].utf8))
        else { return 64 }
        var memory = rlimit(rlim_cur: rlim_t(limits.memoryMiB) << 20, rlim_max: rlim_t(limits.memoryMiB) << 20)
        setrlimit(Int32(RLIMIT_AS.rawValue), &memory)
        // The CPU budget is enforced by SIGXCPU, which a parent may have left ignored or blocked (both are inherited).
        signal(SIGXCPU, SIG_DFL)
        var xcpu = sigset_t()
        sigemptyset(&xcpu)
        sigaddset(&xcpu, SIGXCPU)
        pthread_sigmask(SIG_UNBLOCK, &xcpu, nil)
        for (position, job) in jobs.enumerated() {
            allowCPU(seconds: limits.cpuSeconds)
            let result = drawer.perform(job)
            guard let data = try? JSONEncoder().encode(result) else { return 70 }
            // Written whole, then renamed: the parent never reads half a result.
            let final = "\(arguments[1])/\(position).json", partial = "\(arguments[1])/.\(position).partial"
            guard FileManager.default.createFile(atPath: partial, contents: data), rename(partial, final) == 0 else { return 74 }
        }
        return 0
    }

    /// Lets this process use `seconds` more CPU from now (SIGXCPU beyond it), within the hard limit it was given.
    static func allowCPU(seconds: Int) {
        var usage = rusage()
        getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
        var current = rlimit()
        getrlimit(Int32(RLIMIT_CPU.rawValue), &current)
        // RLIMIT_CPU counts whole seconds of the process's total: the budget starts at the next whole second.
        let used =
            Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
        let soft = rlim_t(Int(clamping: used, to: 0...Int(Int32.max), rounding: .up) + seconds)
        var cpu = rlimit(rlim_cur: min(soft, current.rlim_max), rlim_max: current.rlim_max)
        setrlimit(Int32(RLIMIT_CPU.rawValue), &cpu)
    }
}
