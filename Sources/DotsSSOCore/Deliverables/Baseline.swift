import DotsSSOBasics
import FoundationEssentials

/// A baseline of accepted findings (`--baseline FILE`, written by `--write-baseline FILE`): each entry one finding of
/// one channel by its fingerprint, with who accepted it, why, and until when. A team keeps it in the repository
/// beside the channels, so known warnings stop failing CI until their date, and a new finding fails as before.
package struct Baseline: Codable, Sendable, Equatable {
    package struct Entry: Codable, Sendable, Equatable {
        package var fingerprint: String
        /// For people and for pruning: where the finding was when it was accepted.
        package var channel: String
        package var check: String
        package var code: String
        package var file: String?
        package var path: String?
        package var message: String
        /// Who accepted it and why: filled in by a person (written empty).
        package var who: String
        package var why: String
        /// The last day (`YYYY-MM-DD`, UTC) the entry holds; empty: it does not expire.
        package var until: String

        package init(
            fingerprint: String, channel: String, check: String, code: String, file: String?, path: String?, message: String,
            who: String = "", why: String = "", until: String = ""
        ) {
            self.fingerprint = fingerprint
            self.channel = channel
            self.check = check
            self.code = code
            self.file = file
            self.path = path
            self.message = message
            self.who = who
            self.why = why
            self.until = until
        }

        /// Whether `today` (`YYYY-MM-DD`) is past `until`.
        package func expired(today: String) -> Bool { !until.isEmpty && until < today }
    }

    /// The format's version: a file of another version is refused rather than half read.
    package var dotsSsoBaseline: Int
    package var entries: [Entry]

    package static let version = 1
    /// How long a newly written entry holds: a team decides again within a quarter.
    package static let acceptedDays = 90
    /// A baseline is a list a person reads; several MB is not one.
    package static let sizeLimit = 16 * 1_048_576

    package init(entries: [Entry]) {
        dotsSsoBaseline = Self.version
        self.entries = entries
    }

    /// The baseline at `path`: missing (64), too large or malformed (65, naming the entry) is a one-line error.
    package static func read(_ path: String) throws -> Baseline {
        let data = try InputFile.contents(path, what: "the baseline", limit: sizeLimit)
        let baseline: Baseline
        do {
            _ = try CompactJSON(data)
            baseline = try JSONDecoder().decode(Baseline.self, from: data)
        } catch let error as CompactJSON.ParseError {
            throw InputError.malformed(source: path, reason: "not valid JSON: \(error.located)")
        } catch let error as DecodingError {
            throw InputError.malformed(source: path, reason: "not a dots-sso baseline (\(JSONDiagnostics.describe(error)))")
        }
        guard baseline.dotsSsoBaseline == version else {
            throw InputError.malformed(
                source: path, reason: "a baseline of version \(baseline.dotsSsoBaseline); this dots-sso reads version \(version)")
        }
        for (index, entry) in baseline.entries.enumerated() where !entry.until.isEmpty && !Self.isDay(entry.until) {
            throw InputError.malformed(
                source: path,
                reason:
                    "entries[\(index)] (\(entry.code)): until '\(TerminalText.oneLine(entry.until, limit: 30))' is not a day written YYYY-MM-DD"
            )
        }
        return baseline
    }

    /// The file as people read it in a review: sorted by channel, check and code, two-space JSON.
    package func encoded() throws -> Data {
        var sorted = self
        sorted.entries.sort { ($0.channel, $0.check, $0.code, $0.fingerprint) < ($1.channel, $1.check, $1.code, $1.fingerprint) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(sorted)
        data.append(0x0A)
        return data
    }

    /// `YYYY-MM-DD` with a month 01–12 and a day 01–31.
    static func isDay(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.utf8.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let month = Int(parts[1]), let day = Int(parts[2])
        else { return false }
        return (1...12).contains(month) && (1...31).contains(day)
    }
}
