import DotsSSOBasics
import FoundationEssentials

/// A .pkpass archive opened defensively: entries are listed from the central directory and refused before any
/// is inflated when they could escape a folder, nest archives, or add up to a zip bomb; inflation itself is
/// bounded too, so a header that lies about sizes cannot exhaust memory.
package struct PassArchive: Sendable {
    /// Which kind of archive is opened (a pass, or a `.lottie` animation, read with the same defences): it names the
    /// findings' codes and the words of their messages.
    package struct Format: Sendable {
        package var codePrefix: String
        package var fileKind: String
        /// "a pass": what one such archive is called in a sentence.
        package var noun: String
        package var folder: String
        package var plainFiles: String

        package static let pkpass = Format(
            codePrefix: "pkpass.archive", fileKind: ".pkpass", noun: "a pass", folder: "the pass folder",
            plainFiles: "passes contain plain files only")
        package static let dotLottie = Format(
            codePrefix: "lottie.archive", fileKind: ".lottie", noun: "a .lottie", folder: "the animation's folder",
            plainFiles: "a .lottie contains plain files only")
    }

    /// The safety limits (Apple's own passes are far below them).
    package struct Limits: Sendable {
        package var maxEntries = 500
        package var maxTotalBytes = 64 * 1024 * 1024
        /// Uncompressed ÷ compressed above this, for an entry over 1 MiB, is treated as a bomb.
        package var maxRatio = 100
        /// pass.json, manifest.json and each pass.strings are kilobytes in real passes; a bigger one would cost
        /// its parse far more memory than the pass is worth, so it is refused before it is inflated.
        package var maxTextEntryBytes = 1024 * 1024
        package init() {}

        /// The cap for an entry read as text (JSON or strings), nil for images and the signature.
        func textCap(_ path: String) -> Int? {
            let lower = path.lowercased()
            let isText =
                lower == "pass.json" || lower == "manifest.json"
                || (lower.hasSuffix(".lproj/pass.strings") && lower.split(separator: "/").count == 2)
            return isText ? maxTextEntryBytes : nil
        }

        /// The refusal of a text entry of `size` bytes over its cap.
        func textTooLarge(_ path: String, size: UInt64, file: String, format: Format = .pkpass) -> Finding {
            let shown = size >= 1_048_576 ? PlainNumber.fixed(Double(size) / 1_048_576, places: 1) + " MiB" : "\(size) bytes"
            return Finding(
                .error, ArchiveFindings.code("entry-too-large", for: format), at: FindingLocation(file: file, path: path),
                "\(path) is \(shown) uncompressed; \(format.noun)'s \(path.hasSuffix(".strings") ? "strings file" : "JSON") is kilobytes, and dots-sso reads at most \(maxTextEntryBytes / 1_048_576) MiB of it: refused before reading"
            )
        }
    }

    /// Entry path → contents, for regular files only.
    package let files: [String: Data]
    /// Problems found while opening; an error here means the archive was not read further.
    package let findings: [Finding]

    /// Opens `data` (the bytes of `file`). Never throws for hostile input: refusals are findings.
    package static func open(_ data: Data, file: String, limits: Limits = Limits(), format: Format = .pkpass) -> PassArchive {
        /// `code` is the last part: the format gives the prefix.
        func refuse(_ code: String, _ path: String?, _ message: String) -> PassArchive {
            PassArchive(
                files: [:],
                findings: [Finding(.error, ArchiveFindings.code(code, for: format), at: FindingLocation(file: file, path: path), message)])
        }
        guard data.starts(with: [0x50, 0x4B, 0x03, 0x04]) || data.starts(with: [0x50, 0x4B, 0x05, 0x06]) else {
            return refuse("not-zip", nil, "this is not a \(format.fileKind) (zip) file: it is \(Self.describe(data))")
        }
        let archive: ZipReader
        do {
            archive = try ZipReader(data, maxEntries: limits.maxEntries)
        } catch is ZipReader.TooManyEntries {
            return refuse(
                "too-many-entries", nil, "the archive has more than \(limits.maxEntries) entries; \(format.noun) has a few dozen at most")
        } catch {
            return refuse("unreadable", nil, "the zip archive cannot be read (\(error)); it is truncated or corrupt")
        }
        var declared: UInt64 = 0
        var seen = Set<String>()
        for entry in archive.entries {
            let path = entry.path
            if path.hasPrefix("/") || path.hasPrefix("\\") || Self.climbs(path) {
                return refuse("unsafe-path", path, "entry \"\(path)\" would be written outside \(format.folder) (absolute path or \"..\")")
            }
            // Two entries of one name (or names that differ only in case, one file on Apple's file systems): zip readers
            // disagree on which copy counts, so the copy we check need not be the one Wallet shows.
            let lower = path.lowercased()
            guard seen.insert(lower).inserted else {
                return refuse(
                    "duplicate-entry", path,
                    "the archive holds \"\(path)\" more than once (or names differing only in case); readers disagree on which copy counts, so the pass is ambiguous: zip it again from one folder"
                )
            }
            if entry.isSymlink {
                return refuse("symlink", path, "entry \"\(path)\" is a symbolic link; \(format.plainFiles)")
            }
            if lower.hasSuffix(".pkpass") {
                return refuse(
                    "pkpasses", path,
                    "the archive contains \(path): this looks like a .pkpasses bundle; The Dots accepts single .pkpass files only (seed 000)"
                )
            }
            if [".zip", ".pkpasses", ".gz", ".tar"].contains(where: lower.hasSuffix) {
                return refuse("nested", path, "entry \"\(path)\" is another archive; nested archives are refused")
            }
            if let cap = limits.textCap(path), entry.uncompressedSize > UInt64(cap) {
                return PassArchive(
                    files: [:], findings: [limits.textTooLarge(path, size: entry.uncompressedSize, file: file, format: format)])
            }
            declared += min(entry.uncompressedSize, UInt64(Int.max / 2))  // bounded: a constant
            if declared > UInt64(limits.maxTotalBytes) {
                return refuse(
                    "too-large", path,
                    "the entries add up to more than \(limits.maxTotalBytes / 1_048_576) MiB uncompressed; refused as a possible zip bomb")
            }
            if entry.uncompressedSize > 1_048_576, entry.compressedSize > 0,
                entry.uncompressedSize / entry.compressedSize > UInt64(limits.maxRatio)
            {
                return refuse(
                    "ratio", path,
                    "entry \"\(path)\" expands \(entry.uncompressedSize / entry.compressedSize)× (\(entry.compressedSize) → \(entry.uncompressedSize) bytes); refused as a possible zip bomb"
                )
            }
        }
        var files: [String: Data] = [:]
        var inflated = 0
        for entry in archive.entries where !entry.isDirectory {
            do {
                // Headers can lie about sizes: an entry is inflated into its declared size and no further.
                let contents = try archive.contents(of: entry, limit: limits.maxTotalBytes - inflated)
                inflated += contents.count
                files[entry.path] = contents
            } catch is ZipReader.Overflow {
                return refuse(
                    "too-large", entry.path,
                    "entry \"\(entry.path)\" inflates beyond its declared size or the \(limits.maxTotalBytes / 1_048_576) MiB limit; refused"
                )
            } catch {
                return refuse("entry-corrupt", entry.path, "entry \"\(entry.path)\" cannot be decompressed (\(error))")
            }
        }
        return PassArchive(files: files, findings: [])
    }

    /// Whether a path has a `..` part (between `/` or `\` separators), read over its bytes: every entry of every pass
    /// is asked, and splitting each name into strings to compare them allocated for every part.
    package static func climbs(_ path: String) -> Bool {
        var run = 0  // dots since the last separator, or -1 once the part has anything else
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "/"), UInt8(ascii: "\\"):
                if run == 2 { return true }
                run = 0
            case UInt8(ascii: "."): if run >= 0 { run += 1 }
            default: run = -1
            }
        }
        return run == 2
    }

    /// What a non-zip download usually is, so the message says it (an HTML error page, JSON, a PDF…).
    static func describe(_ data: Data) -> String {
        if data.isEmpty { return "an empty file" }
        let head = String(decoding: data.prefix(256), as: UTF8.self).trimmed().lowercased()
        if head.hasPrefix("<!doctype html") || head.hasPrefix("<html") {
            return "an HTML page (\(data.count) bytes), often a login or error page served instead of the pass"
        }
        if head.hasPrefix("{") || head.hasPrefix("[") { return "JSON (\(data.count) bytes)" }
        if data.starts(with: [0x25, 0x50, 0x44, 0x46]) { return "a PDF document" }
        if data.starts(with: [0x1F, 0x8B]) { return "gzip data" }
        return "\(data.count) bytes of unknown data"
    }
}
