import DotsSSOBasics

/// The codes an archive opened with `PassArchive`'s defences reports, once per format: `pkpass.archive.*` for
/// passes and `lottie.archive.*` for dotLottie files say the same things about the zip container.
package enum ArchiveFindings {
    private static let source = "PKWARE APPNOTE (the zip format); dots-sso's hostile-archive defences"

    /// One code of a format by its last part (`symlink`), for the checks of a pass folder that share the archive's.
    package static func code(_ name: String, for format: PassArchive.Format) -> String {
        "\(format.codePrefix).\(name)"
    }

    /// The codes for one format, in the order the defences apply.
    package static func codes(for format: PassArchive.Format) -> [FindingCode] {
        let prefix = format.codePrefix
        func code(_ name: String, _ explanation: String) -> FindingCode {
            FindingCode("\(prefix).\(name)", .error, source: source, explanation)
        }
        return [
            code(
                "not-zip",
                "The file is not a zip archive at all (its first bytes say what it is: HTML, JSON, nothing), so it is not \(format.noun)."),
            code(
                "too-many-entries",
                "The archive has more entries than dots-sso opens (500); \(format.noun) has a few dozen at most. Refused before anything is inflated."
            ),
            code("unreadable", "The zip directory cannot be read: the file is truncated or corrupt, often a download cut short."),
            code(
                "unsafe-path",
                "An entry's name is absolute or climbs out with \"..\", so unpacking it would write outside \(format.folder). Refused."),
            code(
                "duplicate-entry",
                "Two entries have the same name (or names that differ only in case). Readers disagree on which copy counts, so the archive is ambiguous."
            ),
            code(
                "symlink",
                "An entry is a symbolic link; \(format.plainFiles). Refused, since a link can point anywhere on the reader's disk."),
            code(
                "pkpasses",
                "The archive holds a .pkpass inside: it looks like a .pkpasses bundle, which The Dots does not accept (seed 000)."),
            code("nested", "An entry is another archive. Nested archives are refused: they hide content from every check."),
            code(
                "too-large",
                "The entries add up to more than 64 MiB uncompressed, or an entry inflates beyond its declared size: refused as a possible zip bomb."
            ),
            code(
                "ratio",
                "An entry over 1 MiB expands more than 100 times its compressed size, the mark of a zip bomb. Refused before it is inflated."
            ),
            code("entry-corrupt", "An entry cannot be decompressed: its data is damaged or uses a method zip readers do not share."),
            code(
                "entry-too-large",
                "A JSON or strings file inside is far larger than such a file ever is (megabytes, not kilobytes); dots-sso does not read it."
            ),
        ]
    }
}
