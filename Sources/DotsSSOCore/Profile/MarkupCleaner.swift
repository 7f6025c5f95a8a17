import DotsSSOBasics
import FoundationEssentials

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
            for rule in rules {
                guard let first = result.firstMatch(of: rule.pattern) else { continue }
                if !found { kinds.append(kind) }
                found = true
                if examples.count < 3 {
                    // A rule that matches the character before its mark (for "not after a word") shows only the mark.
                    let shown = rule.prefixed ? (first.output[1].range?.upperBound ?? first.range.lowerBound) : first.range.lowerBound
                    examples.append(TerminalText.oneLine(String(result[shown..<first.range.upperBound]).trimmingWhitespace(), limit: 30))
                }
                result = result.replacing(rule.pattern) { match in
                    rule.kept.map { match.output[$0].substring.map(String.init) ?? "" }.joined()
                }
            }
        }
        return kinds.isEmpty ? nil : (kinds, examples, result)
    }

    /// A pattern, the groups its match is replaced by, and whether group 1 is the character before the mark (Swift's
    /// Regex has no lookbehind, so "not after a word character" is matched and put back).
    private struct Rule {
        let pattern: Regex<AnyRegexOutput>
        let kept: [Int]
        let prefixed: Bool
    }

    private static func rules(_ list: [(String, [Int], Bool)]) -> [Rule] {
        // By Unicode scalar, as ICU's NSRegularExpression matched (a CR LF is two characters to `\n`, not one).
        list.compactMap { pattern, kept, prefixed in
            (try? Regex(pattern)).map { Rule(pattern: $0.matchingSemantics(.unicodeScalar), kept: kept, prefixed: prefixed) }
        }
    }

    /// Marks must hug their words (`**bold**`, not `5 * 3 * 2`); `snake_case` is not emphasis.
    nonisolated(unsafe) private static let markdown = rules([
        (#"!?\[([^\]\n]+)\]\(([^)\s]+)\)"#, [1], false),  // [text](url), ![alt](img)
        (#"\*\*(\S(?:[^\n]*?\S)?)\*\*"#, [1], false),  // **bold**
        (#"__(\S(?:[^\n]*?\S)?)__"#, [1], false),  // __bold__
        (#"(^|[^\w*])\*(\S(?:[^*\n]*?\S)?)\*(?![\w*])"#, [1, 2], true),  // *italic*
        (#"(^|[^\w_])_(\S(?:[^_\n]*?\S)?)_(?![\w_])"#, [1, 2], true),  // _italic_
        (#"`([^`\n]+)`"#, [1], false),  // `code`
        (#"(?m)^[ \t]{0,3}#{1,6}[ \t]+"#, [], false),  // # Title
        (#"(?m)^[ \t]*[-*+][ \t]+(?=\S)"#, [], false),  // - item
        (#"(?m)^[ \t]{0,3}>[ \t]?"#, [], false),  // > quote
    ])

    nonisolated(unsafe) private static let bbcode = rules([
        (#"(?i)\[url=[^\]\n]*\]([^\[\n]*)\[/url\]"#, [1], false),
        (#"(?i)\[/?(?:b|i|u|s|url|img|quote|code|list|center|color|size|font)(?:=[^\]\n]*)?\]"#, [], false),
        (#"(?m)^[ \t]*\[\*\][ \t]*"#, [], false),
    ])
}
