import DotsSSOBasics
import DotsSSOCore

/// The poster layout Wallet gives an event ticket whose `preferredStyleSchemes` puts `posterEventTicket` first among
/// the event-ticket schemes (iOS 18 and later): the background image full-bleed at the top, the event's semantic
/// fields (name, date, venue, performers) over it, then the barcode. Older iOS, and a pass that prefers
/// `eventTicket`, get the classic layout.
extension PassRenderer {
    /// The poster area's height in points: a 320 × 400 pt poster, as Wallet's is taller than wide.
    static let posterHeight = 400.0

    /// Which layout Wallet on current iOS would use for this pass.
    static func layout(of pass: [String: JSONValue], style: String) -> PassLayout {
        guard style == "eventTicket" else { return .classic }
        let schemes = pass["preferredStyleSchemes"]?.arrayValue?.compactMap(\.stringValue) ?? []
        // Wallet takes the first scheme it supports for the style.
        let chosen = schemes.first { $0 == "posterEventTicket" || $0 == "eventTicket" }
        return chosen == "posterEventTicket" ? .poster : .classic
    }

    var semantics: [String: JSONValue] { pass["semantics"]?.objectValue ?? [:] }

    /// The poster front: the background image (or the background colour) covering the poster, darkened towards its
    /// foot so the white text reads, the logo at the top, the event over the image, then the barcode below.
    mutating func posterFront() throws -> Canvas {
        let content = try Canvas(width: Self.pixelWidth, height: Self.pixels(Self.maxHeight))
        content.scale(by: Self.scale)
        let posterBottom = Self.posterHeight
        var y = try barcode(on: content, top: posterBottom + 16)
        y = max(y, posterBottom)
        let height = min(Self.maxHeight, y + Self.margin)
        let picture = try Canvas(width: Self.pixelWidth, height: Self.pixels(height))
        picture.scale(by: Self.scale)
        picture.fillRounded(x: 0, y: 0, width: Self.width, height: height, radius: 10, background)
        picture.api.save(picture.context)
        picture.roundedPath(x: 0, y: 0, width: Self.width, height: posterBottom, radius: 10)
        picture.api.clip(picture.context)
        if let image = artwork.image("background") {
            // Scaled to cover the poster, centred; what overflows is cut by the clip.
            let scale = max(Self.width / Double(image.width), posterBottom / Double(image.height))
            let width = Double(image.width) * scale, imageHeight = Double(image.height) * scale
            picture.draw(image, x: (Self.width - width) / 2, y: (posterBottom - imageHeight) / 2, width: width, height: imageHeight)
        }
        // Wallet darkens the foot of the poster under its text: three bands, darker towards the bottom.
        for (index, alpha) in [0.25, 0.45, 0.65].enumerated() {
            let band = posterBottom * 0.45 / 3
            picture.fill(
                x: 0, y: posterBottom * 0.55 + Double(index) * band, width: Self.width, height: band,
                PictureColor.black.with(alpha: alpha))
        }
        picture.api.restore(picture.context)
        if let logo = artwork.image("logo") {
            let fitted = fit(logo, width: 120, height: 40)
            picture.draw(logo, x: Self.margin, y: Self.margin, width: fitted.width, height: fitted.height)
        }
        posterText(on: picture, bottom: posterBottom - Self.margin)
        picture.draw(content, x: 0, y: 0, width: Self.width, height: Self.maxHeight)
        findings += artwork.findings
        return picture
    }

    /// The event's name (the semantic `eventName`, else the first primary field), then its date, venue and
    /// performers, bottom-up from `bottom`.
    func posterText(on canvas: Canvas, bottom: Double) {
        let width = Self.width - 2 * Self.margin
        let white = PictureColor.white, soft = PictureColor.white.with(alpha: 0.8)
        var lines: [(text: String, size: Double, bold: Bool, color: PictureColor)] = []
        let name = semantics["eventName"]?.stringValue ?? fields("primaryFields").first.map { text.value($0) }
        if let name { lines.append((text.localized(name), 24, true, white)) }
        if let start = semantics["eventStartDate"]?.stringValue {
            let field: [String: JSONValue] = [
                "value": .string(start), "dateStyle": .string("PKDateStyleMedium"), "timeStyle": .string("PKDateStyleShort"),
            ]
            lines.append((text.value(field), 14, false, white))
        }
        let venue = ["venueName", "venueRoom", "venueRegionName"].compactMap { semantics[$0]?.stringValue }.map(text.localized)
        if !venue.isEmpty { lines.append((venue.joined(separator: " · "), 13, false, soft)) }
        let performers = semantics["performerNames"]?.arrayValue?.compactMap(\.stringValue) ?? []
        if !performers.isEmpty { lines.append((performers.joined(separator: ", "), 13, false, soft)) }
        var y = bottom
        for line in lines.reversed() {
            let height = line.size * 1.3
            y -= height
            canvas.text(line.text, x: Self.margin, y: y, width: width, size: line.size, bold: line.bold, color: line.color)
            y -= 4
        }
    }
}
