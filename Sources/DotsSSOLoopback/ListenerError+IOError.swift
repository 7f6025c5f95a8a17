import DotsSSOBasics
import DotsSSOCore
import NIOCore

#if canImport(Glibc)
    import Glibc
#endif

extension ListenerError {
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
}
