import CJQ
import DotsSSOBasics
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// `--jq EXPR` on every `--json`: jq's own filter (libjq), never a home-made subset, so an expression behaves as it
/// does in jq. Each result is a line: a string as its text (as gh's `--jq` and `jq -r` print it), anything else as
/// compact JSON, so `flags --json --jq '.flags.canAccessApp'` prints `true`.
package enum JQFilter {
    /// The most a filter may print: an expression that multiplies its input (`[range(1e9)]`) ends with an error
    /// instead of taking the machine's memory.
    package static let outputLimit = 256 * 1_048_576

    package static func apply(_ program: String, to json: Data) throws -> String {
        var output: UnsafeMutablePointer<CChar>?
        var error = [CChar](repeating: 0, count: 512)
        let status = json.withUnsafeBytes { bytes in
            program.withCString { expression in
                dots_jq_run(
                    expression, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count, outputLimit, &output, &error,
                    error.count)
            }
        }
        let reason = TerminalText.oneLine(
            String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), limit: 300)
        guard status == 0, let output else {
            if dots_jq_load() != nil { throw JQError.unavailable(reason) }
            throw status == 1 ? JQError.doesNotCompile(reason) : status == 3 ? JQError.tooLarge : JQError.failed(reason)
        }
        defer { free(output) }
        return String(cString: output)
    }
}

/// Why `--jq` printed nothing.
package enum JQError: UserFacingError, Equatable {
    case unavailable(String)
    case doesNotCompile(String)
    case failed(String)
    case tooLarge

    package var message: String {
        switch self {
        case .unavailable(let reason): "\(CLIFlag.jq) needs libjq: \(reason)"
        case .doesNotCompile(let reason): "\(CLIFlag.jq): the expression does not compile: \(reason)"
        case .failed(let reason): "\(CLIFlag.jq): the expression failed on this output: \(reason)"
        case .tooLarge: "\(CLIFlag.jq): the expression printed more than \(JQFilter.outputLimit / 1_048_576) MB; narrow it"
        }
    }

    package var exitStatus: ExitStatus {
        switch self {
        case .unavailable: .network
        case .doesNotCompile, .failed, .tooLarge: .usage
        }
    }
}
