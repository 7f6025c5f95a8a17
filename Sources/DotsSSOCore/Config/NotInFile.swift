import DotsSSOBasics

/// A property of a `Codable` value that is not part of its file: never written, and empty when read. Lets `Channel`
/// keep its synthesized coding (so a field added to it is in the file without a second list of keys) while carrying
/// where it was read from.
@propertyWrapper
package struct NotInFile<Value: Sendable & Equatable>: Sendable, Equatable, Codable {
    package var wrappedValue: Value?

    package init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }
    package init() { wrappedValue = nil }
    package init(from decoder: any Decoder) throws { wrappedValue = nil }
    package func encode(to encoder: any Encoder) throws {}
}

extension KeyedEncodingContainer {
    /// Writes nothing, not even the key.
    package mutating func encode<Value>(_ value: NotInFile<Value>, forKey key: Key) throws {}
}

extension KeyedDecodingContainer {
    /// Reads nothing: the key is never in a file, and is ignored when someone puts it there.
    package func decode<Value>(_ type: NotInFile<Value>.Type, forKey key: Key) throws -> NotInFile<Value> { NotInFile() }
}
