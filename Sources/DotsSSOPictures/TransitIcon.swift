import DotsSSOBasics
import DotsSSOCore

/// The icon between a boarding pass's origin and destination, per `transitType`, drawn as simple shapes.
enum TransitIcon {
    static func draw(_ type: String?, on canvas: Canvas, centerX x: Double, centerY y: Double, color: PictureColor) {
        let api = canvas.api, cr = canvas.context
        canvas.setColor(color)
        api.new_path(cr)
        switch type {
        case "PKTransitTypeAir":
            // A plane seen from above, nose to the right: fuselage, wings, tail.
            api.move_to(cr, x - 14, y - 1.5); api.line_to(cr, x + 12, y - 1.5); api.arc(cr, x + 12, y, 1.5, -Double.pi / 2, Double.pi / 2)
            api.line_to(cr, x - 14, y + 1.5); api.close_path(cr)
            api.move_to(cr, x + 2, y); api.line_to(cr, x - 6, y - 13); api.line_to(cr, x - 9, y - 13); api.line_to(cr, x - 4, y);
            api.close_path(cr)
            api.move_to(cr, x + 2, y); api.line_to(cr, x - 6, y + 13); api.line_to(cr, x - 9, y + 13); api.line_to(cr, x - 4, y);
            api.close_path(cr)
            api.move_to(cr, x - 11, y); api.line_to(cr, x - 15, y - 6); api.line_to(cr, x - 16.5, y - 6); api.line_to(cr, x - 14, y);
            api.close_path(cr)
            api.move_to(cr, x - 11, y); api.line_to(cr, x - 15, y + 6); api.line_to(cr, x - 16.5, y + 6); api.line_to(cr, x - 14, y);
            api.close_path(cr)
            api.fill(cr)
        case "PKTransitTypeTrain", "PKTransitTypeBus":
            let bus = type == "PKTransitTypeBus"
            canvas.roundedPath(x: x - 10, y: y - 12, width: 20, height: 22, radius: bus ? 3 : 6)
            api.fill(cr)
            canvas.setColor(color.luminance > 0.5 ? .black : .white)
            api.rectangle(cr, x - 7, y - 8, 14, 7)
            api.fill(cr)
            canvas.setColor(color)
            api.arc(cr, x - 6, y + 13, 2.5, 0, 2 * Double.pi); api.fill(cr)
            api.arc(cr, x + 6, y + 13, 2.5, 0, 2 * Double.pi); api.fill(cr)
        case "PKTransitTypeBoat":
            api.move_to(cr, x - 14, y + 2); api.line_to(cr, x + 14, y + 2); api.line_to(cr, x + 9, y + 10); api.line_to(cr, x - 9, y + 10);
            api.close_path(cr)
            api.move_to(cr, x - 1, y - 14); api.line_to(cr, x - 1, y); api.line_to(cr, x - 11, y); api.close_path(cr)
            api.move_to(cr, x + 1, y - 10); api.line_to(cr, x + 1, y); api.line_to(cr, x + 9, y); api.close_path(cr)
            api.fill(cr)
        default:
            // PKTransitTypeGeneric (or none): an arrow.
            api.set_line_width(cr, 2.5)
            api.move_to(cr, x - 12, y); api.line_to(cr, x + 10, y); api.stroke(cr)
            api.move_to(cr, x + 13, y); api.line_to(cr, x + 5, y - 6); api.line_to(cr, x + 5, y + 6); api.close_path(cr); api.fill(cr)
        }
    }
}
