import DotsSSOBasics
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The paste flow of a remote shell: the browser runs on the person's own machine, so its redirect to our
/// loopback port cannot arrive (unless an `ssh -L` forward carries it). The person pastes the address the browser
/// shows instead; the listener keeps listening meanwhile, and whichever arrives first completes the sign-in. A
/// pasted address gets exactly the listener's checks: this sign-in's state, then `iss` and the error or code.
package enum PastedRedirect {
    /// What to paste, and the SSH forward that makes the redirect work by itself, with the real port.
    static func prompt(port: Int, _ ctx: CommandContext) {
        ctx.prompt(
            "After signing in, paste the address your browser shows, starting with http://127.0.0.1:\(port)/callback "
                + "(the page itself will not load), and press Enter.")
        ctx.note("Or forward the port so the redirect arrives by itself: ssh -L \(port):127.0.0.1:\(port) \(thisHost)")
    }

    /// This machine's name as the person's ssh would reach it (the host name; `<this host>` when it has none).
    static var thisHost: String {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return "<this host>" }
        let host = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // A name made only of what a host name may hold; anything else is not worth printing into a command.
        let allowed = host.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
        return host.isEmpty || !allowed ? "<this host>" : host
    }

    /// What a pasted line is: this sign-in's redirect (its fields in the order pasted), or the reason it is not.
    package enum Reading {
        case redirect([(String, String)])
        case refused(String)
    }

    /// The longest pasted address read: a redirect carries a code, a state and perhaps `iss` (a few hundred bytes;
    /// a few KB at most). Anything longer is refused unread, so a hostile paste costs neither memory nor time.
    static let maximumBytes = 8 * 1024

    /// Reads one pasted line as this sign-in's redirect, or the reason it is not (for a warning; the prompt stays).
    package static func read(_ line: String, expectedState: String) -> Reading {
        guard line.utf8.count <= maximumBytes else {
            return .refused(
                "that line is longer than any redirect address (\(line.utf8.count >= LineReader.standardLimit ? "over " : "")"
                    + "\(line.utf8.count / 1024) KB; an address is at most \(maximumBytes / 1024) KB): paste only the address from the "
                    + "browser's address bar")
        }
        let parameters: [(String, String)]
        do {
            parameters = try AuthorizationCallback.parameters(fromURL: line)
        } catch {
            return .refused(
                "that is not an address: paste the whole address from the browser's address bar, starting with http://127.0.0.1")
        }
        switch AuthorizationCallback.arrival(parameters, expectedState: expectedState) {
        case .redirect:
            return .redirect(parameters)
        case .otherState:
            return .refused(
                "that address belongs to another sign-in (its state is not this one's: an old tab, or another run of "
                    + "dots-sso); sign in from the URL printed above and paste the address it lands on")
        case .notARedirect:
            return .refused("that address carries neither a code nor an error: paste the address the browser shows after signing in")
        }
    }

    /// The first of: the listener's redirect, or a pasted line that is this sign-in's redirect. Lines that are not are
    /// answered with a warning and the wait goes on; the end of stdin leaves the listener to finish alone.
    static func race(_ receiver: LoopbackReceiver, expectedState: String, wait: TimeInterval, _ ctx: CommandContext) async throws -> [(
        String, String
    )] {
        let lines = AsyncStream<String> { continuation in
            // readLine blocks; a thread of its own keeps it off the cooperative pool. When the listener wins it stays
            // blocked until the process ends, which is harmless.
            let started = DetachedThread.start(stackSize: 1 << 20) {
                while let line = ctx.readLine() { continuation.yield(line) }
                continuation.finish()
            }
            if !started { continuation.finish() }
        }
        return try await withThrowingTaskGroup(of: [(String, String)]?.self) { group in
            group.addTask { try await receiver.waitForCallback(timeout: wait) }
            group.addTask {
                for await line in lines {
                    let trimmed = line.trimmed()
                    guard !trimmed.isEmpty else { continue }
                    switch read(trimmed, expectedState: expectedState) {
                    case .redirect(let parameters):
                        return parameters
                    case .refused(let reason):
                        ctx.warn("\(reason); still waiting")
                    }
                }
                return nil
            }
            defer { group.cancelAll() }
            while let next = try await group.next() {
                if let parameters = next { return parameters }
            }
            throw CancellationError()
        }
    }
}
