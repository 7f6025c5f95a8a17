import FoundationEssentials

extension CompactJSON {
    /// Walks one container's children by scanning its bytes: scalars are stepped over, nested containers jumped
    /// over by their recorded end. The document was validated when parsed, so the scan needs no checks.
    package struct Children: IteratorProtocol {
        let document: CompactJSON
        let isObject: Bool
        var position: Int
        /// The first container starting at or after `position`.
        var nextContainer: Int
        var done: Bool

        package init(_ document: CompactJSON, _ node: Int32) {
            self.document = document
            let index = document.containerIndex(node)
            let start = Int(document.starts[index])
            isObject = document.bytes[start] == UInt8(ascii: "{")
            nextContainer = index + 1
            position = start + 1
            done = false
            skipWhitespace()
            let byte = document.bytes[position]
            done = byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
        }

        /// The next (key, value); the key is -1 in arrays.
        package mutating func next() -> (key: Int32, value: Int32)? {
            guard !done else { return nil }
            return document.bytes.withUnsafeBufferPointer { bytes in
                var key: Int32 = -1
                if isObject {
                    key = Int32(position)
                    position = CompactJSONParser.stringEnd(bytes, quote: position).end + 1
                    skipWhitespace(bytes)
                    position += 1  // ':'
                    skipWhitespace(bytes)
                }
                let value: Int32
                let byte = bytes[position]
                if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                    value = Int32(nextContainer) | CompactJSON.containerFlag
                    position = Int(document.ends[nextContainer]) + 1
                    nextContainer = document.containerAfter(nextContainer)
                } else {
                    value = Int32(position)
                    position = CompactJSONParser.scalarEnd(bytes, at: position)
                }
                skipWhitespace(bytes)
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    skipWhitespace(bytes)
                } else {
                    done = true
                }
                return (key, value)
            }
        }

        private mutating func skipWhitespace() {
            document.bytes.withUnsafeBufferPointer { skipWhitespace($0) }
        }

        private mutating func skipWhitespace(_ bytes: UnsafeBufferPointer<UInt8>) {
            while CompactJSONParser.isWhitespace(bytes[position]) { position += 1 }
        }
    }

    /// An array's elements, in order.
    package struct Elements: Sequence {
        let children: Children?

        package struct Iterator: IteratorProtocol {
            var children: Children?
            package mutating func next() -> Int32? { children?.next()?.value }
        }

        package func makeIterator() -> Iterator { Iterator(children: children) }

        package var first: Int32? {
            var iterator = makeIterator()
            return iterator.next()
        }
    }

    /// An object's members, in order.
    package struct Members: Sequence {
        let children: Children?

        package struct Iterator: IteratorProtocol {
            var children: Children?
            package mutating func next() -> (key: Int32, value: Int32)? { children?.next() }
        }

        package func makeIterator() -> Iterator { Iterator(children: children) }
    }

    /// Every value of the document in order, depth first.
    package struct AllValues: Sequence, IteratorProtocol {
        let document: CompactJSON
        var pendingRoot = true
        var open: [Children] = []

        init(document: CompactJSON) { self.document = document }

        package mutating func next() -> Int32? {
            if pendingRoot {
                pendingRoot = false
                enter(document.root)
                return document.root
            }
            while var top = open.popLast() {
                guard let child = top.next() else { continue }
                open.append(top)
                enter(child.value)
                return child.value
            }
            return nil
        }

        private mutating func enter(_ node: Int32) {
            if document.isContainer(node) { open.append(Children(document, node)) }
        }
    }
}
