import Dispatch
import FoundationEssentials

/// CPU-bound work over `0..<count` split into contiguous shares, one thread a core (the calling one included), for
/// synchronous code that cannot await (a walk over an animation's layers, the writing of a document). The results
/// come back in share order. The threads are our own (DetachedThread), not Dispatch's pool, whose worker monitor
/// needs /proc; a share whose thread cannot start runs on the calling thread.
package enum ThreadShares {
    package static func run<Result: Sendable>(
        count: Int, minimumShare: Int, _ body: @escaping @Sendable (Range<Int>) -> Result
    ) -> [Result] {
        let shares = max(1, min(ProcessorCount.available, count / max(1, minimumShare)))
        let results = ShareResults<Result>(count: shares)
        let finished = DispatchSemaphore(value: 0)
        func shareRange(_ share: Int) -> Range<Int> { (count * share / shares)..<(count * (share + 1) / shares) }
        var waiting = 0
        for share in 1..<shares {
            let range = shareRange(share)
            let started = DetachedThread.start {
                results.set(share, body(range))
                finished.signal()
            }
            if started { waiting += 1 } else { results.set(share, body(range)) }
        }
        results.set(0, body(shareRange(0)))
        for _ in 0..<waiting { finished.wait() }
        return results.take()
    }
}

/// One slot a share, each written by one thread only (a buffer of their own, not an array several threads would
/// modify), read once all have finished.
private final class ShareResults<Result: Sendable>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Result?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func set(_ share: Int, _ result: Result) { slots[share] = result }

    func take() -> [Result] { slots.map { $0! } }
}
