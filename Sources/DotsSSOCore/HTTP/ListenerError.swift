/// A loopback port that cannot be listened on (in use, not permitted): the network is unavailable to us (69).
public struct ListenerError: UserFacingError, Equatable {
    public let port: Int
    public let detail: String

    public init(port: Int, detail: String) {
        self.port = port
        self.detail = detail
    }

    public var message: String {
        port == 0 ? "cannot listen on 127.0.0.1: \(detail)"
            : "cannot listen on 127.0.0.1:\(port): \(detail) (is another program using the port? choose another with --port)"
    }

    public var exitStatus: ExitStatus { .network }
}
