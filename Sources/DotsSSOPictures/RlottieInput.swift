import DotsSSOBasics
import DotsSSOCore

/// The bytes rlottie is given. rlottie decides what a shape item is from its "ty" while reading, so a shape whose
/// "ty" is not its first key (JSON written with sorted keys, or by hand) silently draws nothing; lottie-ios and
/// lottie-web read keys in any order. In such a document each string "ty" member is moved to the front of its object
/// (cut from where it was, with its comma, and put right after the brace); everything else is copied as it was.
enum RlottieInput {
    /// `document` is `bytes` already parsed, when the caller has it.
    static func prepared(_ bytes: [UInt8], document: CompactJSON? = nil) -> [UInt8] {
        guard let json = document ?? (try? CompactJSON(bytes: bytes)) else { return bytes }
        let moves = json.typeMembersOutOfPlace()
        guard !moves.isEmpty else { return bytes }
        // Edits in byte order: an insertion after each object's brace, and the cut of its "ty" member further on.
        var edits: [(at: Int, cut: Int, insert: ArraySlice<UInt8>)] = []
        for move in moves {
            edits.append((move.brace + 1, 0, bytes[move.member] + [UInt8(ascii: ",")]))
            edits.append((move.cut.lowerBound, move.cut.count, []))
        }
        edits.sort { $0.at < $1.at }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var position = 0
        for edit in edits {
            output += bytes[position..<edit.at]
            output += edit.insert
            position = edit.at + edit.cut
        }
        output += bytes[position...]
        return output
    }
}

extension CompactJSON {
    /// One object whose string "ty" is not its first member: where its brace is, the member's text (key to value),
    /// and the bytes to cut (from the comma before the key to the end of the value).
    struct TypeMove {
        let brace: Int
        let member: Range<Int>
        let cut: Range<Int>
    }

    func typeMembersOutOfPlace() -> [TypeMove] {
        var moves: [TypeMove] = []
        bytes.withUnsafeBufferPointer { buffer in
            for index in 0..<starts.count where buffer[Int(starts[index])] == UInt8(ascii: "{") {
                let node = containerNode(index)
                var children = Children(self, node)
                guard let first = children.next() else { continue }
                var found: (key: Int32, value: Int32)?
                var count = 0
                var child: (key: Int32, value: Int32)? = first
                while let current = child {
                    if stringEquals(current.key, "ty") {
                        found = current
                        count += 1
                    }
                    child = children.next()
                }
                // A "ty" given twice is left alone: which one a reader keeps is its own business.
                guard count == 1, let type = found, type.key != first.key, !isContainer(type.value),
                    buffer[Int(type.value)] == UInt8(ascii: "\"")
                else { continue }
                let valueEnd = CompactJSONParser.stringEnd(buffer, quote: Int(type.value)).end + 1
                var comma = Int(type.key) - 1
                while comma > 0, buffer[comma] != UInt8(ascii: ",") { comma -= 1 }
                moves.append(TypeMove(brace: Int(starts[index]), member: Int(type.key)..<valueEnd, cut: comma..<valueEnd))
            }
        }
        return moves
    }
}
