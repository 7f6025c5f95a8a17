import CPictures
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// A picture being drawn: a cairo image surface (premultiplied ARGB, 4 bytes a pixel) and its context, with the few
/// drawing operations previews need. One task draws on it; it is not shared.
final class Canvas {
    /// No picture dots-sso draws is larger (a contact sheet of 100 cells of 1024 px would be; the sheet refuses it).
    static let maxPixels = 40_000_000

    let api: dots_cairo_api
    let surface: OpaquePointer
    let context: OpaquePointer
    let width: Int
    let height: Int

    /// The cairo table, loading the libraries the first time (a one-line error when they are missing).
    static func cairo() throws -> dots_cairo_api {
        if let reason = dots_cairo_load() { throw PictureError.libraryMissing(String(cString: reason)) }
        return dots_cairo()!.pointee
    }

    init(width: Int, height: Int) throws {
        guard width > 0, height > 0, width <= 32_767, height <= 32_767, width * height <= Self.maxPixels else {
            throw PictureError.tooLarge(
                "a \(width)×\(height) picture is larger than dots-sso draws (\(Self.maxPixels / 1_000_000) megapixels)")
        }
        api = try Self.cairo()
        guard let surface = api.image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
            api.surface_status(surface) == CAIRO_STATUS_SUCCESS
        else {
            throw PictureError.cannotDraw("cairo could not make a \(width)×\(height) image (out of memory?)")
        }
        guard let context = api.create(surface) else {
            api.surface_destroy(surface)
            throw PictureError.cannotDraw("cairo could not draw on a \(width)×\(height) image")
        }
        self.surface = surface
        self.context = context
        self.width = width
        self.height = height
    }

    /// Takes over a surface cairo made (a decoded PNG); throws when it is an error surface.
    init(adopting surface: OpaquePointer) throws {
        api = try Self.cairo()
        guard api.surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = api.create(surface) else {
            api.surface_destroy(surface)
            throw PictureError.cannotDraw("cairo could not decode the image")
        }
        self.surface = surface
        self.context = context
        width = Int(api.image_surface_get_width(surface))
        height = Int(api.image_surface_get_height(surface))
    }

    deinit {
        api.destroy(context)
        api.surface_destroy(surface)
    }

    /// The pixels, premultiplied ARGB32 in native byte order, `stride` bytes a row; flushed for reading.
    func withPixels<T>(_ body: (UnsafeMutablePointer<UInt32>, _ stride: Int) throws -> T) rethrows -> T {
        api.surface_flush(surface)
        let stride = Int(api.image_surface_get_stride(surface))
        let pixels = UnsafeMutableRawPointer(api.image_surface_get_data(surface)!).assumingMemoryBound(to: UInt32.self)
        defer { api.surface_mark_dirty(surface) }
        return try body(pixels, stride)
    }

    func setColor(_ color: PictureColor) {
        api.set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
    }

    func fill(x: Double, y: Double, width: Double, height: Double, _ color: PictureColor) {
        setColor(color)
        api.rectangle(context, x, y, width, height)
        api.fill(context)
    }

    /// A rectangle with rounded corners (a pass's outline, a barcode's white box).
    func fillRounded(x: Double, y: Double, width: Double, height: Double, radius: Double, _ color: PictureColor) {
        roundedPath(x: x, y: y, width: width, height: height, radius: radius)
        setColor(color)
        api.fill(context)
    }

    func roundedPath(x: Double, y: Double, width: Double, height: Double, radius: Double) {
        let r = min(radius, width / 2, height / 2)
        api.new_path(context)
        api.arc(context, x + width - r, y + r, r, -Double.pi / 2, 0)
        api.arc(context, x + width - r, y + height - r, r, 0, Double.pi / 2)
        api.arc(context, x + r, y + height - r, r, Double.pi / 2, Double.pi)
        api.arc(context, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
        api.close_path(context)
    }

    /// Cuts a disc out of the picture (a ticket's notch, a coupon's perforation): those pixels become transparent.
    func cutCircle(x: Double, y: Double, radius: Double) {
        api.save(context)
        api.set_operator(context, CAIRO_OPERATOR_CLEAR)
        api.new_path(context)
        api.arc(context, x, y, radius, 0, 2 * Double.pi)
        api.fill(context)
        api.restore(context)
    }

    /// Draws in points from here on: `factor` pixels a point.
    func scale(by factor: Double) {
        api.scale(context, factor, factor)
    }

    /// A grey checkerboard, the usual sign of transparency, behind a frame.
    func checkerboard(x: Double, y: Double, width: Double, height: Double, square: Double = 8) {
        fill(x: x, y: y, width: width, height: height, PictureColor(red: 1, green: 1, blue: 1))
        api.save(context)
        api.rectangle(context, x, y, width, height)
        api.clip(context)
        setColor(PictureColor(red: 0.8, green: 0.8, blue: 0.8))
        var row = 0
        var top = y
        while top < y + height {
            var left = x + (row % 2 == 0 ? 0 : square)
            while left < x + width {
                api.rectangle(context, left, top, square, square)
                left += square * 2
            }
            top += square
            row += 1
        }
        api.fill(context)
        api.restore(context)
    }

    enum Alignment { case left, center, right }

    /// Draws one paragraph of text (DejaVu Sans at `size` px) at (x, y), at most `width` wide — ellipsized when
    /// `lines` is 1, wrapped otherwise — and returns the height it took.
    @discardableResult
    func text(
        _ text: String, x: Double, y: Double, width: Double, size: Double, bold: Bool = false,
        color: PictureColor, alignment: Alignment = .left, lines: Int = 1, draw: Bool = true
    ) -> Double {
        guard let layout = api.pango_create_layout(context) else { return 0 }
        defer { api.g_object_unref(UnsafeMutableRawPointer(layout)) }
        let description = api.pango_font_description_from_string(bold ? "DejaVu Sans Bold" : "DejaVu Sans")
        api.pango_font_description_set_absolute_size(description, size * Double(DOTS_PANGO_SCALE))
        api.pango_layout_set_font_description(layout, description)
        api.pango_font_description_free(description)
        api.pango_layout_set_width(layout, Int32(Int(clamping: width * Double(DOTS_PANGO_SCALE), to: 1...Int(Int32.max))))
        if lines <= 1 {
            api.pango_layout_set_single_paragraph_mode(layout, 1)
            api.pango_layout_set_ellipsize(layout, Int32(DOTS_PANGO_ELLIPSIZE_END))
        } else {
            api.pango_layout_set_wrap(layout, Int32(DOTS_PANGO_WRAP_WORD_CHAR))
        }
        let align: Int32 =
            switch alignment {
            case .left: Int32(DOTS_PANGO_ALIGN_LEFT)
            case .center: Int32(DOTS_PANGO_ALIGN_CENTER)
            case .right: Int32(DOTS_PANGO_ALIGN_RIGHT)
            }
        api.pango_layout_set_alignment(layout, align)
        api.pango_layout_set_text(layout, Self.bounded(text), -1)
        var laidWidth: Int32 = 0, laidHeight: Int32 = 0
        api.pango_layout_get_pixel_size(layout, &laidWidth, &laidHeight)
        if draw {
            api.save(context)
            if lines > 1 {  // clip to the lines allowed
                api.rectangle(context, x, y, width, size * 1.25 * Double(lines))
                api.clip(context)
            }
            setColor(color)
            api.move_to(context, x, y)
            api.pango_show_layout(context, layout)
            api.restore(context)
        }
        // pango's height overflows on 400,000 lines (-1,588,400 px): never less than nothing.
        return max(0, min(Double(laidHeight), lines > 1 ? size * 1.25 * Double(lines) : Double(laidHeight)))
    }

    /// What a pass can show of one text, cut before pango sees it: pango's layout is quadratic in combining marks
    /// and in line length (a 1 KB pass took 12 s), and no field shows more than a few hundred characters. At most
    /// `maxClusters` grapheme clusters of at most `maxScalarsPerCluster` scalars each (an emoji family is 7).
    static let maxClusters = 1_000
    static let maxScalarsPerCluster = 16

    static func bounded(_ text: String) -> String {
        var result = ""
        var clusters = 0
        for cluster in text {
            guard clusters < maxClusters else {
                result.append("…")
                break
            }
            let scalars = cluster.unicodeScalars
            if scalars.count <= maxScalarsPerCluster {
                result.append(cluster)
            } else {
                result.unicodeScalars.append(contentsOf: scalars.prefix(maxScalarsPerCluster))
            }
            clusters += 1
        }
        return result
    }

    /// How wide `text` is on one line at `size` (DejaVu Sans).
    func textWidth(_ text: String, size: Double) -> Double {
        guard let layout = api.pango_create_layout(context) else { return 0 }
        defer { api.g_object_unref(UnsafeMutableRawPointer(layout)) }
        let description = api.pango_font_description_from_string("DejaVu Sans")
        api.pango_font_description_set_absolute_size(description, size * Double(DOTS_PANGO_SCALE))
        api.pango_layout_set_font_description(layout, description)
        api.pango_font_description_free(description)
        api.pango_layout_set_text(layout, Self.bounded(text), -1)
        var width: Int32 = 0, height: Int32 = 0
        api.pango_layout_get_pixel_size(layout, &width, &height)
        return Double(max(0, width))
    }

    /// Paints `image` scaled into the rectangle; `smooth` false keeps hard pixel edges (barcodes).
    func draw(_ image: Canvas, x: Double, y: Double, width: Double, height: Double, smooth: Bool = true) {
        draw(
            surface: image.surface, sourceWidth: image.width, sourceHeight: image.height, x: x, y: y, width: width, height: height,
            smooth: smooth)
    }

    func draw(
        surface source: OpaquePointer, sourceWidth: Int, sourceHeight: Int, x: Double, y: Double, width: Double, height: Double,
        smooth: Bool = true
    ) {
        guard sourceWidth > 0, sourceHeight > 0, width > 0, height > 0 else { return }
        api.save(context)
        api.rectangle(context, x, y, width, height)
        api.clip(context)
        api.translate(context, x, y)
        api.scale(context, width / Double(sourceWidth), height / Double(sourceHeight))
        api.set_source_surface(context, source, 0, 0)
        api.pattern_set_filter(api.get_source(context), smooth ? CAIRO_FILTER_GOOD : CAIRO_FILTER_NEAREST)
        api.paint(context)
        api.restore(context)
    }

    /// The picture as PNG file bytes.
    func pngData() throws -> Data {
        api.surface_flush(surface)
        var length = 0
        guard let bytes = dots_cairo_png_bytes(surface, &length) else {
            throw PictureError.cannotDraw("cairo could not encode a \(width)×\(height) PNG")
        }
        defer { free(bytes) }
        return Data(bytes: bytes, count: length)
    }
}
