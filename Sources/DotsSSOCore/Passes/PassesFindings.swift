import DotsSSOBasics

/// The codes `passes fetch` (and `check`'s passes check) reports about downloading a member's passes; what is
/// wrong inside a pass is `pkpass.*`.
package enum PassesFindings {
    static let urlRefused = FindingCode(
        "passes.url.refused", .error, source: "seed 000 (TLS 1.2 or newer)",
        """
        A pass URL is not one dots-sso fetches: not https (plain http only on loopback, for tests), or not a URL \
        at all. The app would not download it either.
        """)
    static let bundleRefused = FindingCode(
        "passes.bundle-refused", .error, source: "seed 000 (single .pkpass files); Apple Wallet (.pkpasses bundles)",
        """
        The URL names or serves a .pkpasses bundle (application/vnd.apple.pkpasses). The Dots accepts single \
        .pkpass files only: list each pass as its own .pkpass URL.
        """)
    static let downloadFailed = FindingCode(
        "passes.download.failed", .error, source: "seed 000 (passes)",
        """
        The pass could not be downloaded: no answer, a refused connection, a TLS failure, a timeout or a response \
        larger than a pass may be.
        """)
    static let downloadStatus = FindingCode(
        "passes.download.status", .error, source: "seed 000 (passes); RFC 9110 §15",
        """
        The pass URL answered another status than 200 (the finding says what came instead: an HTML error page, \
        JSON). Only this pass fails; the others are still checked.
        """)
    static let contentType = FindingCode(
        "passes.content-type", .warning, source: "Apple Wallet Developer Guide (distributing passes)",
        """
        The pass is served with another content type than application/vnd.apple.pkpass. The app downloads it \
        anyway, but Safari and Mail only offer "Add to Apple Wallet" for that type.
        """)
    static let duplicate = FindingCode(
        "passes.duplicate", .warning, source: "seed 000 (the partner's order of passes)",
        """
        The same pass URL is listed twice, so the member would see the same pass twice. List each pass once.
        """)
    static let writeFailed = FindingCode(
        "passes.write-failed", .error, source: "dots-sso (\(CLIFlag.output))",
        """
        A downloaded pass could not be saved in the output folder (full disk, no permission, a symlink at its \
        name). The command ends with 74, not 1: the pass was not judged wrong.
        """)
    static let previewFailed = FindingCode(
        "passes.preview.failed", .warning, source: "dots-sso (\(CLIFlag.preview))",
        """
        The pass was verified but its picture could not be drawn (a drawing library missing, a limit reached). The \
        pass itself is not at fault.
        """)
    static let profileURLSkipped = FindingCode(
        "passes.profile-url-skipped", .info, source: "seed 000 (passes in the profile)",
        """
        A URL in the profile was not taken as a pass because its path does not end in .pkpass. If passes live \
        elsewhere in the profile, set the channel's profileMapping "passes" path.
        """)
    static let list = FindingCode(
        "passes.list", .error, source: "seed 000 (passes)",
        """
        The member's passes could not be listed: the passes endpoint or the profile could not be fetched, so no \
        pass was checked.
        """)
    static let none = FindingCode(
        "passes.none", .warning, source: "seed 000 (passes)",
        """
        The passes endpoint (or the profile) lists no passes for the test member, so there was nothing to verify. \
        Give the test member a pass.
        """)

    /// Every code above, in the order a fetch reports them.
    package static let all: [FindingCode] = [
        urlRefused, bundleRefused, downloadFailed, downloadStatus, contentType, duplicate, writeFailed, previewFailed,
        profileURLSkipped, list, none,
    ]
}
