import Foundation

/// What a person needs to recognise a pass: its identity, what the front shows, who signed it, its images and
/// languages. Never the barcode message or the authentication token (both are credentials).
public struct PassSummary: Codable, Sendable, Equatable {
    public struct Field: Codable, Sendable, Equatable {
        public var key: String
        public var label: String?
        public var value: String

        public init(key: String, label: String?, value: String) {
            self.key = key
            self.label = label
            self.value = value
        }
    }

    public var style: String?
    public var description: String?
    public var serialNumber: String?
    public var organizationName: String?
    public var passTypeIdentifier: String?
    public var teamIdentifier: String?
    public var barcodeFormat: String?
    public var primaryFields: [Field] = []
    public var relevantDate: String?
    public var expirationDate: String?
    public var signature: PassSignatureReport?
    public var images: [PassImage] = []
    public var localizations: [String] = []
    public var bytes = 0

    public init() {}

    /// Reads the summary fields from a parsed pass.json (whatever of it is present).
    mutating func read(_ pass: JSONValue) {
        guard let root = pass.objectValue else { return }
        style = PassJSONLint.styles.first { root[$0] != nil }
        description = root["description"]?.stringValue
        serialNumber = root["serialNumber"]?.stringValue
        organizationName = root["organizationName"]?.stringValue
        passTypeIdentifier = root["passTypeIdentifier"]?.stringValue
        teamIdentifier = root["teamIdentifier"]?.stringValue
        barcodeFormat = (root["barcodes"]?.arrayValue?.first ?? root["barcode"])?.objectValue?["format"]?.stringValue
            .map { $0.replacingOccurrences(of: "PKBarcodeFormat", with: "") }
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
