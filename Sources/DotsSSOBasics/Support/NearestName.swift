/// The known name a typo most likely meant (`clientID` → `clientId`, `pkpas` → `pkpass`), for "did you mean" hints.
package enum NearestName {
    /// The candidate closest to `typed` by edit distance (case ignored), when it is close enough to be a typo:
    /// at most a third of the longer name, and at least one edit shorter than anything else as far.
    package static func to(_ typed: String, among candidates: [String]) -> String? {
        let lowered = Array(typed.lowercased())
        let scored = candidates.map { ($0, distance(lowered, Array($0.lowercased()))) }.sorted { $0.1 < $1.1 }
        guard let best = scored.first else { return nil }
        let allowed = max(1, max(lowered.count, best.0.count) / 3)
        return best.1 <= allowed ? best.0 : nil
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
