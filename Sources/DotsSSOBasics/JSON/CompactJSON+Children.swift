import FoundationEssentials

extension CompactJSON {
    /// The document's arrays as pointers, for a scan inside one call: no iterator holding the document, so no
    /// reference counting per lookup (retaining and releasing the document was a fifth of a big animation's walk).
    struct Scan {
        let bytes: UnsafeBufferPointer<UInt8>
        let starts: UnsafeBufferPointer<Int32>
        let ends: UnsafeBufferPointer<Int32>

        /// The first container starting after container `index` ends: its descendants are skipped by a galloping
        /// search, so a leaf costs one comparison and a big subtree a few.
        @inline(__always)
        func containerAfter(_ index: Int) -> Int {
            let end = ends[index]
            let low = index + 1
            guard low < starts.count, starts[low] < end else { return low }
            return containerAfter(index, end: end)
        }

        /// `containerAfter` for a container with descendants, out of line.
        func containerAfter(_ index: Int, end: Int32) -> Int {
            var low = index + 1
            var step = 1
            while low + step < starts.count, starts[low + step] < end {
                low += step
                step *= 2
            }
            var high = min(low + step, starts.count)
            // starts[low] < end; the answer is in low+1...high.
            while low + 1 < high {
                let middle = (low + high) / 2
                if starts[middle] < end { low = middle } else { high = middle }
            }
            return high
        }
    }

    /// Runs `body` over the document's arrays as pointers.
    @inline(__always)
    func withScan<Result>(_ body: (Scan) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { bytes in
            starts.withUnsafeBufferPointer { starts in
                ends.withUnsafeBufferPointer { ends in body(Scan(bytes: bytes, starts: starts, ends: ends)) }
            }
        }
    }

    /// Where a walk over one container's children stands, stepped over a `Scan`: scalars are stepped over, nested
    /// containers jumped over by their recorded end. The document was validated when parsed, so it needs no checks.
    struct ChildCursor {
        let isObject: Bool
        var position: Int
        /// The first container starting at or after `position`.
        var nextContainer: Int
        var done: Bool
        /// The closing quote of the last key `next` stepped over, and whether that key has escapes.
        var keyEnd = 0
        var keyEscaped = false

        @inline(__always)
        init(_ scan: Scan, container index: Int) {
            let start = Int(scan.starts[index])
            isObject = scan.bytes[start] == UInt8(ascii: "{")
            nextContainer = index + 1
            position = start + 1
            while CompactJSONParser.isWhitespace(scan.bytes[position]) { position += 1 }
            let byte = scan.bytes[position]
            done = byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
        }

        /// The next (key, value); the key is -1 in arrays.
        @inline(__always)
        mutating func next(_ scan: Scan) -> (key: Int32, value: Int32)? {
            guard !done else { return nil }
            let bytes = scan.bytes
            var key: Int32 = -1
            if isObject {
                key = Int32(position)
                (keyEnd, keyEscaped) = CompactJSONParser.stringEnd(bytes, quote: position)
                position = keyEnd + 1
                while CompactJSONParser.isWhitespace(bytes[position]) { position += 1 }
                position += 1  // ':'
                while CompactJSONParser.isWhitespace(bytes[position]) { position += 1 }
            }
            let value: Int32
            let byte = bytes[position]
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                value = CompactJSON.containerNode(nextContainer, bracket: byte)
                position = Int(scan.ends[nextContainer]) + 1
                nextContainer = scan.containerAfter(nextContainer)
            } else {
                value = Int32(position)
                position = CompactJSONParser.scalarEnd(bytes, at: position)
            }
            while CompactJSONParser.isWhitespace(bytes[position]) { position += 1 }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                while CompactJSONParser.isWhitespace(bytes[position]) { position += 1 }
            } else {
                done = true
            }
            return (key, value)
        }
    }

    /// Calls `body` with each member of an object in order (nothing for other kinds): a walk's loop without an
    /// iterator, whose every step was two calls from the core into this module, and which held the document.
    package func forEachMember(_ node: Int32, _ body: (_ key: Int32, _ value: Int32) -> Void) {
        guard isObject(node) else { return }
        withScan { scan in
            var cursor = ChildCursor(scan, container: containerIndex(node))
            while let child = cursor.next(scan) { body(child.key, child.value) }
        }
    }

    /// Calls `body` with each element of an array and its position, in order (nothing for other kinds); see
    /// `forEachMember`.
    package func forEachElement(_ node: Int32, _ body: (_ position: Int, _ element: Int32) -> Void) {
        guard isArray(node) else { return }
        withScan { scan in
            var cursor = ChildCursor(scan, container: containerIndex(node))
            var position = 0
            while let child = cursor.next(scan) {
                body(position, child.value)
                position += 1
            }
        }
    }

    /// Walks one container's children in order, holding the document for as long as the walk lasts.
    package struct Children: IteratorProtocol {
        let document: CompactJSON
        var cursor: ChildCursor

        package init(_ document: CompactJSON, _ node: Int32) {
            self.document = document
            cursor = document.withScan { ChildCursor($0, container: document.containerIndex(node)) }
        }

        /// The next (key, value); the key is -1 in arrays.
        package mutating func next() -> (key: Int32, value: Int32)? {
            guard !cursor.done else { return nil }
            return document.withScan { cursor.next($0) }
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
