import DotsSSOBasics
import Foundation

/// Finds lightweight markup in a biography — Markdown and BBCode, which The Dots shows as typed (seed 000: no markup
/// of any kind) — and what the text reads as without it. HTML is HTMLStripper's: the app strips that itself.
package enum MarkupCleaner {
    /// The markup languages found (`Markdown`, `BBCode`) and the text without their marks; nil when there is none.
    package static func clean(_ text: String) -> (kinds: [String], examples: [String], cleaned: String)? {
        var result = text
        var kinds: [String] = []
        var examples: [String] = []
        for (kind, rules) in [("Markdown", markdown), ("BBCode", bbcode)] {
            var found = false
            for (pattern, template) in rules {
                let range = NSRange(result.startIndex..., in: result)
                if let first = pattern.firstMatch(in: result, range: range), let matched = Range(first.range, in: result) {
                    if !found { kinds.append(kind) }
                    found = true
                    if examples.count < 3 {
                        examples.append(TerminalText.oneLine(String(result[matched]).trimmingCharacters(in: .whitespaces), limit: 30))
                    }
                    result = pattern.stringByReplacingMatches(in: result, range: range, withTemplate: template)
                }
            }
        }
        return kinds.isEmpty ? nil : (kinds, examples, result)
    }

    private static func rules(_ list: [(String, String)]) -> [(NSRegularExpression, String)] {
        list.compactMap { pattern, template in (try? NSRegularExpression(pattern: pattern)).map { ($0, template) } }
    }

    /// Marks must hug their words (`**bold**`, not `5 * 3 * 2`); `snake_case` is not emphasis.
    private static let markdown = rules([
        (#"!?\[([^\]\n]+)\]\(([^)\s]+)\)"#, "$1"),  // [text](url), ![alt](img)
        (#"\*\*(\S(?:[^\n]*?\S)?)\*\*"#, "$1"),  // **bold**
        (#"__(\S(?:[^\n]*?\S)?)__"#, "$1"),  // __bold__
        (#"(?<![\w*])\*(\S(?:[^*\n]*?\S)?)\*(?![\w*])"#, "$1"),  // *italic*
        (#"(?<![\w_])_(\S(?:[^_\n]*?\S)?)_(?![\w_])"#, "$1"),  // _italic_
        (#"`([^`\n]+)`"#, "$1"),  // `code`
        (#"(?m)^[ \t]{0,3}#{1,6}[ \t]+"#, ""),  // # Title
        (#"(?m)^[ \t]*[-*+][ \t]+(?=\S)"#, ""),  // - item
        (#"(?m)^[ \t]{0,3}>[ \t]?"#, ""),  // > quote
    ])

    private static let bbcode = rules([
        (#"(?i)\[url=[^\]\n]*\]([^\[\n]*)\[/url\]"#, "$1"),
        (#"(?i)\[/?(?:b|i|u|s|url|img|quote|code|list|center|color|size|font)(?:=[^\]\n]*)?\]"#, ""),
        (#"(?m)^[ \t]*\[\*\][ \t]*"#, ""),
    ])
}
