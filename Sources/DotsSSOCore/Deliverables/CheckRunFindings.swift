import DotsSSOBasics

/// The codes `check` itself reports: about a run (a check skipped or timed out, the test member), the provider's
/// discovery, the flags rule and each container's page.
package enum CheckRunFindings {
    static let member = FindingCode(
        "check.member", .error, source: "dots-sso check (the test member)",
        """
        The test member's token could not be used for the live checks: the refresh token was refused, the token \
        file is unreadable, the password grant failed. The finding quotes why.
        """)
    package static let skipped = FindingCode(
        "check.skipped", .warning, source: "dots-sso check",
        """
        A check was not run, and the finding says why (most often: no test member to run the live checks as). A run \
        with a skipped live check ends 77 unless it was left out on purpose (\(CLIFlag.skip) live).
        """)
    static let timeout = FindingCode(
        "check.timeout", .error, source: "dots-sso check (\(CLIFlag.timeout))",
        """
        A check did not finish within the run's \(CLIFlag.timeout). The other checks were still reported; a provider or \
        partner host that hangs is the usual cause.
        """)
    static let baselineExpired = FindingCode(
        "check.baseline.expired", .error, source: "dots-sso check (\(CLIFlag.baseline))",
        """
        A finding the baseline accepted is still there, but its entry's "until" day has passed: the finding fails again, \
        with who accepted it and why, so the team decides again.
        """,
        fix: "fix the finding, or move the entry's until to a later day in the baseline file")
    static let baselineStale = FindingCode(
        "check.baseline.stale", .warning, source: "dots-sso check (\(CLIFlag.baseline))",
        """
        A baseline entry accepts a finding its check no longer reports: the partner fixed it. The entry can go; \
        `\(CLIFlag.writeBaseline)` drops such entries when it writes the file again.
        """,
        fix: "remove the entry from the baseline file")
    static let discoveryNoIssuer = FindingCode(
        "discovery.no-issuer", .info, source: "seed 000 (sign-in)",
        """
        The channel has no issuer, so there is no metadata to discover: its endpoints are configured one by one.
        """)
    static let discoveryUnavailable = FindingCode(
        "discovery.unavailable", .error, source: "OpenID Connect Discovery 1.0 §4",
        """
        The provider's metadata could not be read (no answer, not JSON, too large), so the checks that depend on it \
        could not look at the provider.
        """)
    static let profileUnavailable = FindingCode(
        "profile.unavailable", .error, source: "seed 000 (the app-launch rule)",
        "The test member's profile could not be fetched, so the profile check could not look at it; the app would log such a member out.")
    static let flagsUnavailable = FindingCode(
        "flags.unavailable", .error, source: "seed 000 (the app-launch rule)",
        "The test member's profile could not be fetched, so no flag could be checked; the app would log such a member out.")
    static let loadingAnimationMissing = FindingCode(
        "loading-animation.missing", .error, source: "seed 000 (the loading animation)",
        "The channel names no loadingAnimation. Every partner delivers one, as an https URL or a file.")
    static let loadingAnimationStatus = FindingCode(
        "loading-animation.status", .error, source: "seed 000 (the loading animation)",
        "The loading animation's URL answered another status than 200, so the app would have no animation to play.")
    static let loadingAnimationUnreadable = FindingCode(
        "loading-animation.unreadable", .error, source: "seed 000 (the loading animation)",
        "The loading animation could not be fetched or read (no answer, a TLS failure, a missing file).")
    static let loadingAnimationNoPicture = FindingCode(
        "loading-animation.no-picture", .info, source: "dots-sso check (\(CLIFlag.pictures))",
        "The animation was validated but its contact sheet could not be drawn (a drawing library missing, a limit reached).")
    static let magicLinkBaseURL = FindingCode(
        "magic-link.base-url", .error, source: "seed 001 (magic links)",
        "The channel's magic-link base URL is not a URL, so no app-link file can be fetched.")
    static let magicLinkUnreachable = FindingCode(
        "magic-link.unreachable", .error, source: "seed 001 (magic links)",
        "The magic-link origin's app-link files could not be fetched at all (no answer, a TLS failure), so no link can be judged.")
    static let flagsUndocumented = FindingCode(
        "flags.undocumented", .error, source: "seed 000 (the channel documents each flag)",
        """
        The test member's profile has a flag the channel does not document. In check this is an error: say what the \
        flag controls, so the app team knows.
        """)
    static let flagsAppLaunch = FindingCode(
        "flags.app-launch", .error, source: "seed 000 (the app-launch rule)",
        """
        The test member fails the app-launch rule (canAccessApp is not exactly true), so the app would log them out.
        """)
    static let containerMissing = FindingCode(
        "container.missing", .error, source: "dots-sso check",
        """
        A container check was asked for by name (\(CLIFlag.only) container:NAME) but the channel has no container of that name.
        """)
    static let containerMemberBlocked = FindingCode(
        "container.member-blocked", .info, source: "seed 000 (containers gated by flags)",
        """
        The test member may not open this container (its flag is not true), so they would not see it. Its page is \
        still probed.
        """)
    static let containerProfileUnavailable = FindingCode(
        "container.profile-unavailable", .error, source: "seed 000 (containers gated by flags)",
        """
        The test member's profile could not be fetched, so the container's flag could not be read and its page was \
        not probed; the app would log such a member out.
        """)
    static let containerStatus = FindingCode(
        "container.status", .error, source: "seed 000 (containers)",
        """
        The container's page answered an error status with the member's token. The app would show an error page in \
        its place.
        """)
    static let containerOpenWithoutToken = FindingCode(
        "container.open-without-token", .warning, source: "seed 000 (members-only containers)",
        """
        The container's page answers without a token too. A members-only page must refuse anonymous requests (401, \
        403 or a redirect to sign in).
        """)
    static let containerUnreachable = FindingCode(
        "container.unreachable", .error, source: "seed 000 (containers)",
        """
        The container's page could not be loaded (no answer, a refused connection, a TLS failure, a timeout).
        """)

    /// The codes of the `check` domain, then discovery's, the flags rule's and the containers'.
    package static let check: [FindingCode] = [member, skipped, timeout, baselineExpired, baselineStale]
    package static let discovery: [FindingCode] = [discoveryNoIssuer, discoveryUnavailable]
    package static let flags: [FindingCode] = [flagsUnavailable, flagsUndocumented, flagsAppLaunch]
    package static let profile: [FindingCode] = [profileUnavailable]
    package static let loadingAnimation: [FindingCode] = [
        loadingAnimationMissing, loadingAnimationStatus, loadingAnimationUnreadable, loadingAnimationNoPicture,
    ]
    package static let magicLink: [FindingCode] = [magicLinkBaseURL, magicLinkUnreachable]
    package static let container: [FindingCode] = [
        containerMissing, containerMemberBlocked, containerProfileUnavailable, containerStatus, containerOpenWithoutToken,
        containerUnreachable,
    ]
}
