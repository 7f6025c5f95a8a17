import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Draws a pass the way Wallet lays out its style (generic, storeCard, coupon, eventTicket, boardingPass): colours,
/// logo and logo text, strip, thumbnail and background images, the header, primary, secondary and auxiliary fields,
/// and the barcode; or the back fields. Laid out in points on a 320 pt wide pass and drawn at 2×.
struct PassRenderer {
    static let styles = ["boardingPass", "coupon", "eventTicket", "generic", "storeCard"]
    static let width = 320.0
    static let scale = 2.0
    static let margin = 12.0
    /// The tallest pass drawn; content past it is cut (a back with a hundred fields).
    static let maxHeight = 2_400.0

    let pass: [String: JSONValue]
    /// The layout drawn (one of `styles`).
    let style: String
    /// The key whose fields are drawn: the style's, or `posterGeneric` when that is the pass's only style key.
    let styleKey: String
    /// `poster` for an event ticket that prefers `posterEventTicket`, else `classic`.
    let layout: PassLayout
    let text: PassFieldText
    var artwork: PassArtwork
    let background: PictureColor
    let foreground: PictureColor
    let labelColor: PictureColor
    var findings: [Finding] = []
    let file: String

    init(pass: [String: JSONValue], files: [String: Data], language: String?, file: String) throws {
        if let style = Self.styles.first(where: { pass[$0]?.objectValue != nil }) {
            (self.style, styleKey) = (style, style)
        } else if pass["posterGeneric"]?.objectValue != nil {
            (style, styleKey) = ("generic", "posterGeneric")
        } else {
            throw PictureError.refused(
                "\(file) has none of the pass styles (\(Self.styles.joined(separator: ", "))) in pass.json; nothing to draw")
        }
        self.pass = pass
        layout = Self.layout(of: pass, style: style)
        self.file = file
        findings += Self.undrawnLayout(of: pass, style: style, styleKey: styleKey, file: file)
        text = PassFieldText(files: files, language: language)
        artwork = PassArtwork(files: files, language: language, file: file)
        background = pass["backgroundColor"]?.stringValue.flatMap(PictureColor.init(passColor:)) ?? .white
        let defaultText: PictureColor = background.luminance > 0.5 ? .black : .white
        foreground = pass["foregroundColor"]?.stringValue.flatMap(PictureColor.init(passColor:)) ?? defaultText
        labelColor = pass["labelColor"]?.stringValue.flatMap(PictureColor.init(passColor:)) ?? foreground.with(alpha: 0.7)
    }

    var structure: [String: JSONValue] { pass[styleKey]?.objectValue ?? [:] }

    /// Layouts Wallet draws that this preview does not (iOS 26's semantic boarding pass, iOS 27's poster generic),
    /// said plainly so a classic picture is not taken for what a current iPhone shows.
    static func undrawnLayout(of pass: [String: JSONValue], style: String, styleKey: String, file: String) -> [Finding] {
        var notes: [(path: String, message: String)] = []
        let schemes = pass["preferredStyleSchemes"]?.arrayValue?.compactMap(\.stringValue) ?? []
        if style == "boardingPass", schemes.first(where: { $0 == "semanticBoardingPass" || $0 == "boardingPass" }) == "semanticBoardingPass"
        {
            notes.append(
                (
                    "pass.json $.preferredStyleSchemes",
                    "the semantic boarding pass (iOS 26) is not drawn: this is the classic boarding pass, as iOS 25 and earlier (and a pass missing its semantics) show it"
                ))
        }
        if styleKey == "posterGeneric" {
            notes.append(
                (
                    "pass.json $.posterGeneric",
                    "the poster generic layout (iOS 27) is not drawn: this is posterGeneric's fields in the classic generic layout"
                ))
        } else if pass["posterGeneric"] != nil {
            notes.append(
                (
                    "pass.json $.posterGeneric",
                    "the poster generic layout (iOS 27) is not drawn: this is the \(style) style iOS 26 and earlier show"
                ))
        }
        return notes.map { Finding(PassFindings.previewLayout, at: FindingLocation(file: file, path: $0.path), $0.message) }
    }

    func fields(_ key: String) -> [[String: JSONValue]] {
        (structure[key]?.arrayValue ?? []).compactMap(\.objectValue)
    }

    // MARK: Front

    mutating func front() throws -> Canvas {
        if layout == .poster { return try posterFront() }
        let content = try Canvas(width: Self.pixelWidth, height: Self.pixels(Self.maxHeight))
        content.scale(by: Self.scale)
        var y = Self.margin
        y = header(on: content, top: y)
        y = primary(on: content, top: y)
        y = row(fields("secondaryFields"), on: content, top: y, valueSize: 15)
        y = row(fields("auxiliaryFields"), on: content, top: y, valueSize: 15)
        y = try barcode(on: content, top: y + 8)
        let height = min(Self.maxHeight, y + Self.margin)
        let picture = try Canvas(width: Self.pixelWidth, height: Self.pixels(height))
        picture.scale(by: Self.scale)
        picture.fillRounded(x: 0, y: 0, width: Self.width, height: height, radius: 10, background)
        if style == "eventTicket", artwork.files["strip.png"] == nil, artwork.files["strip@2x.png"] == nil,
            let image = artwork.image("background")
        {
            try blurred(image, on: picture, height: height)
        }
        picture.draw(content, x: 0, y: 0, width: Self.width, height: Self.maxHeight)
        switch style {
        case "eventTicket":
            picture.cutCircle(x: Self.width / 2, y: 0, radius: 16)
        case "coupon":
            var x = 6.0
            while x < Self.width {
                picture.cutCircle(x: x, y: 0, radius: 3)
                picture.cutCircle(x: x, y: height, radius: 3)
                x += 12
            }
        default:
            break
        }
        findings += artwork.findings
        return picture
    }

    /// Logo, logo text and up to three header fields on the right; returns the y below.
    mutating func header(on canvas: Canvas, top: Double) -> Double {
        let rowHeight = 50.0
        var logoRight = Self.margin
        if let logo = artwork.image("logo") {
            let fitted = fit(logo, width: 160, height: rowHeight)
            canvas.draw(logo, x: Self.margin, y: top + (rowHeight - fitted.height) / 2, width: fitted.width, height: fitted.height)
            logoRight += fitted.width + 8
        }
        var right = Self.width - Self.margin
        for field in fields("headerFields").prefix(3).reversed() {
            let label = text.label(field)?.uppercased() ?? ""
            let value = text.value(field)
            let width = min(110, max(measure(canvas, label, size: 9), measure(canvas, value, size: 15)) + 2)
            canvas.text(label, x: right - width, y: top + 8, width: width, size: 9, color: labelColor, alignment: .right)
            canvas.text(value, x: right - width, y: top + 20, width: width, size: 15, color: foreground, alignment: .right)
            right -= width + 10
        }
        if let logoText = pass["logoText"]?.stringValue {
            canvas.text(
                text.localized(logoText), x: logoRight, y: top + rowHeight / 2 - 10, width: max(10, right - logoRight), size: 16,
                bold: true, color: foreground)
        }
        return top + rowHeight + 8
    }

    /// The primary area: over a strip (store cards, coupons, tickets with one), beside a thumbnail (generic, tickets),
    /// or origin → destination with the transit icon (boarding passes).
    mutating func primary(on canvas: Canvas, top: Double) -> Double {
        let primary = fields("primaryFields")
        if style == "boardingPass" {
            let pair = Array(primary.prefix(2))
            let half = (Self.width - 2 * Self.margin - 40) / 2
            for (index, field) in pair.enumerated() {
                let x = index == 0 ? Self.margin : Self.width - Self.margin - half
                let alignment: Canvas.Alignment = index == 0 ? .left : .right
                canvas.text(
                    text.label(field)?.uppercased() ?? "", x: x, y: top, width: half, size: 10, color: labelColor,
                    alignment: alignment)
                canvas.text(text.value(field), x: x, y: top + 13, width: half, size: 34, color: foreground, alignment: alignment)
            }
            TransitIcon.draw(
                structure["transitType"]?.stringValue, on: canvas, centerX: Self.width / 2, centerY: top + 34, color: foreground)
            return top + 70
        }
        let stripHeight = style == "eventTicket" ? 98.0 : 123.0
        if style != "generic", let strip = artwork.image("strip") {
            canvas.draw(strip, x: 0, y: top, width: Self.width, height: stripHeight)
            if let field = primary.first {
                canvas.text(
                    text.value(field), x: Self.margin, y: top + stripHeight - 62, width: Self.width - 2 * Self.margin, size: 36,
                    color: foreground)
                canvas.text(
                    text.label(field) ?? "", x: Self.margin, y: top + stripHeight - 20, width: Self.width - 2 * Self.margin, size: 13,
                    color: foreground)
            }
            return top + stripHeight + 8
        }
        var textWidth = Self.width - 2 * Self.margin
        var height = 0.0
        if style == "generic" || style == "eventTicket", let thumbnail = artwork.image("thumbnail") {
            let fitted = fit(thumbnail, width: 90, height: 90)
            canvas.draw(thumbnail, x: Self.width - Self.margin - fitted.width, y: top, width: fitted.width, height: fitted.height)
            textWidth -= fitted.width + 8
            height = fitted.height
        }
        if let field = primary.first {
            let labelHeight = canvas.text(text.label(field) ?? "", x: Self.margin, y: top, width: textWidth, size: 13, color: labelColor)
            let valueHeight = canvas.text(
                text.value(field), x: Self.margin, y: top + labelHeight, width: textWidth, size: 30, color: foreground)
            height = max(height, labelHeight + valueHeight)
        }
        return top + height + 10
    }

    /// Up to four fields side by side: the first left, the last right, the rest between (unless they say otherwise).
    func row(_ row: [[String: JSONValue]], on canvas: Canvas, top: Double, valueSize: Double) -> Double {
        let shown = Array(row.prefix(4))
        guard !shown.isEmpty else { return top }
        let width = (Self.width - 2 * Self.margin - Double(shown.count - 1) * 8) / Double(shown.count)
        for (index, field) in shown.enumerated() {
            let x = Self.margin + Double(index) * (width + 8)
            let alignment = Self.alignment(field, index: index, count: shown.count)
            canvas.text(
                text.label(field)?.uppercased() ?? "", x: x, y: top, width: width, size: 9, color: labelColor,
                alignment: alignment)
            canvas.text(text.value(field), x: x, y: top + 12, width: width, size: valueSize, color: foreground, alignment: alignment)
        }
        return top + 12 + valueSize * 1.3 + 10
    }

    static func alignment(_ field: [String: JSONValue], index: Int, count: Int) -> Canvas.Alignment {
        switch field["textAlignment"]?.stringValue {
        case "PKTextAlignmentLeft": .left
        case "PKTextAlignmentCenter": .center
        case "PKTextAlignmentRight": .right
        default: count > 1 && index == count - 1 ? .right : .left
        }
    }

    /// `barcodes[0]` (or the older `barcode`) in a white box with its alt text; returns the y below.
    mutating func barcode(on canvas: Canvas, top: Double) throws -> Double {
        let chosen = pass["barcodes"]?.arrayValue?.first?.objectValue ?? pass["barcode"]?.objectValue
        guard let chosen, let format = chosen["format"]?.stringValue, let message = chosen["message"]?.stringValue else { return top }
        let code: PassBarcode
        do {
            code = try PassBarcode(format: format, message: message, altText: chosen["altText"]?.stringValue)
        } catch PictureError.refused(let reason) {
            findings.append(
                Finding(
                    PassFindings.previewBarcode, at: FindingLocation(file: file, path: "pass.json $.barcodes[0]"),
                    "barcode not drawn: \(reason)"))
            return top
        }
        let size: (width: Double, height: Double) = code.format.isSquare ? (140, 140) : code.format == .pdf417 ? (260, 80) : (260, 64)
        // Whole pixels a module, so every module is as wide as the next and scanners read the picture.
        let modulePixels = max(
            1, floor(min(size.width * Self.scale / Double(code.modules.width), size.height * Self.scale / Double(code.modules.height))))
        let drawnWidth = Double(code.modules.width) * modulePixels / Self.scale
        let drawnHeight =
            code.format.isSquare || code.format == .pdf417 ? Double(code.modules.height) * modulePixels / Self.scale : size.height
        let altHeight = code.altText == nil ? 0.0 : 16.0
        let padding = code.format.isSquare ? 10.0 : 12.0
        let boxWidth = drawnWidth + 2 * padding, boxHeight = drawnHeight + 2 * padding + altHeight
        let boxX = ((Self.width - boxWidth) / 2).rounded()
        canvas.fillRounded(x: boxX, y: top, width: boxWidth, height: boxHeight, radius: 6, .white)
        canvas.draw(code.modules, x: boxX + padding, y: top + padding, width: drawnWidth, height: drawnHeight, smooth: false)
        if let alt = code.altText {
            canvas.text(
                text.localized(alt), x: boxX, y: top + padding + drawnHeight + 2, width: boxWidth, size: 10, color: .black,
                alignment: .center)
        }
        return top + boxHeight
    }

    // MARK: Back

    /// The back fields, label over value, on Wallet's light back.
    func back() throws -> Canvas {
        let content = try Canvas(width: Self.pixelWidth, height: Self.pixels(Self.maxHeight))
        content.scale(by: Self.scale)
        let ink = PictureColor(red: 0.11, green: 0.11, blue: 0.12), grey = PictureColor(red: 0.45, green: 0.45, blue: 0.48)
        var y = Self.margin + 4
        let title = pass["logoText"]?.stringValue ?? pass["organizationName"]?.stringValue ?? ""
        y +=
            content.text(text.localized(title), x: Self.margin, y: y, width: Self.width - 2 * Self.margin, size: 17, bold: true, color: ink)
            + 12
        for field in fields("backFields") where y < Self.maxHeight - 40 {
            if let label = text.label(field) {
                y += content.text(label, x: Self.margin, y: y, width: Self.width - 2 * Self.margin, size: 11, color: grey) + 2
            }
            y +=
                content.text(text.value(field), x: Self.margin, y: y, width: Self.width - 2 * Self.margin, size: 14, color: ink, lines: 20)
                + 8
            content.fill(
                x: Self.margin, y: y, width: Self.width - 2 * Self.margin, height: 0.5, PictureColor(red: 0.8, green: 0.8, blue: 0.82))
            y += 10
        }
        if fields("backFields").isEmpty {
            y += content.text("(no back fields)", x: Self.margin, y: y, width: Self.width - 2 * Self.margin, size: 13, color: grey) + 8
        }
        let height = min(Self.maxHeight, y + Self.margin)
        let picture = try Canvas(width: Self.pixelWidth, height: Self.pixels(height))
        picture.scale(by: Self.scale)
        picture.fillRounded(x: 0, y: 0, width: Self.width, height: height, radius: 10, PictureColor(red: 0.95, green: 0.95, blue: 0.97))
        picture.draw(content, x: 0, y: 0, width: Self.width, height: Self.maxHeight)
        return picture
    }

    // MARK: Helpers

    /// The picture's width in pixels.
    static var pixelWidth: Int { Int(clamping: width * scale, to: 1...10_000) }

    /// A height in points as pixels: at least one, at most the tallest pass drawn (text measured by pango may
    /// claim anything).
    static func pixels(_ height: Double) -> Int {
        Int(clamping: height * scale, to: 1...Int(clamping: maxHeight * scale, to: 1...100_000), rounding: .up)
    }

    func fit(_ image: Canvas, width: Double, height: Double) -> (width: Double, height: Double) {
        let scale = min(width / Double(image.width), height / Double(image.height))
        return (Double(image.width) * scale, Double(image.height) * scale)
    }

    func measure(_ canvas: Canvas, _ string: String, size: Double) -> Double {
        canvas.textWidth(string, size: size)
    }

    /// An event ticket's background image: scaled to fill and blurred, as Wallet shows it behind the fields.
    func blurred(_ image: Canvas, on picture: Canvas, height: Double) throws {
        // A tenth of the size in points, a twentieth in pixels at scale 2.
        let small = try Canvas(width: Self.pixelWidth / 20, height: max(1, Self.pixels(height) / 20))
        small.draw(image, x: 0, y: 0, width: Double(small.width), height: Double(small.height))
        picture.api.save(picture.context)
        picture.roundedPath(x: 0, y: 0, width: Self.width, height: height, radius: 10)
        picture.api.clip(picture.context)
        picture.draw(small, x: 0, y: 0, width: Self.width, height: height)
        picture.api.restore(picture.context)
    }
}
