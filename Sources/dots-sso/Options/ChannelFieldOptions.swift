import ArgumentParser
import DotsSSOBasics
import DotsSSOCore

/// The bridge between `ChannelField` (each text setting declared once, in the core) and ArgumentParser, which needs
/// one `@Option` property per flag: the property is named after the field and takes its help from it, and the
/// values are read back by that name, so no list of fields is kept here. `ChannelFieldTests` fails when a field has
/// no option, or an option names no field.
enum ChannelFieldOptions {
    /// Sets every field `options` was given (its `String?` options named after a declared field) in `channel`.
    static func apply(_ options: some ParsableArguments, to channel: inout Channel) {
        for (field, value) in given(in: options) { field.set(value, in: &channel) }
    }

    /// Every plain text option of `options` (a `String?` property), by its property name, with its value.
    static func textOptions(in options: some ParsableArguments) -> [(name: String, value: String?)] {
        Mirror(reflecting: options).children.compactMap { child in
            guard let label = child.label, label.hasPrefix("_"), let option = child.value as? Option<String?> else { return nil }
            return (String(label.dropFirst()), option.wrappedValue)
        }
    }

    /// The declared fields among `options`' properties, with the value each was given (nil: not given).
    static func declared(in options: some ParsableArguments) -> [(field: ChannelField, value: String?)] {
        textOptions(in: options).compactMap { option in ChannelField.named(option.name).map { ($0, option.value) } }
    }

    static func given(in options: some ParsableArguments) -> [(ChannelField, String)] {
        declared(in: options).compactMap { entry in entry.value.map { (entry.field, $0) } }
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
