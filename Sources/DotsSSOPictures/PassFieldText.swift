import CPictures
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// A pass.json field as Wallet shows it: label and value looked up in the chosen `.lproj/pass.strings`, dates and
/// numbers formatted with the field's `dateStyle`/`timeStyle`, `numberStyle` or `currencyCode` for the locale.
struct PassFieldText {
    let strings: [String: String]
    /// The language asked for, as ICU names a locale (`fr_FR`), `en_US` by default.
    let locale: String

    /// The strings of `language` (`fr`, `fr-FR`: tried as given, with `_`, then the language alone); none, or an
    /// `en.lproj` when no language is asked for, leaves text as written.
    init(files: [String: Data], language: String?) {
        let wanted = language ?? "en"
        let candidates = [
            wanted, wanted.replacing("-", with: "_"), wanted.replacing("_", with: "-"),
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
        locale = (language ?? "en_US").replacing("-", with: "_")
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
    static func date(_ text: String) -> Date? { ISOTimestamp.parse(text) }

    /// ICU's style for a PassKit date style (-1 none, 0 full … 3 short); nil for a name PassKit does not have.
    static func style(_ name: String?) -> Int32? {
        switch name {
        case "PKDateStyleNone": -1
        case "PKDateStyleShort": 3
        case "PKDateStyleMedium": 2
        case "PKDateStyleLong": 1
        case "PKDateStyleFull": 0
        default: nil
        }
    }

    /// A date field with a date or time style; nil when the field asks for neither (the text stays as written), or
    /// when ICU, which formats it as Wallet would, is not installed.
    func format(date: Date, field: [String: JSONValue]) -> String? {
        let dateStyle = Self.style(field["dateStyle"]?.stringValue), timeStyle = Self.style(field["timeStyle"]?.stringValue)
        guard dateStyle != nil || timeStyle != nil else { return nil }
        if (dateStyle ?? -1) == -1 && (timeStyle ?? -1) == -1 { return "" }
        // Wallet shows the time where the event is when asked to ignore the viewer's zone; the preview always does,
        // using the offset the date was written with, so it matches on every machine.
        let zone = field["value"]?.stringValue.flatMap(Self.zone(of:))
        return Self.icuText { out, size in
            dots_icu_format_date(date.timeIntervalSince1970 * 1000, dateStyle ?? -1, timeStyle ?? -1, locale, zone, out, size)
        }
    }

    /// The fixed offset an ISO 8601 text was written with, as ICU names it (`GMT+01:00`).
    static func zone(of text: String) -> String? {
        if text.hasSuffix("Z") { return "GMT" }
        let tail = text.suffix(6)
        guard tail.count == 6, let sign = tail.first, sign == "+" || sign == "-",
            let hours = Int(tail.dropFirst().prefix(2)), let minutes = Int(tail.suffix(2)), hours < 24, minutes < 60
        else { return nil }
        return "GMT\(sign)\(ISOTimestamp.two(Int32(hours))):\(ISOTimestamp.two(Int32(minutes)))"
    }

    func format(number: Double, field: [String: JSONValue]) -> String {
        let style: Int32
        let currency = field["currencyCode"]?.stringValue.flatMap { code in
            code.count == 3 && code.utf8.allSatisfy { $0 >= 0x41 && $0 <= 0x5A } ? code : nil
        }
        if field["currencyCode"]?.stringValue != nil {
            style = 2
        } else {
            switch field["numberStyle"]?.stringValue {
            case "PKNumberStyleDecimal": style = 1
            case "PKNumberStylePercent": style = 3
            case "PKNumberStyleScientific": style = 4
            case "PKNumberStyleSpellOut": style = 5
            default: return PlainNumber.text(number)
            }
        }
        return Self.icuText { out, size in dots_icu_format_number(number, style, currency, locale, out, size) }
            ?? PlainNumber.text(number)
    }

    /// What an ICU call wrote into a buffer, or nil when it could not.
    private static func icuText(_ call: (UnsafeMutablePointer<CChar>, Int32) -> Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: 1024)
        let length = buffer.withUnsafeMutableBufferPointer { call($0.baseAddress!, Int32($0.count)) }
        guard length >= 0 else { return nil }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
