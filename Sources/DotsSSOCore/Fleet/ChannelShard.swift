import DotsSSOBasics

/// `--shard I/N`: the share of a run's channels one job of an N-job CI matrix takes. A channel's shard depends on
/// its key alone (FNV-1a of the name), so it lands in the same shard whatever else is in the folder, and the N
/// shards together hold every channel exactly once.
package struct ChannelShard: Sendable, Equatable, CustomStringConvertible {
    /// 1-based, as GitLab's `CI_NODE_INDEX` and a GitHub matrix written `[1, 2, 3]` give it.
    package let index: Int
    package let count: Int

    /// More jobs than any CI runs in one matrix (GitHub 256, GitLab 200).
    package static let maximumCount = 1_000

    package init(index: Int, count: Int) throws {
        guard (1...Self.maximumCount).contains(count), (1...count).contains(index) else {
            throw UsageError.invalid(
                "\(CLIFlag.shard) \(index)/\(count) is not a shard: I/N with 1 ≤ I ≤ N ≤ \(Self.maximumCount), e.g. \(CLIFlag.shard) 2/4")
        }
        self.index = index
        self.count = count
    }

    /// `I/N` as typed (`$CI_NODE_INDEX/$CI_NODE_TOTAL`); anything else is a usage error naming the form.
    package init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0].trimmingWhitespace()),
            let count = Int(parts[1].trimmingWhitespace())
        else {
            throw UsageError.invalid(
                "\(CLIFlag.shard) '\(TerminalText.oneLine(text, limit: 40))' is not I/N (this job's number and the matrix size, e.g. \(CLIFlag.shard) 2/4)"
            )
        }
        try self.init(index: index, count: count)
    }

    package var description: String { "\(index)/\(count)" }

    /// Whether the channel keyed `key` is this shard's.
    package func holds(_ key: String) -> Bool {
        Self.shard(of: key, count: count) == index
    }

    /// The shard (1-based) a key lands in among `count`.
    package static func shard(of key: String, count: Int) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return Int(hash % UInt64(max(1, count))) + 1
    }
}
