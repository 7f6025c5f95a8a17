extension CompactJSON {
    /// Up to 16 keys a walk asks objects of one kind for, indexed by their first byte once, so `members(_:_:)`
    /// compares each member's key with the one or two keys it can be instead of with all of them: a layer's sixteen
    /// keys against its dozen members was a tenth of a big animation's walk.
    public struct KeySet: Sendable {
        package static let capacity = 16
        let keys: [StaticString]
        /// Each key packed (`ShortName`), 0 for a key longer than 8 bytes (compared byte by byte; no key is empty, so
        /// no short key packs to 0).
        let names: [UInt64]
        /// For each first byte, a bit for each key starting with it.
        let startingWith: [UInt16]
        /// A bit for each key.
        let all: UInt16

        package init(_ keys: [StaticString]) {
            precondition(!keys.isEmpty && keys.count <= Self.capacity, "a key set holds 1 to \(Self.capacity) keys")
            var table = [UInt16](repeating: 0, count: 256)
            for (index, key) in keys.enumerated() {
                let first: UInt8? = key.withUTF8Buffer { $0.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "\\") } ? $0.first : nil }
                guard let first else { preconditionFailure("keys are plain ASCII names") }
                table[Int(first)] |= 1 << index
            }
            self.keys = keys
            names = keys.map { $0.utf8CodeUnitCount > ShortName.maxBytes ? 0 : ShortName($0).packed }
            startingWith = table
            all = UInt16(truncatingIfNeeded: (1 << keys.count) - 1)
        }

        /// The value node found for each key of the set, by the key's position; nil where the object lacks it.
        public struct Found {
            /// -1 for absent: nodes are never negative.
            @usableFromInline var values = InlineArray<16, Int32>(repeating: -1)

            @inlinable package subscript(_ index: Int) -> Int32? {
                let value = values[index]
                return value < 0 ? nil : value
            }
        }
    }
}
