/// A counting semaphore for tasks: at most `limit` hold it at once, and waiters get it in the order they asked.
/// `passes fetch` holds one only while a download is on the wire, so inspecting and saving a pass never keeps a
/// connection idle.
package actor AsyncSemaphore {
    private var available: Int
    private var waiters: [CheckedContinuation<Void, Never>] = []

    package init(_ limit: Int) { available = max(1, limit) }

    package func acquire() async {
        if available > 0 {
            available -= 1
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    /// Hands the slot straight to the longest waiter, if any.
    package func release() {
        if waiters.isEmpty {
            available += 1
        } else {
            waiters.removeFirst().resume()
        }
    }
}
