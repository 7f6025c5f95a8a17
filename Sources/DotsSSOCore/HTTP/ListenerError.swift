import DotsSSOBasics

/// A loopback port that cannot be listened on (in use, not permitted): the network is unavailable to us (69). The
/// listener (DotsSSOLoopback) words the server library's failure.
package struct ListenerError: UserFacingError, Equatable {
    package let port: Int
    package let detail: String

    package init(port: Int, detail: String) {
        self.port = port
        self.detail = detail
    }

    package var message: String {
        if port == 0 { return "cannot listen on 127.0.0.1: \(detail)" }
        if detail == "in use" {
            return "port \(port) is in use; choose another with \(CLIFlag.port), or leave \(CLIFlag.port) out for a free one"
        }
        return
            "cannot listen on 127.0.0.1:\(port): \(detail); choose another with \(CLIFlag.port), or leave \(CLIFlag.port) out for a free one"
    }

    package var exitStatus: ExitStatus { .network }
}
