/// A small JSON path: `$`, `.name`, `["name"]` and `[index]` steps (enough to say where a partner keeps a field).
package struct JSONPath: Sendable, Equatable, CustomStringConvertible {
    package enum Step: Sendable, Equatable {
        case key(String)
        case index(Int)
    }

    package let steps: [Step]

    package init(steps: [Step]) { self.steps = steps }

    /// Parses `$.user.profile["first name"][0]`; a bare `name` or `a.b` is read as `$.name` / `$.a.b`.
    package init(_ text: String) throws {
        var rest = Substring(text.trimmingWhitespace())
        if rest.hasPrefix("$") { rest = rest.dropFirst() } else if !rest.isEmpty, !rest.hasPrefix("[") { rest = "." + rest }
        var steps: [Step] = []
        while let first = rest.first {
            if first == "." {
                rest = rest.dropFirst()
                let name = rest.prefix { $0 != "." && $0 != "[" }
                guard !name.isEmpty else { throw InputError.malformed(source: "JSON path '\(text)'", reason: "empty name after '.'") }
                steps.append(.key(String(name)))
                rest = rest.dropFirst(name.count)
            } else if first == "[" {
                guard let close = rest.firstIndex(of: "]") else {
                    throw InputError.malformed(source: "JSON path '\(text)'", reason: "missing ']'")
                }
                let inner = rest[rest.index(after: rest.startIndex)..<close].trimmingWhitespace()
                if let index = Int(inner) {
                    steps.append(.index(index))
                } else if inner.count >= 2, let quote = inner.first, quote == "\"" || quote == "'", inner.last == quote {
                    steps.append(.key(String(inner.dropFirst().dropLast())))
                } else {
                    throw InputError.malformed(source: "JSON path '\(text)'", reason: "'[\(inner)]' is neither an index nor a quoted name")
                }
                rest = rest[rest.index(after: close)...]
            } else {
                throw InputError.malformed(source: "JSON path '\(text)'", reason: "unexpected '\(first)'")
            }
        }
        self.steps = steps
    }

    /// The value at this path, or nil when any step is missing.
    package func evaluate(_ root: JSONValue) -> JSONValue? {
        var current = root
        for step in steps {
            switch (step, current) {
            case let (.key(name), .object(object)):
                guard let next = object[name] else { return nil }
                current = next
            case let (.index(index), .array(array)):
                guard array.indices.contains(index) else { return nil }
                current = array[index]
            default:
                return nil
            }
        }
        return current
    }

    package func appending(_ step: Step) -> JSONPath { JSONPath(steps: steps + [step]) }

    package var description: String {
        "$"
            + steps.map { step in
                switch step {
                case .key(let name):
                    name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" } && !name.isEmpty ? ".\(name)" : "[\"\(name)\"]"
                case .index(let index): "[\(index)]"
                }
            }.joined()
    }
}
