/// Just enough XML to read back a report file and write it again: elements, attributes, text, CDATA, comments
/// and the five entities plus character references. `--junit` merges into an existing report by parsing it with
/// this, not by searching its text, bounded in depth (and by its caller in size); a file that does not parse is not
/// merged into.
package indirect enum XMLPart: Equatable {
    case element(XMLTag)
    case text(String)
}

package struct XMLTag: Equatable {
    package var name: String
    package var attributes: [(String, String)]
    package var children: [XMLPart]

    package init(_ name: String, _ attributes: [(String, String)] = [], children: [XMLPart] = []) {
        self.name = name
        self.attributes = attributes
        self.children = children
    }

    package static func == (lhs: XMLTag, rhs: XMLTag) -> Bool {
        lhs.name == rhs.name && lhs.attributes.map { [$0.0, $0.1] } == rhs.attributes.map { [$0.0, $0.1] } && lhs.children == rhs.children
    }

    package subscript(attribute name: String) -> String? {
        get { attributes.first { $0.0 == name }?.1 }
        set {
            attributes.removeAll { $0.0 == name }
            if let newValue { attributes.append((name, newValue)) }
        }
    }

    package var elements: [XMLTag] {
        children.compactMap { if case .element(let element) = $0 { element } else { nil } }
    }

    /// The element as text, indented two spaces a level; text content is kept as it is.
    package func serialized(indent: String = "") -> String {
        let attributes = attributes.map { " \($0.0)=\"\(MarkupText.escape($0.1))\"" }.joined()
        if children.isEmpty { return "\(indent)<\(name)\(attributes)/>\n" }
        if children.allSatisfy({ if case .text = $0 { true } else { false } }) {
            let text = children.map { if case .text(let value) = $0 { MarkupText.escape(value) } else { "" } }.joined()
            return "\(indent)<\(name)\(attributes)>\(text)</\(name)>\n"
        }
        var xml = "\(indent)<\(name)\(attributes)>\n"
        for child in children {
            switch child {
            case .element(let element): xml += element.serialized(indent: indent + "  ")
            case .text(let text) where !text.allSatisfy(\.isWhitespace): xml += indent + "  " + MarkupText.escape(text) + "\n"
            case .text: break
            }
        }
        return xml + "\(indent)</\(name)>\n"
    }
}

package enum XMLTree {
    /// Why a text is not read as XML, in words for a warning.
    package struct Malformed: Error {
        package var reason = "it is not well-formed XML"
    }

    /// The deepest nesting read: a JUnit report is three levels deep. The parser recurses once a level, so without
    /// a bound a file of nested tags would exhaust the stack (a crash, not an error).
    package static let maximumDepth = 64

    /// The document's root element; throws on anything it cannot read as XML, or nested deeper than `maximumDepth`.
    package static func parse(_ text: String) throws -> XMLTag {
        var parser = Parser(scalars: Array(text.unicodeScalars))
        return try parser.document()
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0
        var depth = 0

        init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

        func peek(_ text: String) -> Bool {
            let wanted = Array(text.unicodeScalars)
            return index + wanted.count <= scalars.count && Array(scalars[index..<index + wanted.count]) == wanted
        }

        mutating func skip(past text: String) throws {
            while index < scalars.count, !peek(text) { index += 1 }
            guard index < scalars.count else { throw Malformed() }
            index += text.unicodeScalars.count
        }

        mutating func skipWhitespace() {
            while index < scalars.count, [" ", "\n", "\r", "\t"].contains(scalars[index]) { index += 1 }
        }

        /// Prolog, comments and doctype, then exactly one element.
        mutating func document() throws -> XMLTag {
            while true {
                skipWhitespace()
                if peek("<?") {
                    try skip(past: "?>")
                } else if peek("<!--") {
                    try skip(past: "-->")
                } else if peek("<!") {
                    try skip(past: ">")
                } else {
                    break
                }
            }
            let root = try element()
            skipWhitespace()
            while peek("<!--") { try skip(past: "-->"); skipWhitespace() }
            guard index == scalars.count else { throw Malformed() }
            return root
        }

        mutating func name() throws -> String {
            var result = ""
            while index < scalars.count, !" \n\r\t/>=".unicodeScalars.contains(scalars[index]) {
                result.unicodeScalars.append(scalars[index])
                index += 1
            }
            guard !result.isEmpty else { throw Malformed() }
            return result
        }

        mutating func element() throws -> XMLTag {
            guard peek("<") else { throw Malformed() }
            depth += 1
            defer { depth -= 1 }
            guard depth <= XMLTree.maximumDepth else { throw Malformed(reason: "it nests deeper than \(XMLTree.maximumDepth) levels") }
            index += 1
            var element = XMLTag(try name())
            while true {
                skipWhitespace()
                if peek("/>") {
                    index += 2
                    return element
                }
                if peek(">") {
                    index += 1
                    break
                }
                let attribute = try name()
                skipWhitespace()
                guard peek("=") else { throw Malformed() }
                index += 1
                skipWhitespace()
                guard index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" else { throw Malformed() }
                let quote = scalars[index]
                index += 1
                var raw = ""
                while index < scalars.count, scalars[index] != quote {
                    raw.unicodeScalars.append(scalars[index])
                    index += 1
                }
                guard index < scalars.count else { throw Malformed() }
                index += 1
                element.attributes.append((attribute, try Self.decode(raw)))
            }
            var text = ""
            func flush() {
                if !text.isEmpty { element.children.append(.text(text)) }
                text = ""
            }
            while true {
                guard index < scalars.count else { throw Malformed() }
                if peek("</") {
                    index += 2
                    guard try name() == element.name else { throw Malformed() }
                    skipWhitespace()
                    guard peek(">") else { throw Malformed() }
                    index += 1
                    flush()
                    return element
                } else if peek("<!--") {
                    try skip(past: "-->")
                } else if peek("<![CDATA[") {
                    index += 9
                    let start = index
                    try skip(past: "]]>")
                    text.unicodeScalars.append(contentsOf: scalars[start..<index - 3])
                } else if peek("<") {
                    flush()
                    element.children.append(.element(try self.element()))
                } else {
                    var raw = ""
                    while index < scalars.count, scalars[index] != "<" {
                        raw.unicodeScalars.append(scalars[index])
                        index += 1
                    }
                    text += try Self.decode(raw)
                }
            }
        }

        static func decode(_ raw: String) throws -> String {
            guard raw.contains("&") else { return raw }
            var result = ""
            var rest = Substring(raw)
            while let amp = rest.firstIndex(of: "&") {
                result += rest[..<amp]
                guard let semicolon = rest[amp...].firstIndex(of: ";") else { throw Malformed() }
                let entity = rest[rest.index(after: amp)..<semicolon]
                switch entity {
                case "lt": result += "<"
                case "gt": result += ">"
                case "amp": result += "&"
                case "quot": result += "\""
                case "apos": result += "'"
                default:
                    let number =
                        entity.hasPrefix("#x")
                        ? UInt32(entity.dropFirst(2), radix: 16) : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                    guard let number, let scalar = Unicode.Scalar(number) else { throw Malformed() }
                    result.unicodeScalars.append(scalar)
                }
                rest = rest[rest.index(after: semicolon)...]
            }
            return result + rest
        }
    }
}
