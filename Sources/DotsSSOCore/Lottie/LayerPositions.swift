/// Each layer's position in its list by its `ind`, the number parents and mattes name it by. An `ind` is nearly always
/// a small whole number (its layer's number), kept in an array; any other (fractional, negative, large) in a
/// dictionary. Built on one core before a list's layers are checked: a dictionary of 88,928 `Double` keys took about
/// 4 ms of that, with the other core idle.
struct LayerPositions: Sendable {
    /// Position + 1 for each whole `ind` below the array's size; 0 for none.
    private var dense: [Int32]
    private var sparse: [Double: Int] = [:]

    init(layers: Int) {
        dense = [Int32](repeating: 0, count: min(layers, Int(Int32.max) / 2) * 2 + 16)
    }

    subscript(ind: Double) -> Int? {
        if let slot = slot(ind) { return dense[slot] == 0 ? nil : Int(dense[slot] - 1) }
        return sparse[ind]
    }

    /// Records `position` for `ind` (the caller reports an `ind` already taken, and keeps the first).
    mutating func insert(_ ind: Double, at position: Int) {
        if let slot = slot(ind), let stored = Int32(exactly: position + 1) {
            dense[slot] = stored
        } else {
            sparse[ind] = position
        }
    }

    /// The array slot of a whole `ind` in range (-0 is 0, as it equals 0), else nil.
    private func slot(_ ind: Double) -> Int? {
        guard ind >= 0, ind < Double(dense.count), ind.rounded(.towardZero) == ind else { return nil }
        return Int(ind)
    }
}
