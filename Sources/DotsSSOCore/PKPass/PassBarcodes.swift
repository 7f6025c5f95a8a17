import DotsSSOBasics

/// A pass's barcodes as Wallet draws them: `barcodes` in priority order (iOS 9 and later) and the legacy `barcode`
/// (before iOS 9), each with a known format, a message and its encoding. iOS 27's four linear formats are drawn only
/// there (older iOS takes the next barcode in the list), and a message they cannot encode is drawn nowhere.
package enum PassBarcodes {
    static let classicFormats: Set<String> = [
        "PKBarcodeFormatQR", "PKBarcodeFormatPDF417", "PKBarcodeFormatAztec", "PKBarcodeFormatCode128",
    ]
    /// iOS 27's formats, spelled as Apple's Pass Builder spells them (Pass+Barcode.swift).
    static let newFormats: Set<String> = [
        "PKBarcodeFormatCode39", "PKBarcodeFormatCodabar", "PKBarcodeFormatEAN13", "PKBarcodeFormatI2of5",
    ]
    static let formats = classicFormats.union(newFormats)

    static func check(_ root: [String: JSONValue], add: (FindingCode, String, String) -> Void) {
        var barcodes: [(path: String, value: JSONValue)] = []
        switch root["barcodes"] {
        case .array(let list)?: barcodes += list.enumerated().map { ("$.barcodes[\($0.offset)]", $0.element) }
        case nil: break
        case let other?: add(PassFindings.type, "$.barcodes", "barcodes must be an array of barcodes, not \(other.typeDescription)")
        }
        if let legacy = root["barcode"] {
            barcodes.append(("$.barcode", legacy))
            if root["barcodes"] == nil {
                add(
                    PassFindings.barcodeLegacy, "$.barcode",
                    "barcode is deprecated since iOS 9, which reads it only when barcodes is absent")
            }
        }
        var drawable: [(path: String, format: String)] = []
        for (path, barcode) in barcodes {
            guard let fields = barcode.objectValue else {
                add(PassFindings.type, path, "a barcode must be an object with format, message and messageEncoding")
                continue
            }
            let message = fields["message"]?.stringValue
            if message == nil {
                add(PassFindings.barcodeMessage, "\(path).message", "the barcode needs a message string")
            }
            if fields["messageEncoding"]?.stringValue == nil {
                add(PassFindings.barcodeEncoding, "\(path).messageEncoding", "the barcode needs a messageEncoding (e.g. iso-8859-1)")
            }
            if let alt = fields["altText"], alt.stringValue == nil {
                add(PassFindings.type, "\(path).altText", "altText must be a string, not \(alt.typeDescription)")
            }
            guard let format = fields["format"]?.stringValue, formats.contains(format) else {
                let named = fields["format"]?.stringValue
                add(
                    PassFindings.barcodeFormat, "\(path).format",
                    named == "PKBarcodeFormatITF"
                        ? "interleaved 2 of 5 is PKBarcodeFormatI2of5, as Apple's Pass Builder spells it; PKBarcodeFormatITF is not a format Apple's tools read"
                        : "the barcode format must be one of \(formats.sorted().joined(separator: ", "))")
                continue
            }
            if let message, let problem = encodingProblem(message, format: format) {
                add(
                    PassFindings.barcodeUnencodable, "\(path).message",
                    "the message cannot be drawn as \(format.replacing("PKBarcodeFormat", with: "")): \(problem)")
                continue
            }
            drawable.append((path, format))
        }
        newFormatFindings(drawable, add: add)
    }

    /// Why `message` cannot be drawn in one of iOS 27's linear formats (their character sets and lengths), or nil.
    static func encodingProblem(_ message: String, format: String) -> String? {
        let digits = Set("0123456789")
        switch format {
        case "PKBarcodeFormatEAN13":
            guard message.allSatisfy(digits.contains), message.count == 12 || message.count == 13 else {
                return "EAN-13 takes 12 digits, or 13 with the check digit (\"\(TerminalText.oneLine(message, limit: 20))\")"
            }
            let values = message.compactMap(\.wholeNumberValue)
            let sum = values.prefix(12).enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 1 : 3) }
            let check = (10 - sum % 10) % 10
            if values.count == 13, values[12] != check {
                return "the last digit is \(values[12]), but the EAN-13 check digit of the first 12 is \(check)"
            }
        case "PKBarcodeFormatCode39":
            let allowed = Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ -.$/+%")
            if let bad = message.first(where: { !allowed.contains($0) }) {
                return "Code 39 has digits, capital letters, space and - . $ / + % only, not \"\(bad)\""
            }
        case "PKBarcodeFormatCodabar":
            let body = hasCodabarEnds(message) ? message.dropFirst().dropLast() : Substring(message)
            let allowed = Set("0123456789-$:/.+")
            if let bad = body.first(where: { !allowed.contains($0) }) {
                return "Codabar has digits and - $ : / . + only (between optional A–D start and stop characters), not \"\(bad)\""
            }
        case "PKBarcodeFormatI2of5":
            if message.isEmpty || !message.allSatisfy(digits.contains) {
                return "interleaved 2 of 5 has digits only"
            }
        default:
            break
        }
        return message.isEmpty && newFormats.contains(format) ? "the message is empty" : nil
    }

    /// Whether a Codabar message carries its own start and stop characters (A–D at both ends).
    package static func hasCodabarEnds(_ message: String) -> Bool {
        let ends = Set("ABCD")
        guard message.count >= 2, let first = message.first, let last = message.last else { return false }
        return ends.contains(first) && ends.contains(last)
    }

    /// iOS 27's formats: an info in `barcodes` (older iOS takes the next one), a warning when no barcode is left for
    /// older iOS, and an error in the legacy `barcode` key, which only older iOS reads.
    static func newFormatFindings(_ formats: [(path: String, format: String)], add: (FindingCode, String, String) -> Void) {
        for item in formats where newFormats.contains(item.format) {
            if item.path == "$.barcode" {
                add(
                    PassFindings.barcodeFormat, "\(item.path).format",
                    "\(item.format) is new in iOS 27, and the legacy barcode key is read only by iOS before 9: put it in barcodes")
            } else {
                add(
                    PassFindings.barcodeFormatIOS27, "\(item.path).format",
                    "\(item.format) is drawn by iOS 27 and later; older iOS skips it for the next barcode in barcodes")
            }
        }
        let inList = formats.filter { $0.path != "$.barcode" }
        if !inList.isEmpty, inList.allSatisfy({ newFormats.contains($0.format) }) {
            add(
                PassFindings.barcodeFallback, "$.barcodes",
                "every barcode is a format new in iOS 27, so iOS 26 and earlier show none; add a QR, PDF417, Aztec or Code 128 barcode after them"
            )
        }
    }
}
