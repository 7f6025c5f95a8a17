/// Runs `operation` for every index in `0..<count` with at most `parallel` running at once and returns the
/// results in index order. `onEach` sees each result as it finishes (for progress bars). Shared by the pass
/// inspector (CPU-bound batches) and the pass fetcher (downloads).
package func boundedConcurrentMap<Result: Sendable>(
    count: Int, parallel: Int,
    onEach: @Sendable (Int, Result) -> Void = { _, _ in },
    _ operation: @escaping @Sendable (Int) async -> Result
) async -> [Result] {
    var results = [Result?](repeating: nil, count: count)
    await withTaskGroup(of: (Int, Result).self) { group in
        var next = 0
        func startNext() {
            guard next < count else { return }
            let index = next
            next += 1
            group.addTask { (index, await operation(index)) }
        }
        for _ in 0..<max(1, min(parallel, count)) { startNext() }
        for await (index, result) in group {
            results[index] = result
            onEach(index, result)
            startNext()
        }
    }
    return results.compactMap { $0 }
}
