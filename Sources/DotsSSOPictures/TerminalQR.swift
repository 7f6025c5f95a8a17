import CPictures
import DotsSSOBasics
import DotsSSOCore

/// A QR code drawn with Unicode half blocks, two module rows a text line, for the device sign-in's
/// `verification_uri_complete` so a phone can scan it off the terminal. zint (already loaded on first use for pass
/// barcodes) makes the symbol; without zint there is no QR code and the address is still printed.
package enum TerminalQR {
    /// The quiet zone around the symbol, in modules (the standard asks for 4; scanners read 2 off a screen).
    static let quietZone = 2

    /// The lines of the QR code for `message`, or nil with the reason when zint is missing or refuses it. Always black
    /// modules on white (SGR 30;47), whatever the terminal's theme and NO_COLOR: the code is a picture a phone must
    /// read, not decoration, and an inverted one reads on some scanners only.
    package static func lines(_ message: String) -> Result<[String], PictureError> {
        let bytes = Array(message.utf8)
        guard !bytes.isEmpty, bytes.count <= 1_024 else { return .failure(.refused("the address is too long for a terminal QR code")) }
        if let reason = dots_zint_load() { return .failure(.libraryMissing(String(cString: reason))) }
        var status: Int32 = 0
        // ECC level M (2): readable off a screen with a little glare, still small.
        guard let symbol = dots_zint_encode(BARCODE_QRCODE, 0.5, bytes, Int32(bytes.count), &status) else {
            return .failure(.cannotDraw("zint could not make a symbol"))
        }
        defer { dots_zint_free(symbol) }
        guard status < ZINT_ERROR else {
            return .failure(.refused("zint cannot encode this address: \(String(cString: dots_zint_error(symbol)))"))
        }
        var modules: Int32 = 0, rows: Int32 = 0
        dots_zint_modules(symbol, &modules, &rows)
        var width: Int32 = 0, height: Int32 = 0
        guard let bitmap = dots_zint_bitmap(symbol, &width, &height), modules > 0, rows > 0, width >= modules, height >= rows else {
            return .failure(.cannotDraw("zint drew an empty symbol"))
        }
        // The bitmap may hold several pixels a module: sample each module's centre.
        let size = Int(modules), pixelsPerModule = Int(width) / size
        func dark(_ x: Int, _ y: Int) -> Bool {
            let inside = x >= 0 && y >= 0 && x < size && y < size
            guard inside else { return false }
            let px = x * pixelsPerModule + pixelsPerModule / 2, py = y * pixelsPerModule + pixelsPerModule / 2
            return bitmap[(py * Int(width) + px) * 3] < 128
        }
        let range = -quietZone..<(size + quietZone)
        var lines: [String] = []
        var y = -quietZone
        while y < size + quietZone {
            var line = "\u{1B}[30;47m"
            for x in range {
                // Dark modules are the foreground blocks, black on the white background.
                let top = dark(x, y), bottom = (y + 1 < size + quietZone) && dark(x, y + 1)
                line += top ? (bottom ? "█" : "▀") : (bottom ? "▄" : " ")
            }
            lines.append(line + "\u{1B}[0m")
            y += 2
        }
        return .success(lines)
    }
}
