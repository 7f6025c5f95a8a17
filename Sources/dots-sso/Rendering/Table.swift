import DotsSSOBasics
import DotsSSOCore

/// Left-aligned columns for human output, padded by display width (colour escapes and wide characters counted as
/// a terminal draws them); the last column is never padded.
enum Table {
    static func render(_ rows: [[String]], header: [String]? = nil, indent: String = "") -> String {
        let all = (header.map { [$0] } ?? []) + rows
        guard let columns = all.map(\.count).max(), columns > 0 else { return "" }
        var widths = [Int](repeating: 0, count: columns)
        for row in all {
            for (index, cell) in row.enumerated() where index < columns - 1 {
                widths[index] = max(widths[index], DisplayWidth.of(cell))
            }
        }
        return all.map { row in
            indent
                + row.enumerated().map { index, cell in
                    index == row.count - 1 ? cell : DisplayWidth.pad(cell, to: widths[index])
                }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
