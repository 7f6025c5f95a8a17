import DotsSSOBasics
import FoundationEssentials

/// The style keys and their fields, as Wallet and Apple's Pass Builder read them: exactly one classic style (iOS 27's
/// `posterGeneric` is a style key of its own that sits beside one, which older iOS shows instead), fields with unique
/// keys and a string or number value, formatting keys Apple defines, and formatting that fits the value.
extension PassJSONLint {
    /// Style keys that newer iOS draws in place of the classic one beside them.
    static let posterStyles = ["posterGeneric"]
    static let fieldGroups = [
        "headerFields", "primaryFields", "secondaryFields", "auxiliaryFields", "backFields", "additionalInfoFields", "footerFields",
    ]

    /// Exactly one classic style; `posterGeneric` alone is a pass iOS 26 and earlier cannot add.
    static func checkStyleKeys(_ root: [String: JSONValue], present: [String], add: (FindingCode, String, String) -> Void) {
        if present.count > 1 {
            return add(
                PassFindings.style, "$",
                "the pass has \(present.count) style keys (\(present.joined(separator: ", "))); exactly one is allowed")
        }
        guard present.isEmpty else {
            if root["posterGeneric"] != nil {
                add(
                    PassFindings.posterGenericIOS27, "$.posterGeneric",
                    "posterGeneric is drawn by iOS 27 and later; iOS 26 and earlier show the \(present[0]) style beside it")
            }
            return
        }
        if root["posterGeneric"] != nil {
            add(
                PassFindings.posterGenericFallback, "$.posterGeneric",
                "the pass has only the posterGeneric style, which iOS 27 and later draw; iOS 26 and earlier cannot add it. Add a generic key with the same fields beside it, as Apple recommends"
            )
        } else {
            add(PassFindings.style, "$", "the pass has no style key (one of \(styles.joined(separator: ", ")))")
        }
    }

    /// One style's fields: keys unique within the style (a posterGeneric and its generic fallback repeat them), a value
    /// for each, formatting keys that exist and fit the value, and the footer only where Wallet draws one.
    static func checkFields(_ body: [String: JSONValue], style: String, add: (FindingCode, String, String) -> Void) {
        if style == "boardingPass" {
            if let transit = body["transitType"]?.stringValue, transitTypes.contains(transit) {
            } else {
                add(
                    PassFindings.transitType, "$.boardingPass.transitType",
                    "a boarding pass needs transitType (one of \(transitTypes.sorted().joined(separator: ", ")))")
            }
        }
        var keys: [String: String] = [:]
        for group in fieldGroups {
            guard let fields = body[group] else { continue }
            guard case .array(let list) = fields else {
                add(PassFindings.fieldsType, "$.\(style).\(group)", "\(group) must be an array of fields")
                continue
            }
            if group == "footerFields" {
                checkFooter(list, style: style, add: add)
            }
            for (index, field) in list.enumerated() {
                let path = "$.\(style).\(group)[\(index)]"
                guard let object = field.objectValue, let key = object["key"]?.stringValue else {
                    add(PassFindings.fieldKey, path, "every field needs a string key")
                    continue
                }
                if let previous = keys[key] {
                    add(
                        PassFindings.fieldKeyDuplicate, "\(path).key",
                        "field key \"\(key)\" is used twice in \(style) (also at \(previous)); keys must be unique")
                } else {
                    keys[key] = path
                }
                switch object["value"] {
                case nil:
                    add(PassFindings.fieldValue, "\(path).value", "field \"\(key)\" has no value")
                case .string?, .number?:
                    break
                case let value?:
                    add(
                        PassFindings.fieldValue, "\(path).value",
                        "field \"\(key)\" has a \(value.typeDescription) value; a field's value is a string, an ISO 8601 date or a number"
                    )
                }
                checkFieldStyles(object, key: key, path: path, add: add)
                checkFieldFormatting(object, key: key, path: path, add: add)
            }
        }
    }

    /// iOS 27's poster generic face draws one footer field; other styles draw none.
    static func checkFooter(_ list: [JSONValue], style: String, add: (FindingCode, String, String) -> Void) {
        if !posterStyles.contains(style) {
            add(
                PassFindings.footerFields, "$.\(style).footerFields",
                "footerFields are drawn only on a posterGeneric pass (iOS 27); Wallet ignores them on \(style)")
        } else if list.count > 1 {
            add(
                PassFindings.footerFields, "$.\(style).footerFields[1]",
                "footerFields has \(list.count) fields; the poster face draws a single footer field, so only the first is shown")
        }
    }

    /// Formatting that does not fit the value, which Apple's Pass Builder removes when it opens the pass (its fix-it)
    /// and Wallet ignores: date formatting on a value that is not a date, number formatting on one that is not a
    /// number, a blank currency code, and a currency code beside a number style.
    static func checkFieldFormatting(_ field: [String: JSONValue], key: String, path: String, add: (FindingCode, String, String) -> Void) {
        let value = field["value"]
        let isDate = value?.stringValue.flatMap(parseDate) != nil
        let isNumber = value?.numberValue != nil
        if !isDate {
            for name in ["dateStyle", "timeStyle", "isRelative", "ignoresTimeZone"] where field[name] != nil {
                add(
                    PassFindings.fieldFormatConflict, "\(path).\(name)",
                    "field \"\(key)\" has \(name) but its value is not an ISO 8601 date, so Wallet ignores \(name)"
                )
            }
        }
        if !isNumber, field["numberStyle"] != nil {
            add(
                PassFindings.fieldFormatConflict, "\(path).numberStyle",
                "field \"\(key)\" has numberStyle but its value is not a number, so Wallet ignores numberStyle"
            )
        }
        if let currency = field["currencyCode"]?.stringValue {
            if currency.trimmed().isEmpty {
                add(
                    PassFindings.fieldFormatConflict, "\(path).currencyCode",
                    "field \"\(key)\" has a blank currencyCode")
            } else if field["numberStyle"] != nil {
                add(
                    PassFindings.fieldFormatConflict, "\(path).currencyCode",
                    "field \"\(key)\" has both currencyCode and numberStyle; Wallet formats a currency amount and ignores the number style"
                )
            }
        }
    }

    /// The formatting keys' enumerations, as Apple's Pass Builder decodes them (Pass+DateTimeFormat.swift,
    /// Pass+NumberFormat.swift, Pass+TextAlignment.swift, Pass+DataDetectorType.swift).
    static let fieldStyleValues: [String: Set<String>] = [
        "dateStyle": dateStyles, "timeStyle": dateStyles,
        "numberStyle": ["PKNumberStyleDecimal", "PKNumberStylePercent", "PKNumberStyleScientific", "PKNumberStyleSpellOut"],
        "textAlignment": ["PKTextAlignmentNatural", "PKTextAlignmentLeft", "PKTextAlignmentCenter", "PKTextAlignmentRight"],
    ]
    static let dateStyles: Set<String> = ["PKDateStyleNone", "PKDateStyleShort", "PKDateStyleMedium", "PKDateStyleLong", "PKDateStyleFull"]
    static let dataDetectorTypes: Set<String> = [
        "PKDataDetectorTypePhoneNumber", "PKDataDetectorTypeLink", "PKDataDetectorTypeAddress", "PKDataDetectorTypeCalendarEvent",
    ]

    /// A field's `dateStyle`, `timeStyle`, `numberStyle`, `textAlignment` and `dataDetectorTypes` must be values Apple
    /// defines: Apple's tool refuses the pass otherwise, and Wallet ignores the key.
    static func checkFieldStyles(_ field: [String: JSONValue], key: String, path: String, add: (FindingCode, String, String) -> Void) {
        for (name, allowed) in fieldStyleValues.sorted(by: { $0.key < $1.key }) {
            guard let value = field[name] else { continue }
            if let text = value.stringValue, allowed.contains(text) { continue }
            add(
                PassFindings.fieldStyle, "\(path).\(name)",
                "field \"\(key)\" has \(name) \(Self.shown(value)); it must be one of \(allowed.sorted().joined(separator: ", "))")
        }
        for name in ["isRelative", "ignoresTimeZone"] {
            if let value = field[name], value.boolValue == nil {
                add(PassFindings.type, "\(path).\(name)", "field \"\(key)\" has \(name) \(Self.shown(value)); it must be true or false")
            }
        }
        if let detectors = field["dataDetectorTypes"] {
            let list = detectors.arrayValue ?? []
            let unknown = list.filter { !($0.stringValue.map(dataDetectorTypes.contains) ?? false) }
            if detectors.arrayValue == nil || !unknown.isEmpty {
                add(
                    PassFindings.fieldStyle, "\(path).dataDetectorTypes",
                    "field \"\(key)\" has dataDetectorTypes \(Self.shown(detectors)); it must be an array of \(dataDetectorTypes.sorted().joined(separator: ", ")) (an empty array detects nothing)"
                )
            }
        }
    }
}
