import DotsSSOBasics
import FoundationEssentials

/// Checks `pass.json` the way Wallet reads it: strict JSON (the lenient forms Wallet tolerates, like a trailing
/// comma, are warnings), the required keys, one style, fields, barcodes, colours, dates and the web service.
package enum PassJSONLint {
    package static let styles = ["boardingPass", "coupon", "eventTicket", "generic", "storeCard"]
    static let transitTypes: Set<String> = [
        "PKTransitTypeAir", "PKTransitTypeBoat", "PKTransitTypeBus", "PKTransitTypeGeneric", "PKTransitTypeTrain",
    ]

    /// The parsed document (nil when unreadable) and the findings.
    package static func check(_ data: Data, file: String) -> (pass: JSONValue?, findings: [Finding]) {
        var findings: [Finding] = []
        func add(_ code: FindingCode, _ path: String, _ message: String) {
            findings.append(Finding(code, at: FindingLocation(file: file, path: "pass.json \(path)"), message))
        }
        guard let pass = Self.read(data, add: add) else { return (nil, findings) }
        // Wallet, ZIPFoundation-based tools and most parsers keep different copies of a repeated key.
        for finding in pass.document.duplicateKeyFindings(
            PassFindings.passJSONDuplicateKey, file: file,
            consequence: "JSON readers disagree on which value counts, so the pass may show one and be checked on the other; keep one")
        {
            var located = finding
            located.location.path = finding.location.path.map { "pass.json \($0)" }
            findings.append(located)
        }
        guard case .object(let root) = pass.value else {
            add(PassFindings.passJSONNotObject, "$", "pass.json must be a JSON object")
            return (pass.value, findings)
        }
        if root["formatVersion"] != .number(1) {
            add(
                PassFindings.formatVersion, "$.formatVersion",
                "formatVersion must be the number 1")
        }
        for key in ["description", "organizationName", "passTypeIdentifier", "serialNumber", "teamIdentifier"] {
            switch root[key] {
            case .string(let text)? where !text.isEmpty: break
            case nil: add(PassFindings.required, "$.\(key)", "\(key) is required")
            default: add(PassFindings.type, "$.\(key)", "\(key) must be a non-empty string")
            }
        }
        let present = styles.filter { root[$0] != nil }
        Self.checkStyleKeys(root, present: present, add: add)
        for style in present + posterStyles.filter({ root[$0] != nil }) {
            guard case .object(let body)? = root[style] else {
                add(PassFindings.style, "$.\(style)", "\(style) must be an object")
                continue
            }
            Self.checkFields(body, style: style, add: add)
        }
        PassBarcodes.check(root, add: add)
        let style = present.count == 1 ? present.first : nil
        PassJSONRecentKeys.check(root, style: style, add: add)
        PassSemanticStyles.check(root, style: style, add: add)
        PassNFC.check(root, add: add)
        Self.checkValueTypes(root, add: add)
        for key in ["backgroundColor", "foregroundColor", "labelColor", "stripColor"] {
            guard let text = root[key]?.stringValue else { continue }
            Self.checkColor(text, key: key, add: add)
        }
        Self.checkDates(root, add: add)
        Self.checkWebService(root, add: add)
        PassPlaces.check(root, add: add)
        return (pass.value, findings)
    }

    /// The pass's own dates: ISO 8601 with a time and a `Z` or `±HH:MM` zone.
    static func checkDates(_ root: [String: JSONValue], add: (FindingCode, String, String) -> Void) {
        for key in ["relevantDate", "expirationDate"] {
            guard let value = root[key] else { continue }
            if value.stringValue.flatMap(Self.parseDate) == nil {
                add(
                    PassFindings.date, "$.\(key)",
                    "\(key) must be an ISO 8601 date with a time zone (e.g. 2026-11-21T18:30:00+01:00)")
            }
        }
    }

    /// A pass that updates itself: its web service over https, with a token long enough to be a secret.
    static func checkWebService(_ root: [String: JSONValue], add: (FindingCode, String, String) -> Void) {
        if let service = root["webServiceURL"]?.stringValue {
            if !service.lowercased().hasPrefix("https://") {
                add(
                    PassFindings.webServiceHTTPS, "$.webServiceURL",
                    "webServiceURL must be https")
            }
            if (root["authenticationToken"]?.stringValue?.count ?? 0) < 16 {
                add(
                    PassFindings.authenticationToken, "$.authenticationToken",
                    "with a webServiceURL, authenticationToken must be at least 16 characters")
            }
        }
    }

    /// pass.json read as Wallet reads it: our own parser decides strictness (Foundation's accepts some of what the
    /// strictness question is about) and builds the value in the same pass. A UTF-8 byte-order mark is read past with a
    /// warning (Foundation's reader, which Apple's Pass Builder decodes with, skips it); the lenient forms Wallet
    /// tolerates are a warning; nil when it is not JSON at all.
    static func read(_ data: Data, add: (FindingCode, String, String) -> Void) -> (value: JSONValue, document: CompactJSON)? {
        var data = data
        if data.starts(with: [0xEF, 0xBB, 0xBF]) {
            data = Data(data.dropFirst(3))
            add(
                PassFindings.passJSONByteOrderMark, "$",
                "pass.json starts with a UTF-8 byte-order mark; Apple's tools read past it, but RFC 8259 §8.1 says JSON must not start with one and strict parsers refuse it"
            )
        }
        switch Self.parse(data) {
        case .success(let parsed):
            return (JSONValue(parsed), parsed)
        case .failure(let error):
            let position = " at \(error.located)"
            guard case .success(let parsed) = Self.parse(Self.relaxed(data)) else {
                add(PassFindings.passJSONInvalid, "$", "pass.json is not JSON\(position)")
                return nil
            }
            add(PassFindings.passJSONNonStrict, "$", "pass.json is not strict JSON\(position); Wallet tolerates it, other tools may not")
            return (JSONValue(parsed), parsed)
        }
    }

    static func parse(_ data: Data) -> Result<CompactJSON, CompactJSON.ParseError> {
        do {
            return .success(try CompactJSON(data))
        } catch let error as CompactJSON.ParseError {
            return .failure(error)
        } catch {
            return .failure(CompactJSON.ParseError(message: "\(error)", line: 1, column: 1, offset: 0))
        }
    }

    /// Wallet's tolerance: trailing commas before `}` or `]` are dropped (outside strings).
    static func relaxed(_ data: Data) -> Data {
        var output: [UInt8] = []
        var inString = false, escaped = false
        let bytes = [UInt8](data)
        for (index, byte) in bytes.enumerated() {
            if inString {
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
                output.append(byte)
                continue
            }
            if byte == 0x22 { inString = true }
            if byte == UInt8(ascii: ","), let next = bytes[(index + 1)...].first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }),
                next == UInt8(ascii: "}") || next == UInt8(ascii: "]")
            {
                continue
            }
            output.append(byte)
        }
        return Data(output)
    }

    /// Top-level keys Apple's Pass Builder decodes as booleans and as App Store ids; another type makes it refuse the
    /// pass, and Wallet ignores the key.
    static let booleanKeys = ["sharingProhibited", "voided", "suppressStripShine", "suppressHeaderDarkening", "useAutomaticColors"]

    static func checkValueTypes(_ root: [String: JSONValue], add: (FindingCode, String, String) -> Void) {
        for key in booleanKeys {
            if let value = root[key], value.boolValue == nil {
                add(PassFindings.type, "$.\(key)", "\(key) must be true or false, not \(Self.shown(value))")
            }
        }
        for key in ["associatedStoreIdentifiers", "auxiliaryStoreIdentifiers"] {
            guard let value = root[key] else { continue }
            let valid = value.arrayValue?.allSatisfy { $0.numberValue.map { $0 == $0.rounded() && $0 > 0 } ?? false } ?? false
            if !valid {
                add(PassFindings.type, "$.\(key)", "\(key) must be an array of App Store ids (whole numbers), not \(Self.shown(value))")
            }
        }
        for key in ["logoText", "groupingIdentifier", "appLaunchURL"] where root[key] != nil {
            if root[key]?.stringValue == nil {
                add(PassFindings.type, "$.\(key)", "\(key) must be a string, not \(Self.shown(root[key] ?? .null))")
            }
        }
    }

    /// A value as a message quotes it: a string in quotes (one line, cut), else its JSON type.
    static func shown(_ value: JSONValue) -> String {
        value.stringValue.map { "\"\(TerminalText.oneLine($0, limit: 40))\"" } ?? value.typeDescription
    }

    /// A colour as Wallet reads it: `rgb(r, g, b)` as documented; `#RRGGBB` or `#RGB` as Apple's Pass Builder
    /// (PassColor.swift) and newer iOS read it, a warning; anything else an error.
    static func checkColor(_ text: String, key: String, add: (FindingCode, String, String) -> Void) {
        if isRGB(text) { return }
        if isHex(text) {
            add(
                PassFindings.colorHex, "$.\(key)",
                "\(key) \"\(text)\" is a hex colour; Wallet documents rgb(r, g, b), and only newer iOS versions (and Apple's Pass Builder) read hex"
            )
        } else {
            add(PassFindings.color, "$.\(key)", "\(key) \"\(text)\" is not rgb(r, g, b) with 0–255 components, nor #RRGGBB")
        }
    }

    /// `#RRGGBB` or the `#RGB` shorthand, hex digits only.
    static func isHex(_ text: String) -> Bool {
        guard text.hasPrefix("#") else { return false }
        let digits = text.dropFirst()
        return (digits.count == 6 || digits.count == 3) && digits.allSatisfy(\.isHexDigit)
    }

    /// `rgb(r, g, b)`, spaces anywhere, each component 0–255 in decimal digits (a sign, as `Int` reads one, too).
    /// Read over the UTF-8 bytes: filtering the text's characters first was a tenth of a pass.json check.
    static func isRGB(_ text: String) -> Bool {
        var bytes = text.utf8.filter { $0 != UInt8(ascii: " ") }[...]
        guard bytes.starts(with: "rgb(".utf8), bytes.last == UInt8(ascii: ")") else { return false }
        bytes = bytes.dropFirst(4).dropLast()
        let parts = bytes.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        return parts.count == 3 && parts.allSatisfy { Int(String(decoding: $0, as: UTF8.self)).map { (0...255).contains($0) } ?? false }
    }

    /// W3C/ISO 8601 date-times with a zone written `Z` or `±HH:MM` (as Apple's Pass Builder requires:
    /// PassDateTimeFormatter.swift); seconds are optional, as in Apple's own sample passes.
    static func parseDate(_ text: String) -> Date? { ISOTimestamp.parse(text) }
}
