import DotsSSOBasics
import DotsSSOCore
import Foundation

/// A pass.json field as Wallet shows it: label and value looked up in the chosen `.lproj/pass.strings`, dates and
/// numbers formatted with the field's `dateStyle`/`timeStyle`, `numberStyle` or `currencyCode` for the locale.
struct PassFieldText {
    let strings: [String: String]
    let locale: Locale

    /// The strings of `language` (`fr`, `fr-FR`: tried as given, with `_`, then the language alone); none, or an
    /// `en.lproj` when no language is asked for, leaves text as written.
    init(files: [String: Data], language: String?) {
        let wanted = language ?? "en"
        let candidates = [
            wanted, wanted.replacingOccurrences(of: "-", with: "_"), wanted.replacingOccurrences(of: "_", with: "-"),
            String(wanted.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? ""),
        ]
        var strings: [String: String] = [:]
        for candidate in candidates where !candidate.isEmpty {
            if let data = files["\(candidate).lproj/pass.strings"], let parsed = try? PassStrings(data) {
                strings = parsed.entries
                break
            }
        }
        self.strings = strings
        locale = Locale(identifier: language ?? "en_US")
    }

    /// A translatable string: its translation, or itself.
    func localized(_ text: String) -> String { strings[text] ?? text }

    /// The label of a field, localised, as Wallet shows it (upper case on the front).
    func label(_ field: [String: JSONValue]) -> String? {
        field["label"]?.stringValue.map(localized)
    }

    /// The value of a field, localised and formatted.
    func value(_ field: [String: JSONValue]) -> String {
        switch field["value"] {
        case .string(let text)?:
            if let date = Self.date(text), let formatted = format(date: date, field: field) { return formatted }
            return localized(text)
        case .number(let number)?:
            return format(number: number, field: field)
        default:
            return ""
        }
    }

    /// `2026-12-01T19:30:00+01:00` and the other ISO 8601 forms pass.json uses.
    static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        for options: ISO8601DateFormatter.Options in [
            [.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds],
            [.withFullDate, .withTime, .withColonSeparatorInTime, .withTimeZone],
        ] {
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }

    static func style(_ name: String?) -> DateFormatter.Style? {
        switch name {
        case "PKDateStyleNone": DateFormatter.Style.none
        case "PKDateStyleShort": .short
        case "PKDateStyleMedium": .medium
        case "PKDateStyleLong": .long
        case "PKDateStyleFull": .full
        default: nil
        }
    }

    /// A date field with a date or time style; nil when the field asks for neither (the text stays as written).
    func format(date: Date, field: [String: JSONValue]) -> String? {
        let dateStyle = Self.style(field["dateStyle"]?.stringValue), timeStyle = Self.style(field["timeStyle"]?.stringValue)
        guard dateStyle != nil || timeStyle != nil else { return nil }
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.dateStyle = dateStyle ?? .none
        formatter.timeStyle = timeStyle ?? .none
        // Wallet shows the time where the event is when asked to ignore the viewer's zone; the preview always does,
        // using the offset the date was written with, so it matches on every machine.
        if let text = field["value"]?.stringValue, let zone = Self.zone(of: text) { formatter.timeZone = zone }
        return formatter.string(from: date)
    }

    /// The fixed offset an ISO 8601 text was written with.
    static func zone(of text: String) -> TimeZone? {
        if text.hasSuffix("Z") { return TimeZone(secondsFromGMT: 0) }
        let tail = text.suffix(6)
        guard tail.count == 6, let sign = tail.first, sign == "+" || sign == "-",
            let hours = Int(tail.dropFirst().prefix(2)), let minutes = Int(tail.suffix(2))
        else { return nil }
        return TimeZone(secondsFromGMT: (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60))
    }

    func format(number: Double, field: [String: JSONValue]) -> String {
        let formatter = NumberFormatter()
        formatter.locale = locale
        if let currency = field["currencyCode"]?.stringValue {
            formatter.numberStyle = .currency
            formatter.currencyCode = currency
        } else {
            switch field["numberStyle"]?.stringValue {
            case "PKNumberStyleDecimal": formatter.numberStyle = .decimal
            case "PKNumberStylePercent": formatter.numberStyle = .percent
            case "PKNumberStyleScientific": formatter.numberStyle = .scientific
            case "PKNumberStyleSpellOut": formatter.numberStyle = .spellOut
            default:
                return PlainNumber.text(number)
            }
        }
        return formatter.string(from: NSNumber(value: number)) ?? PlainNumber.text(number)
    }
}
