import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where picture work runs: in a child process of our own binary (the command-line tool), or in this process
/// (in-process tests, whose executable is the test runner, and a binary that cannot find itself).
public enum DrawingPlace: Sendable, Equatable {
    case inProcess
    case childProcess(executable: String)

    /// The running binary, for its drawing children: /proc/self/exe, else argv[0] as a path or found on PATH.
    public static func ownBinary(environment: Environment) -> DrawingPlace {
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
public struct DrawingTooCostly: UserFacingError, Equatable {
    public let limit: String

    public var message: String { "drawing it was stopped: it \(limit); a loader or a pass that costs this much is an attack or a mistake" }
    public var exitStatus: ExitStatus { .malformedInput }
}

/// Runs a `DrawingJob` where `place` says, bounded by `limits`. A child that is killed or runs over becomes
/// `DrawingTooCostly` naming the limit; an error the job itself ended with comes back as that error.
public struct IsolatedDrawing: Sendable {
    public var place: DrawingPlace
    public var limits: DrawingLimits

    public init(place: DrawingPlace, limits: DrawingLimits = .standard) {
        self.place = place
        self.limits = limits
    }

    /// The result, or the job's own error (`DrawingFailed`), or `DrawingTooCostly`. `input` (the partner's bytes)
    /// is written into a private folder of the job's own, and `job` is made with its path.
    public func run(input: Data, _ job: (String) -> DrawingJob) async throws -> DrawingResult {
        let folder = try PrivateFolder.make(prefix: "dots-sso-draw")
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputFile = folder.appendingPathComponent("input").path
        guard FileManager.default.createFile(atPath: inputFile, contents: input, attributes: [.posixPermissions: 0o600]) else {
            throw OutputError.cannotWrite(path: inputFile, what: "a drawing job's input", reason: "the temporary folder is not writable")
        }
        let result: DrawingResult
        switch place {
        case .inProcess:
            result = DrawingWorker.perform(job(inputFile))
        case .childProcess(let executable):
            result = try await inChild(job(inputFile), executable: executable, folder: folder)
        }
        if let message = result.error {
            throw DrawingFailed(message: message, status: result.status.flatMap(ExitStatus.init(rawValue:)) ?? .internalError)
        }
        return result
    }

    private func inChild(_ job: DrawingJob, executable: String, folder: URL) async throws -> DrawingResult {
        let jobFile = folder.appendingPathComponent("job.json").path, resultFile = folder.appendingPathComponent("result.json").path
        guard FileManager.default.createFile(atPath: jobFile, contents: try JSONEncoder().encode(job), attributes: [.posixPermissions: 0o600]) else {
            throw OutputError.cannotWrite(path: jobFile, what: "a drawing job", reason: "the temporary folder is not writable")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [DrawingWorker.argument, jobFile, resultFile, String(decoding: try JSONEncoder().encode(limits), as: UTF8.self),
                             String(getpid())]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            // Nothing to isolate with (the binary moved away): draw here rather than not at all.
            return DrawingWorker.perform(job)
        }
        let deadline = Date().addingTimeInterval(limits.wallSeconds)
        var killedAtDeadline = false
        while process.isRunning {
            if Date() >= deadline {
                kill(process.processIdentifier, SIGKILL)
                killedAtDeadline = true
                break
            }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        process.waitUntilExit()
        if killedAtDeadline { throw DrawingTooCostly(limit: "took longer than \(LottieSummary.format(limits.wallSeconds)) s") }
        if process.terminationReason == .exit, process.terminationStatus == 0, let data = FileManager.default.contents(atPath: resultFile),
           let result = try? JSONDecoder().decode(DrawingResult.self, from: data) {
            return result
        }
        throw DrawingTooCostly(limit: Self.limitHit(reason: process.terminationReason, status: process.terminationStatus, limits: limits))
    }

    /// The limit a child that ended without a result most likely hit, from how it ended.
    static func limitHit(reason: Process.TerminationReason, status: Int32, limits: DrawingLimits) -> String {
        guard reason == .uncaughtSignal else { return "ended with status \(status) before drawing (more than \(limits.memoryMiB) MiB of memory?)" }
        switch status {
        case SIGXCPU, SIGKILL: return "used more than \(limits.cpuSeconds) s of CPU"
        case SIGABRT, SIGSEGV, SIGBUS: return "needed more than \(limits.memoryMiB) MiB of memory (the library gave up with signal \(status))"
        default: return "crashed the drawing library (signal \(status))"
        }
    }
}

/// The error a drawing job ended with in the child, with its message and status as they were there.
public struct DrawingFailed: UserFacingError, Equatable {
    public let message: String
    public let status: ExitStatus
    public var exitStatus: ExitStatus { status }
}
