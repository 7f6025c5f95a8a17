/// How many terminal columns text takes: colour escapes take none, East Asian wide and fullwidth characters and
/// emoji take two, combining marks ride on the character before them. What `Table` pads by (`String.count`
/// counts the escape bytes of a coloured cell and one column for a CJK character, which misaligns both).
package enum DisplayWidth {
    package static func of(_ text: String) -> Int {
        var width = 0
        var escape = false
        for character in text {
            let first = character.unicodeScalars.first!
            if escape {
                // CSI: ESC [ parameters… final byte in @…~.
                if character != "[", (0x40...0x7E).contains(first.value) { escape = false }
                continue
            }
            if first == "\u{1B}" {
                escape = true
                continue
            }
            width += columns(character)
        }
        return width
    }

    static func columns(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        if scalars.allSatisfy({ isZeroWidth($0) }) { return 0 }
        if scalars.contains(where: { isWide($0) || $0.properties.isEmojiPresentation }) { return 2 }
        // An emoji made so by a variation selector (U+FE0F) is drawn wide too.
        if scalars.contains("\u{FE0F}"), scalars.contains(where: { $0.properties.isEmoji }) { return 2 }
        return 1
    }

    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: true
        default: false
        }
    }

    /// Unicode East Asian Width W and F (UAX #11), by block.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
            0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
            0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
            0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default:
            false
        }
    }

    /// `text` followed by spaces up to `width` columns (never cut).
    package static func pad(_ text: String, to width: Int) -> String {
        let missing = width - of(text)
        return missing > 0 ? text + String(repeating: " ", count: missing) : text
    }
}
