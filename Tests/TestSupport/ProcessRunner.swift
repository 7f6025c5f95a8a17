import Foundation

/// What a finished process produced.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    public var duration: TimeInterval
    public var timedOut: Bool

    /// stdout and stderr together, for "no secret anywhere" assertions.
    public var allOutput: String { stdout + stderr }
}

/// Runs programs for tests, with a hard timeout so a hang fails the test instead of the suite.
public enum ProcessRunner {
    public static func run(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String]? = nil,
        stdin: Data? = nil,
        timeout: TimeInterval = 60
    ) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        // Files, not pipes: a chatty child can never block on a full pipe while we wait.
        let scratch = TemporaryDirectory("proc")
        let outURL = scratch.url.appendingPathComponent("out")
        let errURL = scratch.url.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        process.standardInput = input
        let started = Date()
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try? input.fileHandleForWriting.close()
        var timedOut = false
        while process.isRunning {
            if Date().timeIntervalSince(started) > timeout {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
                break
            }
            usleep(5_000)
        }
        process.waitUntilExit()
        let duration = Date().timeIntervalSince(started)
        try? out.close()
        try? err.close()
        return ProcessResult(
            status: process.terminationStatus,
            stdout: String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self),
            stderr: String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self),
            duration: duration,
            timedOut: timedOut
        )
    }
}

/// A long-running process (a test server, or dots-sso waiting for a browser) whose output is read while it runs;
/// killed on `stop()` or release. With `separateStderr`, stderr goes to its own file.
public final class BackgroundProcess: @unchecked Sendable {
    public let process = Process()
    public let outputFile: URL
    public let errorFile: URL
    private let scratch = TemporaryDirectory("peer")
    private let started = Date()

    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Starts the program and waits until its output matches `readyPattern`, whose first capture group is returned.
    private let input = Pipe()

    public init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil, currentDirectory: URL? = nil,
                separateStderr: Bool = false, interactive: Bool = false) throws {
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
        try process.run()
    }

    /// Types a line into an `interactive` process's stdin.
    public func type(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    public var output: String { String(decoding: (try? Data(contentsOf: outputFile)) ?? Data(), as: UTF8.self) }
    public var errors: String { String(decoding: (try? Data(contentsOf: errorFile)) ?? Data(), as: UTF8.self) }

    /// Waits until the process exits (killing it after `timeout`) and returns what it produced.
    public func finish(timeout: TimeInterval = 60) -> ProcessResult {
        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        while process.isRunning {
            if Date() > deadline {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
                break
            }
            usleep(5_000)
        }
        process.waitUntilExit()
        return ProcessResult(status: process.terminationStatus, stdout: output, stderr: errorFile == outputFile ? "" : errors,
                             duration: Date().timeIntervalSince(started), timedOut: timedOut)
    }

    /// Waits for a regular expression to match the output (or, with `inErrors`, stderr) and returns its first capture group.
    public func waitFor(_ pattern: String, inErrors: Bool = false, timeout: TimeInterval = 20) throws -> String {
        let regex = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let text = inErrors ? errors : output
            if let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
               let range = Range(match.range(at: 1), in: text) {
                return String(text[range])
            }
            if !process.isRunning { break }
            usleep(20_000)
        }
        throw StartError(description: "process did not print /\(pattern)/ within \(timeout)s; output:\n\(output)\n\(errors)")
    }

    /// Sends SIGINT, as Ctrl-C in a terminal does.
    public func interrupt() {
        if process.isRunning { kill(process.processIdentifier, SIGINT) }
    }

    public func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    deinit { stop() }
}

/// Peak memory of a whole command, measured by GNU time (installed by Scripts/bootstrap): the maximum resident set
/// size the kernel saw, so a test can bound what a big or hostile input costs.
public enum PeakMemory {
    public static let time = "/usr/bin/time"

    /// Whether it can be measured here; tests skip with a notice when not.
    public static var available: Bool { FileManager.default.isExecutableFile(atPath: time) }

    /// Runs the program and returns its result and its peak resident memory in MiB.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                           timeout: TimeInterval = 120) throws -> (result: ProcessResult, peakMiB: Double) {
        let scratch = TemporaryDirectory("peak")
        let report = scratch.url.appendingPathComponent("rss").path
        let result = try ProcessRunner.run(time, ["-f", "%M", "-o", report, executable] + arguments, environment: environment, timeout: timeout)
        let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
        // GNU time writes "Command exited with non-zero status N" before the number when the command fails.
        guard let kilobytes = text.split(separator: "\n").last.flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }) else {
            throw PeakMemoryError(description: "GNU time reported no peak memory: \(text)")
        }
        return (result, kilobytes / 1024)
    }

    public struct PeakMemoryError: Error, CustomStringConvertible {
        public let description: String
    }
}
