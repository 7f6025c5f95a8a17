import Foundation

/// What a finished process produced.
package struct ProcessResult: Sendable {
    package var status: Int32
    package var stdout: String
    package var stderr: String
    /// From the start to the exit, as the termination handler saw it: not to when the awaiting test resumed, which a
    /// busy cooperative pool delays by seconds in a full parallel run.
    package var duration: TimeInterval
    package var timedOut: Bool

    /// stdout and stderr together, for "no secret anywhere" assertions.
    package var allOutput: String { stdout + stderr }
}

/// The exit of a child process as something a task can await without holding a thread: Foundation calls the
/// termination handler from its own thread, which ends the stream. This is what lets the suite run in parallel on two
/// cooperative threads while in-process servers (the sandbox, fake peers) answer the children being waited for.
final class ExitSignal: @unchecked Sendable {
    private let stream: AsyncStream<Void>
    private let lock = NSLock()
    private var killedByTimeout = false
    private var exit: Date?

    /// Installs the handler; call before `process.run()`.
    init(_ process: Process) {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        self.stream = stream
        process.terminationHandler = { [lock] _ in
            lock.withLock { self.exit = Date() }
            continuation.finish()
        }
    }

    /// When the child exited (nil before it has).
    var exitedAt: Date? { lock.withLock { exit } }

    /// Waits for the exit, killing the child with SIGKILL once `timeout` has passed; true when it had to.
    func wait(for process: Process, timeout: TimeInterval) async -> Bool {
        let pid = process.processIdentifier
        let timer = DispatchWorkItem { [self] in
            guard process.isRunning else { return }
            lock.withLock { killedByTimeout = true }
            kill(pid, SIGKILL)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
        for await _ in stream {}
        timer.cancel()
        process.waitUntilExit()  // reaped already; this only makes terminationStatus readable
        return lock.withLock { killedByTimeout }
    }
}

/// Runs programs for tests, with a hard timeout so a hang fails the test instead of the suite.
package enum ProcessRunner {
    /// Runs to the end, awaiting the exit without blocking a cooperative thread.
    package static func run(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String]? = nil,
        stdin: Data? = nil,
        currentDirectory: URL? = nil,
        timeout: TimeInterval = 60
    ) async throws -> ProcessResult {
        let child = try Child(executable, arguments, environment: environment, stdin: stdin, currentDirectory: currentDirectory)
        let timedOut = await child.exit.wait(for: child.process, timeout: timeout)
        return child.result(timedOut: timedOut)
    }

    /// The same for synchronous set-up code (certificates from openssl in an initialiser, a deinit): it holds its
    /// thread, so it is only for programs that talk to nothing in this process.
    package static func runBlocking(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String]? = nil,
        stdin: Data? = nil,
        timeout: TimeInterval = 60
    ) throws -> ProcessResult {
        let child = try Child(executable, arguments, environment: environment, stdin: stdin)
        var timedOut = false
        while child.process.isRunning {
            if Date().timeIntervalSince(child.started) > timeout {
                timedOut = true
                kill(child.process.processIdentifier, SIGKILL)
                break
            }
            usleep(5_000)
        }
        child.process.waitUntilExit()
        return child.result(timedOut: timedOut)
    }

    /// A started child whose output goes to files, not pipes: a chatty child can never block on a full pipe.
    private struct Child {
        let process = Process()
        let exit: ExitSignal
        let scratch = TemporaryDirectory("proc")
        let out: FileHandle
        let err: FileHandle
        let started = Date()

        init(_ executable: String, _ arguments: [String], environment: [String: String]?, stdin: Data?, currentDirectory: URL? = nil) throws
        {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            if let environment { process.environment = environment }
            if let currentDirectory { process.currentDirectoryURL = currentDirectory }
            _ = FileManager.default.createFile(atPath: scratch.path("out"), contents: nil)
            _ = FileManager.default.createFile(atPath: scratch.path("err"), contents: nil)
            out = try FileHandle(forWritingTo: scratch.url.appendingPathComponent("out"))
            err = try FileHandle(forWritingTo: scratch.url.appendingPathComponent("err"))
            process.standardOutput = out
            process.standardError = err
            let input = Pipe()
            process.standardInput = input
            exit = ExitSignal(process)
            try process.run()
            if let stdin { input.fileHandleForWriting.write(stdin) }
            try? input.fileHandleForWriting.close()
        }

        func result(timedOut: Bool) -> ProcessResult {
            try? out.close()
            try? err.close()
            return ProcessResult(
                status: process.terminationStatus,
                stdout: String(decoding: (try? Data(contentsOf: scratch.url.appendingPathComponent("out"))) ?? Data(), as: UTF8.self),
                stderr: String(decoding: (try? Data(contentsOf: scratch.url.appendingPathComponent("err"))) ?? Data(), as: UTF8.self),
                duration: (exit.exitedAt ?? Date()).timeIntervalSince(started),
                timedOut: timedOut
            )
        }
    }
}

/// A long-running process (a test server, or dots-sso waiting for a browser) whose output is read while it runs;
/// killed on `stop()` or release. With `separateStderr`, stderr goes to its own file.
package final class BackgroundProcess: @unchecked Sendable {
    package let process = Process()
    package let outputFile: URL
    package let errorFile: URL
    private let scratch = TemporaryDirectory("peer")
    private let started = Date()

    package struct StartError: Error, CustomStringConvertible {
        package let description: String
    }

    /// Starts the program and waits until its output matches `readyPattern`, whose first capture group is returned.
    private let input = Pipe()
    private let exit: ExitSignal

    package init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, currentDirectory: URL? = nil,
        separateStderr: Bool = false, interactive: Bool = false
    ) throws {
        outputFile = scratch.url.appendingPathComponent("output")
        errorFile = separateStderr ? scratch.url.appendingPathComponent("errors") : outputFile
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let handle = try FileHandle(forWritingTo: outputFile)
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        process.standardOutput = handle
        process.standardError = errorHandle
        process.standardInput = interactive ? input : FileHandle.nullDevice
        exit = ExitSignal(process)
        try process.run()
    }

    /// Types a line into an `interactive` process's stdin.
    package func type(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    package var output: String { String(decoding: (try? Data(contentsOf: outputFile)) ?? Data(), as: UTF8.self) }
    package var errors: String { String(decoding: (try? Data(contentsOf: errorFile)) ?? Data(), as: UTF8.self) }

    /// Waits until the process exits (killing it after `timeout`) and returns what it produced.
    package func finish(timeout: TimeInterval = 60) async -> ProcessResult {
        let timedOut = await exit.wait(for: process, timeout: timeout)
        return ProcessResult(
            status: process.terminationStatus, stdout: output, stderr: errorFile == outputFile ? "" : errors,
            duration: (exit.exitedAt ?? Date()).timeIntervalSince(started), timedOut: timedOut)
    }

    /// Waits for a regular expression to match the output (or, with `inErrors`, stderr) and returns its first capture group.
    package func waitFor(_ pattern: String, inErrors: Bool = false, timeout: TimeInterval = 20) async throws -> String {
        let regex = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let found = match(regex, inErrors: inErrors) { return found }
            if !process.isRunning { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw StartError(description: "process did not print /\(pattern)/ within \(timeout)s; output:\n\(output)\n\(errors)")
    }

    /// `waitFor` for a suite's shared peer started in a static initialiser, which cannot await. It holds its thread
    /// while it polls, so it is only for outside programs (Python peers), never for one that needs this process.
    package func waitForBlocking(_ pattern: String, timeout: TimeInterval = 20) throws -> String {
        let regex = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let found = match(regex, inErrors: false) { return found }
            if !process.isRunning { break }
            usleep(20_000)
        }
        throw StartError(description: "process did not print /\(pattern)/ within \(timeout)s; output:\n\(output)\n\(errors)")
    }

    private func match(_ regex: NSRegularExpression, inErrors: Bool) -> String? {
        let text = inErrors ? errors : output
        guard let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(match.range(at: 1), in: text)
        else { return nil }
        return String(text[range])
    }

    /// Writes `text` as it is to an `interactive` process's stdin and closes it (a password a program reads to EOF).
    package func send(_ text: String) throws {
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
    }

    /// Sends SIGINT, as Ctrl-C in a terminal does.
    package func interrupt() {
        if process.isRunning { kill(process.processIdentifier, SIGINT) }
    }

    package func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    deinit { stop() }
}

/// Peak memory of a whole command, measured by GNU time (installed by Scripts/bootstrap): the maximum resident set
/// size the kernel saw, so a test can bound what a big or hostile input costs.
package enum PeakMemory {
    package static let time = "/usr/bin/time"

    /// Whether it can be measured here; tests skip with a notice when not.
    package static var available: Bool { FileManager.default.isExecutableFile(atPath: time) }

    /// Runs the program and returns its result and its peak resident memory in MiB.
    package static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        timeout: TimeInterval = 120
    ) async throws -> (result: ProcessResult, peakMiB: Double) {
        let scratch = TemporaryDirectory("peak")
        let report = scratch.url.appendingPathComponent("rss").path
        let result = try await ProcessRunner.run(
            time, ["-f", "%M", "-o", report, executable] + arguments, environment: environment, timeout: timeout)
        let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
        // GNU time writes "Command exited with non-zero status N" before the number when the command fails.
        guard let kilobytes = text.split(separator: "\n").last.flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }) else {
            throw PeakMemoryError(description: "GNU time reported no peak memory: \(text)")
        }
        return (result, kilobytes / 1024)
    }

    package struct PeakMemoryError: Error, CustomStringConvertible {
        package let description: String
    }
}
