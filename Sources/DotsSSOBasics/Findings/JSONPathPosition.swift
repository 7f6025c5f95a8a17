import FoundationEssentials

/// Where a finding's JSON path (`$.layers[3].ks`, `$.containers[0]`, `$.issuer`) sits in the file's text, as a
/// 1-based line and column, so a CI report can point at it (SARIF `region`, Code Quality `lines`, a GitHub
/// annotation's `line`). One pass over the bytes finds every path asked for; containers no path leads into are
/// skipped without being looked at, so a 50 MB animation with one finding costs one scan.
package enum JSONPathPosition {
    package struct Position: Sendable, Equatable {
        package var line: Int
        package var column: Int

        package init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    /// Deeper than any real pass, channel or animation; a file past it is not located (never a stack overflow).
    package static let maxDepth = 256

    /// The positions of the `paths` in `data`: a member's key (`"issuer"`), an array element's first byte, or the
    /// document for `$`. A path the file does not have (a missing `value`) is placed at its deepest ancestor that
    /// it does have (the field object), as an editor would point. Paths not of the `$`, `.name`, `[n]` form, and
    /// files that are not JSON as far as the path goes, are left out.
    package static func locate(_ paths: Set<String>, in data: Data) -> [String: Position] {
        var asked: [(path: String, components: [Component])] = []
        for path in paths {
            if let components = components(of: path) { asked.append((path, components)) }
        }
        guard !asked.isEmpty else { return [:] }
        // Every ancestor is looked for too: the walk descends along them and records where each starts.
        var wanted = Set<[Component]>()
        for (_, components) in asked {
            for length in 0...components.count { wanted.insert(Array(components.prefix(length))) }
        }
        var reached: [[Component]: Int] = [:]
        data.withUnsafeBytes { raw in
            var scanner = Scanner(bytes: raw.bindMemory(to: UInt8.self), wanted: wanted)
            scanner.skipSpace()
            guard scanner.current != nil else { return }
            reached[[]] = scanner.index
            scanner.value(path: [], depth: 0)
            reached.merge(scanner.found) { first, _ in first }
        }
        var offsets: [String: Int] = [:]
        for (path, components) in asked {
            for length in stride(from: components.count, through: 0, by: -1) {
                if let offset = reached[Array(components.prefix(length))] {
                    offsets[path] = offset
                    break
                }
            }
        }
        return positions(of: offsets, in: data)
    }

    enum Component: Hashable {
        case key(String)
        case index(Int)
    }

    /// `$.a.b[2]` → `[.key("a"), .key("b"), .index(2)]`; nil when it is not a path of that form.
    static func components(of path: String) -> [Component]? {
        guard path.hasPrefix("$") else { return nil }
        var result: [Component] = []
        var rest = Substring(path.dropFirst())
        while let first = rest.first {
            if first == "." {
                let name = rest.dropFirst().prefix { $0 != "." && $0 != "[" }
                guard !name.isEmpty else { return nil }
                result.append(.key(String(name)))
                rest = rest.dropFirst(1 + name.count)
            } else if first == "[" {
                guard let close = rest.firstIndex(of: "]"), let index = Int(rest[rest.index(after: rest.startIndex)..<close]), index >= 0
                else { return nil }
                result.append(.index(index))
                rest = rest[rest.index(after: close)...]
            } else {
                return nil
            }
        }
        return result
    }

    /// Byte offsets turned into 1-based lines and columns (columns count characters, as editors do).
    static func positions(of offsets: [String: Int], in data: Data) -> [String: Position] {
        var result: [String: Position] = [:]
        let sorted = offsets.sorted { $0.value < $1.value }
        var line = 1
        var lineStart = 0
        var cursor = 0
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            for (path, offset) in sorted {
                while cursor < offset && cursor < bytes.count {
                    if bytes[cursor] == UInt8(ascii: "\n") {
                        line += 1
                        lineStart = cursor + 1
                    }
                    cursor += 1
                }
                let start = min(lineStart, bytes.count)
                let end = min(max(offset, start), bytes.count)
                // UTF-8 continuation bytes are not characters of their own.
                let column = 1 + (start..<end).count { bytes[$0] & 0xC0 != 0x80 }
                result[path] = Position(line: line, column: column)
            }
        }
        return result
    }

    /// A recursive walk that descends only where a wanted path leads and skips every other value by its brackets.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        /// The paths to record, and to descend along (every one's ancestors are in it too).
        let wanted: Set<[Component]>
        var index = 0
        var found: [[Component]: Int] = [:]

        init(bytes: UnsafeBufferPointer<UInt8>, wanted: Set<[Component]>) {
            self.bytes = bytes
            self.wanted = wanted
        }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipSpace() {
            while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
        }

        /// The value at `index`, whose path is `path`: walked into when a wanted path goes through it, else skipped.
        mutating func value(path: [Component], depth: Int) {
            skipSpace()
            guard let byte = current else { return }
            let descend = wanted.contains(path) && depth < JSONPathPosition.maxDepth
            switch byte {
            case UInt8(ascii: "{") where descend: object(path: path, depth: depth)
            case UInt8(ascii: "[") where descend: array(path: path, depth: depth)
            case UInt8(ascii: "{"), UInt8(ascii: "["): skipContainer()
            case UInt8(ascii: "\""): _ = string(keep: false)
            default: skipScalar()
            }
        }

        mutating func object(path: [Component], depth: Int) {
            index += 1
            while true {
                skipSpace()
                guard let byte = current else { return }
                if byte == UInt8(ascii: "}") {
                    index += 1
                    return
                }
                if byte == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                guard byte == UInt8(ascii: "\"") else { return }
                let keyStart = index
                guard let key = string(keep: true) else { return }
                let child = path + [.key(key)]
                if wanted.contains(child), found[child] == nil { found[child] = keyStart }
                skipSpace()
                guard current == UInt8(ascii: ":") else { return }
                index += 1
                value(path: child, depth: depth + 1)
            }
        }

        mutating func array(path: [Component], depth: Int) {
            index += 1
            var position = 0
            while true {
                skipSpace()
                guard let byte = current else { return }
                if byte == UInt8(ascii: "]") {
                    index += 1
                    return
                }
                if byte == UInt8(ascii: ",") {
                    index += 1
                    position += 1
                    continue
                }
                let child = path + [.index(position)]
                if wanted.contains(child), found[child] == nil { found[child] = index }
                let before = index
                value(path: child, depth: depth + 1)
                if index == before { return }  // not JSON here: stop rather than loop
            }
        }

        /// A string at `index` (its quotes consumed); its text when `keep` (escapes decoded only as far as a key needs).
        mutating func string(keep: Bool) -> String? {
            index += 1
            let start = index
            var escaped = false
            while let byte = current {
                index += 1
                if byte == UInt8(ascii: "\\") {
                    escaped = true
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    guard keep else { return nil }
                    let raw = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)]), as: UTF8.self)
                    guard escaped else { return raw }
                    return (try? JSONDecoder().decode(String.self, from: Data("\"\(raw)\"".utf8))) ?? raw
                }
            }
            return nil
        }

        /// Skips an object or array by counting brackets outside strings.
        mutating func skipContainer() {
            var depth = 0
            while let byte = current {
                switch byte {
                case UInt8(ascii: "\""):
                    _ = string(keep: false)
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 {
                        index += 1
                        return
                    }
                default: break
                }
                index += 1
            }
        }

        mutating func skipScalar() {
            while let byte = current, byte != UInt8(ascii: ","), byte != UInt8(ascii: "}"), byte != UInt8(ascii: "]"),
                byte != 0x20, byte != 0x0A, byte != 0x0D, byte != 0x09
            {
                index += 1
            }
        }
    }
}
