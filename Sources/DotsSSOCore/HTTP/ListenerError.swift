import DotsSSOBasics
import NIOCore

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback port that cannot be listened on (in use, not permitted): the network is unavailable to us (69).
package struct ListenerError: UserFacingError, Equatable {
    package let port: Int
    package let detail: String

    package init(port: Int, detail: String) {
        self.port = port
        self.detail = detail
    }

    /// The listener's failure in the user's words: library internals (`bind(descriptor:ptr:bytes:)`) never reach them.
    package init(port: Int, error: any Error) {
        switch (error as? IOError)?.errnoCode {
        case EADDRINUSE?: self.init(port: port, detail: "in use")
        case EACCES?: self.init(port: port, detail: "not permitted (ports below 1024 need privileges)")
        case EADDRNOTAVAIL?: self.init(port: port, detail: "not available on this machine's loopback interface")
        case let code?: self.init(port: port, detail: String(cString: strerror(code)))
        case nil: self.init(port: port, detail: String(describing: error))
        }
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
