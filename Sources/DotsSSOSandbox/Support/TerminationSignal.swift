import Dispatch
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Waits for SIGINT or SIGTERM, so a long-running command (the sandbox, `demo --keep`) shuts down cleanly and
/// exits 0 instead of being killed mid-request.
enum TerminationSignal {
    /// Returns the signal that arrived.
    static func wait() async -> Int32 {
        ScratchSpace.yieldTerminationSignals()
        let received = OnceBox<Int32>()
        let sources = [SIGINT, SIGTERM].map { number -> DispatchSourceSignal in
            signal(number, SIG_IGN)
            return DispatchSource.makeSignalSource(signal: number, queue: .global())
        }
        return await withCheckedContinuation { continuation in
            for source in sources {
                let number = Int32(source.handle)
                source.setEventHandler {
                    if received.set(number) {
                        sources.forEach { $0.cancel() }
                        continuation.resume(returning: number)
                    }
                }
                source.resume()
            }
        }
    }
}
