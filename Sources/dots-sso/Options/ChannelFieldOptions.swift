import ArgumentParser
import DotsSSOBasics
import DotsSSOCore

/// The bridge between `ChannelField` (each text setting declared once, in the core) and ArgumentParser, which needs
/// one `@Option` property per flag: each property is named after its field and takes its help from it, and the
/// option groups list their values by field name (`fieldValues`). `ChannelFieldTests` fails when a field has no
/// option, an option names no field, or a group's list leaves one of its options out.
enum ChannelFieldOptions {
    /// Sets every field given a value in `channel`.
    static func apply(_ values: [(field: String, value: String?)], to channel: inout Channel) {
        for (name, value) in values {
            guard let value, let field = ChannelField.named(name) else { continue }
            field.set(value, in: &channel)
        }
    }
}

extension ArgumentHelp {
    /// The help and value name `ChannelField` declares for the setting `name`.
    static func channelField(_ name: String) -> ArgumentHelp {
        guard let field = ChannelField.named(name) else { return ArgumentHelp("(\(name) is not a declared channel field)") }
        return ArgumentHelp(field.help, valueName: field.valueName)
    }
}

/// A `NAME=VALUE` flag's syntax as ArgumentParser's transform: a malformed value is its usage error, naming the flag
/// and showing the form (`The value 'x' is invalid for '--flag <name=purpose>': expected NAME=PURPOSE`).
enum ArgumentSyntax {
    static func parse<Value>(_ make: @escaping @Sendable (String) throws -> Value) -> @Sendable (String) throws -> Value {
        { text in
            do { return try make(text) } catch let error as UserFacingError { throw ValidationError(error.message) }
        }
    }
}
