/// The bytes rlottie is given. rlottie decides what a shape item is from its "ty" while reading, so a shape whose
/// "ty" is not its first key (JSON written with sorted keys, or by hand) silently draws nothing; lottie-ios and
/// lottie-web read keys in any order. Such a document is rewritten with every string "ty" first; any other comes
/// through untouched.
enum RlottieInput {
    static func prepared(_ bytes: [UInt8]) -> [UInt8] {
        guard let json = try? CompactJSON(bytes: bytes), json.hasTypeKeyOutOfPlace() else { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        json.writeTypeFirst(json.root, into: &output, depth: 0)
        return output
    }
}

extension CompactJSON {
    /// Whether some object has a string "ty" that is not its first member.
    func hasTypeKeyOutOfPlace() -> Bool {
        for index in 0..<starts.count where bytes[Int(starts[index])] == UInt8(ascii: "{") {
            let node = Int32(index) | Self.containerFlag
            guard let type = member(node, "ty"), kind(type) == .string else { continue }
            var children = Children(self, node)
            if let first = children.next(), first.value != type { return true }
        }
        return false
    }

    /// The bytes of a scalar or key as written.
    func raw(_ node: Int32) -> ArraySlice<UInt8> {
        let start = offset(node)
        if isContainer(node) { return bytes[start...Int(ends[containerIndex(node)])] }
        let end = bytes.withUnsafeBufferPointer { buffer in
            buffer[start] == UInt8(ascii: "\"") ? CompactJSONParser.stringEnd(buffer, quote: start).end + 1 : CompactJSONParser.scalarEnd(buffer, at: start)
        }
        return bytes[start..<end]
    }

    /// Writes `node` with each object's string "ty" member moved first (depth is bounded by the parser's maxDepth).
    func writeTypeFirst(_ node: Int32, into output: inout [UInt8], depth: Int) {
        guard isContainer(node) else {
            output += raw(node)
            return
        }
        var children = Children(self, node)
        var members: [(key: Int32, value: Int32)] = []
        while let child = children.next() { members.append(child) }
        if children.isObject {
            if let type = member(node, "ty"), kind(type) == .string, let at = members.firstIndex(where: { $0.value == type }) {
                members.insert(members.remove(at: at), at: 0)
            }
            output.append(UInt8(ascii: "{"))
            for (index, child) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                output += raw(child.key)
                output.append(UInt8(ascii: ":"))
                writeTypeFirst(child.value, into: &output, depth: depth + 1)
            }
            output.append(UInt8(ascii: "}"))
        } else {
            output.append(UInt8(ascii: "["))
            for (index, child) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeTypeFirst(child.value, into: &output, depth: depth + 1)
            }
            output.append(UInt8(ascii: "]"))
        }
    }
}
