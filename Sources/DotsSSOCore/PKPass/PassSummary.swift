import DotsSSOBasics
import FoundationEssentials

/// What a person needs to recognise a pass: its identity, what the front shows, who signed it, its images and
/// languages. Never the barcode message or the authentication token (both are credentials).
package struct PassSummary: Codable, Sendable, Equatable {
    package struct Field: Codable, Sendable, Equatable {
        package var key: String
        package var label: String?
        package var value: String

        package init(key: String, label: String?, value: String) {
            self.key = key
            self.label = label
            self.value = value
        }
    }

    package var style: String?
    package var description: String?
    package var serialNumber: String?
    package var organizationName: String?
    package var passTypeIdentifier: String?
    package var teamIdentifier: String?
    package var barcodeFormat: String?
    package var primaryFields: [Field] = []
    package var relevantDate: String?
    package var expirationDate: String?
    package var signature: PassSignatureReport?
    package var images: [PassImage] = []
    package var localizations: [String] = []
    package var bytes = 0

    package init() {}

    /// Reads the summary fields from a parsed pass.json (whatever of it is present).
    mutating func read(_ pass: JSONValue) {
        guard let root = pass.objectValue else { return }
        // The classic style older iOS shows; a pass with only iOS 27's posterGeneric is that.
        style = PassJSONLint.styles.first { root[$0] != nil } ?? PassJSONLint.posterStyles.first { root[$0] != nil }
        description = root["description"]?.stringValue
        serialNumber = root["serialNumber"]?.stringValue
        organizationName = root["organizationName"]?.stringValue
        passTypeIdentifier = root["passTypeIdentifier"]?.stringValue
        teamIdentifier = root["teamIdentifier"]?.stringValue
        barcodeFormat = (root["barcodes"]?.arrayValue?.first ?? root["barcode"])?.objectValue?["format"]?.stringValue
            .map { $0.hasPrefix("PKBarcodeFormat") ? String($0.dropFirst(15)) : $0 }
        relevantDate = root["relevantDate"]?.stringValue
        expirationDate = root["expirationDate"]?.stringValue
        if let style, let fields = root[style]?.objectValue?["primaryFields"]?.arrayValue {
            primaryFields = fields.compactMap { field in
                guard let object = field.objectValue, let key = object["key"]?.stringValue, let value = object["value"] else { return nil }
                return Field(key: key, label: object["label"]?.stringValue, value: Self.text(value))
            }
        }
    }

    static func text(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): text
        case .number(let number): number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .bool(let flag): String(flag)
        case .null: "null"
        default: value.typeDescription
        }
    }
}
