import CPictures
import DotsSSOBasics
import DotsSSOCore

/// A pass's barcode drawn by zint: the format Wallet names, the message, and the modules as a bitmap (one pixel a
/// module, drawn scaled with hard edges).
struct PassBarcode {
    enum Format: String, CaseIterable {
        case qr = "PKBarcodeFormatQR"
        case pdf417 = "PKBarcodeFormatPDF417"
        case aztec = "PKBarcodeFormatAztec"
        case code128 = "PKBarcodeFormatCode128"
        // iOS 27's linear formats.
        case code39 = "PKBarcodeFormatCode39"
        case codabar = "PKBarcodeFormatCodabar"
        case ean13 = "PKBarcodeFormatEAN13"
        case i2of5 = "PKBarcodeFormatI2of5"

        var symbology: Int32 {
            switch self {
            case .qr: BARCODE_QRCODE
            case .pdf417: BARCODE_PDF417
            case .aztec: BARCODE_AZTEC
            case .code128: BARCODE_CODE128
            case .code39: BARCODE_CODE39
            case .codabar: BARCODE_CODABAR
            case .ean13: BARCODE_EANX
            case .i2of5: BARCODE_C25INTER
            }
        }

        /// The message as zint takes it: zint's Codabar needs start and stop characters, so a message without them
        /// is drawn between A and A.
        func encoded(_ message: String) -> String {
            guard self == .codabar, !PassBarcodes.hasCodabarEnds(message) else { return message }
            return "A\(message)A"
        }

        /// Square codes are drawn square; PDF417 and Code 128 are wide.
        var isSquare: Bool { self == .qr || self == .aztec }
    }

    /// Messages longer than this are not encoded (no pass barcode comes close; QR's own maximum is 2,953 bytes).
    static let maxMessageBytes = 4_096

    let format: Format
    let message: String
    let altText: String?
    /// The symbol, one pixel a module, black on white.
    let modules: Canvas

    /// zint's bitmap for the message; throws a one-line reason when the format is unknown or zint refuses the message.
    init(format name: String, message: String, altText: String?) throws {
        guard let format = Format(rawValue: name) else {
            throw PictureError.refused(
                "\(name) is not a barcode format Wallet shows (\(Format.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        let bytes = Array(format.encoded(message).utf8)
        guard !bytes.isEmpty, bytes.count <= Self.maxMessageBytes else {
            throw PictureError.refused("a \(bytes.count)-byte barcode message is not drawn (1 to \(Self.maxMessageBytes) bytes)")
        }
        if let reason = dots_zint_load() { throw PictureError.libraryMissing(String(cString: reason)) }
        var status: Int32 = 0
        guard let symbol = dots_zint_encode(format.symbology, 0.5, bytes, Int32(bytes.count), &status) else {
            throw PictureError.cannotDraw("zint could not make a symbol")
        }
        defer { dots_zint_free(symbol) }
        guard status < ZINT_ERROR else {
            throw PictureError.refused("zint cannot encode this message as \(format.rawValue): \(String(cString: dots_zint_error(symbol)))")
        }
        var width: Int32 = 0, height: Int32 = 0
        guard let bitmap = dots_zint_bitmap(symbol, &width, &height), width > 0, height > 0 else {
            throw PictureError.cannotDraw("zint drew an empty symbol")
        }
        let canvas = try Canvas(width: Int(width), height: Int(height))
        canvas.withPixels { pixels, stride in
            for y in 0..<Int(height) {
                for x in 0..<Int(width) {
                    let at = (y * Int(width) + x) * 3
                    let (r, g, b) = (UInt32(bitmap[at]), UInt32(bitmap[at + 1]), UInt32(bitmap[at + 2]))
                    pixels[y * (stride / 4) + x] = 0xFF00_0000 | r << 16 | g << 8 | b
                }
            }
        }
        self.format = format
        self.message = message
        self.altText = altText
        modules = canvas
    }
}
