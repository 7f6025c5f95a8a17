import DotsSSOBasics
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Where picture work runs: in a child process of our own binary (the command-line tool), or in this process
/// (in-process tests, whose executable is the test runner, and a binary that cannot find itself).
package enum DrawingPlace: Sendable, Equatable {
    case inProcess
    case childProcess(executable: String)

    /// The running binary, for its drawing children: /proc/self/exe, else argv[0] as a path or found on PATH.
    package static func ownBinary(environment: Environment) -> DrawingPlace {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if length > 0 {
            return .childProcess(executable: String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        guard let first = ProcessArguments.all.first, !first.isEmpty else { return .inProcess }
        if first.contains("/") { return access(first, X_OK) == 0 ? .childProcess(executable: first) : .inProcess }
        for folder in (environment["PATH"] ?? "").split(separator: ":") where access("\(folder)/\(first)", X_OK) == 0 {
            return .childProcess(executable: "\(folder)/\(first)")
        }
        return .inProcess
    }
}

/// How a job ended when it did not end with a result: the limit it hit, in words for a finding or an error.
package struct DrawingTooCostly: UserFacingError, Equatable {
    package let limit: String

    package var message: String { "drawing it was stopped: it \(limit); a loader or a pass that costs this much is an attack or a mistake" }
    package var exitStatus: ExitStatus { .malformedInput }
}

/// Runs a `DrawingJob` where `place` says, bounded by `limits`. A child that is killed or runs over becomes
/// `DrawingTooCostly` naming the limit; an error the job itself ended with comes back as that error.
package struct IsolatedDrawing: Sendable {
    package var place: DrawingPlace
    package var limits: DrawingLimits
    /// What draws in this process (in-process tests, and when no child can start); nil: nothing here can draw, and
    /// every job in this process ends as `PictureError.libraryMissing`.
    package var drawer: (any Drawer)?

    package init(place: DrawingPlace, limits: DrawingLimits = .standard, drawer: (any Drawer)? = nil) {
        self.place = place
        self.limits = limits
        self.drawer = drawer
    }

    /// One job in this process, by `drawer`, or the error a run without one ends with.
    func performHere(_ job: DrawingJob) -> DrawingResult {
        drawer?.perform(job)
            ?? .failed(PictureError.libraryMissing("pictures are not drawn in this run (no drawing libraries were given to it)"))
    }

    /// One partner input and the job made from the path of its private copy.
    package struct Request: Sendable {
        package var input: Data
        package var job: @Sendable (String) -> DrawingJob

        package init(input: Data, job: @escaping @Sendable (String) -> DrawingJob) {
            self.input = input
            self.job = job
        }
    }

    /// The result, or the job's own error (`DrawingFailed`), or `DrawingTooCostly`. `input` (the partner's bytes)
    /// is written into a private folder, and `job` is made with its path.
    package func run(input: Data, _ job: @escaping @Sendable (String) -> DrawingJob) async throws -> DrawingResult {
        try await runAll([Request(input: input, job: job)])[0].get()
    }

    /// Every request, in order, in as few children as the limits allow: one child draws the jobs one after another
    /// (each with its own CPU budget and wall clock, measured from the previous job's end), so a batch pays one
    /// process start, not one per file. A job that stops its child at a limit is `DrawingTooCostly`; the jobs after
    /// it go on in a fresh child.
    package func runAll(_ requests: [Request]) async -> [Result<DrawingResult, any Error>] {
        guard !requests.isEmpty else { return [] }
        let folder: URL
        do {
            folder = try PrivateFolder.make(prefix: "dots-sso-draw")
        } catch {
            return requests.map { _ in .failure(error) }
        }
        defer { ScratchSpace.remove(folder) }
        var jobs: [DrawingJob] = []
        for (index, request) in requests.enumerated() {
            let inputFile = folder.appendingPathComponent("input-\(index)").path
            guard FileManager.default.createFile(atPath: inputFile, contents: request.input, attributes: [.posixPermissions: 0o600]) else {
                let failure = OutputError.cannotWrite(
                    path: inputFile, what: "a drawing job's input", reason: "the temporary folder is not writable")
                return requests.map { _ in .failure(failure) }
            }
            jobs.append(request.job(inputFile))
        }
        var results: [DrawingResult?] = Array(repeating: nil, count: jobs.count)
        var failures: [Int: any Error] = [:]
        switch place {
        case .inProcess:
            results = jobs.map(performHere)
        case .childProcess(let executable):
            var pending = Array(jobs.indices)
            var run = 0
            while !pending.isEmpty {
                run += 1
                let (done, stopped) = await inChild(pending.map { jobs[$0] }, executable: executable, folder: folder, run: run)
                for (position, result) in done { results[pending[position]] = result }
                guard let (position, error) = stopped else { break }
                failures[pending[position]] = error
                pending = Array(pending[(position + 1)...].filter { results[$0] == nil })
            }
        }
        return jobs.indices.map { index in
            if let failure = failures[index] { return .failure(failure) }
            guard let result = results[index] else { return .failure(DrawingTooCostly(limit: "was not drawn")) }
            if let message = result.error {
                return .failure(
                    DrawingFailed(message: message, status: result.status.flatMap(ExitStatus.init(rawValue:)) ?? .internalError))
            }
            return .success(result)
        }
    }

    /// One child for `jobs`: the results it wrote (by position), and the position of the job that stopped it with
    /// why, when it did not finish them all.
    private func inChild(_ jobs: [DrawingJob], executable: String, folder: URL, run: Int)
        async -> (done: [(Int, DrawingResult)], stopped: (Int, any Error)?)
    {
        let jobFile = folder.appendingPathComponent("jobs-\(run).json").path
        let results = folder.appendingPathComponent("results-\(run)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: results, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            guard
                FileManager.default.createFile(
                    atPath: jobFile, contents: try JSONEncoder().encode(jobs), attributes: [.posixPermissions: 0o600])
            else {
                throw OutputError.cannotWrite(path: jobFile, what: "drawing jobs", reason: "the temporary folder is not writable")
            }
        } catch {
            return ([], (0, error))
        }
        let process: QuietChild
        do {
            process = try QuietChild(
                executable: executable,
                arguments: [
                    DrawingWorker.argument, jobFile, results.path,
                    String(decoding: (try? JSONEncoder().encode(limits)) ?? Data(), as: UTF8.self), String(getpid()),
                ])
        } catch {
            // Nothing to isolate with (the binary moved away): draw here rather than not at all.
            return (jobs.enumerated().map { ($0.offset, performHere($0.element)) }, nil)
        }
        // The wall clock runs per job: it restarts whenever the child finishes one.
        var finished = 0
        var progress = Stopwatch()
        var killedAtDeadline = false
        while process.isRunning {
            let count = (try? FileManager.default.contentsOfDirectory(atPath: results.path).count { $0.hasSuffix(".json") }) ?? finished
            if count > finished {
                finished = count
                progress = Stopwatch()
            } else if progress.seconds >= limits.wallSeconds {
                process.send(SIGKILL)
                killedAtDeadline = true
                break
            }
            try? await Task.sleep(nanoseconds: 2_000_000)
        }
        let ending = process.waitUntilExit()
        var done: [(Int, DrawingResult)] = []
        for position in jobs.indices {
            guard let data = FileManager.default.contents(atPath: results.appendingPathComponent("\(position).json").path),
                let result = try? JSONDecoder().decode(DrawingResult.self, from: data)
            else { break }
            done.append((position, result))
        }
        guard done.count < jobs.count else { return (done, nil) }
        let limit =
            killedAtDeadline
            ? "took longer than \(PlainNumber.text(limits.wallSeconds)) s"
            : Self.limitHit(ending, limits: limits)
        return (done, (done.count, DrawingTooCostly(limit: limit)))
    }

    /// The limit a child that ended without a result most likely hit, from how it ended.
    static func limitHit(_ ending: QuietChild.Ending, limits: DrawingLimits) -> String {
        guard case .signaled(let status) = ending else {
            guard case .exited(let status) = ending else { return "ended before drawing" }
            return "ended with status \(status) before drawing (more than \(limits.memoryMiB) MiB of memory?)"
        }
        switch status {
        case SIGXCPU, SIGKILL: return "used more than \(limits.cpuSeconds) s of CPU"
        case SIGABRT, SIGSEGV, SIGBUS:
            return "needed more than \(limits.memoryMiB) MiB of memory (the library gave up with signal \(status))"
        default: return "crashed the drawing library (signal \(status))"
        }
    }
}

/// The error a drawing job ended with in the child, with its message and status as they were there.
package struct DrawingFailed: UserFacingError, Equatable {
    package let message: String
    package let status: ExitStatus
    package var exitStatus: ExitStatus { status }
}
