import CPictures
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// A pass's images, decoded for drawing: the variant that fits a 2× picture (`@2x`, else `@3x`, else the plain file),
/// the chosen language's `.lproj` copy first. A PNG is measured from its header before it is decoded, and one larger
/// than Wallet would ever show is not decoded at all.
struct PassArtwork {
    /// Wallet's largest image is a 1,125 px wide @3x strip; anything past this is not decoded.
    static let maxSide = 4_096
    static let maxPixels = 8_000_000

    let files: [String: Data]
    let language: String?
    let file: String
    private(set) var findings: [Finding] = []

    init(files: [String: Data], language: String?, file: String) {
        self.files = files
        self.language = language
        self.file = file
    }

    /// The decoded image named `name` (`logo`, `strip`, …), or nil when the pass has none or it cannot be drawn
    /// (which is then a finding).
    mutating func image(_ name: String) -> Canvas? {
        var folders = [""]
        if let language {
            folders.insert("\(language).lproj/", at: 0)
            if let base = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).first, String(base) != language {
                folders.insert("\(base).lproj/", at: 1)
            }
        }
        for folder in folders {
            for suffix in ["@2x", "@3x", ""] {
                let path = "\(folder)\(name)\(suffix).png"
                guard let data = files[path] else { continue }
                return decode(data, path: path)
            }
        }
        return nil
    }

    private mutating func decode(_ data: Data, path: String) -> Canvas? {
        guard let header = PNGHeader(data) else {
            findings.append(
                Finding(
                    PassFindings.previewImageUnreadable, at: FindingLocation(file: file, path: path),
                    "\(path) is \(PNGHeader.describe(data)), not drawn"))
            return nil
        }
        guard header.width <= Self.maxSide, header.height <= Self.maxSide, header.width * header.height <= Self.maxPixels else {
            findings.append(
                Finding(
                    PassFindings.previewImageTooLarge, at: FindingLocation(file: file, path: path),
                    "\(path) is \(header.width)×\(header.height) px; images over \(Self.maxSide) px a side are not drawn (Wallet shows none that large)"
                ))
            return nil
        }
        let decoded: Canvas?
        do {
            decoded = try data.withUnsafeBytes { raw -> Canvas? in
                guard let surface = dots_cairo_surface_from_png(raw.bindMemory(to: UInt8.self).baseAddress, raw.count) else { return nil }
                return try Canvas(adopting: surface)
            }
        } catch {
            decoded = nil
        }
        if decoded == nil {
            findings.append(
                Finding(
                    PassFindings.previewImageUnreadable, at: FindingLocation(file: file, path: path),
                    "\(path) could not be decoded as a PNG, not drawn"))
        }
        return decoded
    }
}
