import DotsSSOBasics
import FoundationEssentials

/// A `pass.strings` file: `"key" = "value";` pairs with C comments, in UTF-16 (with a byte order mark, as Xcode
/// writes them) or UTF-8 — the format Wallet reads to localise a pass.
package struct PassStrings: Sendable, Equatable {
    package let entries: [String: String]

    package struct ParseError: Error, Sendable, Equatable {
        package let message: String
        package let line: Int
    }

    package init(_ data: Data) throws {
        guard let text = Self.decode(data) else {
            throw ParseError(message: "it is neither UTF-16 (with a byte order mark) nor UTF-8 text", line: 1)
        }
        entries = try Self.parse(Array(text.unicodeScalars))
    }

    static func decode(_ data: Data) -> String? {
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) { return String(data: data, encoding: .utf16) }
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { return String(data: data.dropFirst(3), encoding: .utf8) }
        return String(data: data, encoding: .utf8)
    }

    static func parse(_ scalars: [Unicode.Scalar]) throws -> [String: String] {
        var index = 0
        var line = 1
        var entries: [String: String] = [:]
        func fail(_ message: String) -> ParseError { ParseError(message: message, line: line) }
        func skipSpaceAndComments() throws {
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar == "\n" {
                    line += 1; index += 1
                } else if scalar.properties.isWhitespace {
                    index += 1
                } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                    index += 2
                    while index + 1 < scalars.count, !(scalars[index] == "*" && scalars[index + 1] == "/") {
                        if scalars[index] == "\n" { line += 1 }
                        index += 1
                    }
                    guard index + 1 < scalars.count else { throw fail("a /* comment is never closed") }
                    index += 2
                } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                    while index < scalars.count, scalars[index] != "\n" { index += 1 }
                } else {
                    return
                }
            }
        }
        func quoted() throws -> String {
            guard index < scalars.count, scalars[index] == "\"" else { throw fail("expected a quoted string") }
            index += 1
            var value = String.UnicodeScalarView()
            while index < scalars.count {
                let scalar = scalars[index]
                index += 1
                switch scalar {
                case "\"": return String(value)
                case "\n": line += 1; value.append(scalar)
                case "\\":
                    guard index < scalars.count else { throw fail("a string ends in a backslash") }
                    let escaped = scalars[index]
                    index += 1
                    switch escaped {
                    case "n": value.append("\n")
                    case "t": value.append("\t")
                    case "r": value.append("\r")
                    case "U", "u":
                        let digits = String(String.UnicodeScalarView(scalars[index..<min(index + 4, scalars.count)]))
                        guard digits.count == 4, let code = UInt32(digits, radix: 16), let unicode = Unicode.Scalar(code) else {
                            throw fail("a \\U escape needs four hex digits")
                        }
                        value.append(unicode)
                        index += 4
                    default: value.append(escaped)
                    }
                default: value.append(scalar)
                }
            }
            throw fail("a string is never closed (missing \")")
        }
        while true {
            try skipSpaceAndComments()
            if index >= scalars.count { return entries }
            let key = try quoted()
            try skipSpaceAndComments()
            guard index < scalars.count, scalars[index] == "=" else { throw fail("expected = after \"\(key)\"") }
            index += 1
            try skipSpaceAndComments()
            let value = try quoted()
            try skipSpaceAndComments()
            guard index < scalars.count, scalars[index] == ";" else { throw fail("expected ; after the value of \"\(key)\"") }
            index += 1
            entries[key] = value
        }
    }
}
