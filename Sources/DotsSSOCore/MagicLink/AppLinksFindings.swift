import DotsSSOBasics

/// The codes `applinks check` reports about an origin's apple-app-site-association and assetlinks.json, and about
/// which magic-link URLs open the app.
package enum AppLinksFindings {
    private static let apple = "Apple, Supporting associated domains (apple-app-site-association)"
    private static let android = "Android, Verify App Links (Digital Asset Links)"

    static let originPath = FindingCode(
        "applinks.origin.path", .info, source: "\(apple); \(android)",
        """
        The origin has a path. The files were looked up under it, but iOS and Android read them only at the root of \
        the domain (/.well-known/…): give the bare origin.
        """)
    static let originHTTP = FindingCode(
        "applinks.origin.http", .warning, source: "\(apple); \(android)",
        """
        The origin is plain http. dots-sso allows it on loopback for tests; both platforms fetch the files over \
        https only.
        """)
    static let fileTooLarge = FindingCode(
        "applinks.file.too-large", .error, source: apple,
        """
        The association file is larger than 128 KB; the platforms refuse it. Keep only the app's rules in it.
        """)
    static let fileRedirect = FindingCode(
        "applinks.file.redirect", .error, source: "\(apple); \(android)",
        """
        The association file answers with a redirect. Apple and Android do not follow redirects for it: serve it \
        directly, with 200, at the origin's /.well-known path.
        """)
    static let fileStatus = FindingCode(
        "applinks.file.status", .error, source: "\(apple); \(android)",
        """
        The association file answers another status than 200, so the platforms find no rules and links open in the \
        browser.
        """)
    static let fileNotJSON = FindingCode(
        "applinks.file.not-json", .error, source: "\(apple); \(android); RFC 8259",
        """
        The association file is not JSON (often an HTML page served in its place). The platforms cannot read it.
        """)
    static let fileContentType = FindingCode(
        "applinks.file.content-type", .warning, source: "\(apple); \(android)",
        """
        The association file is served with another content type than application/json, or with none. Serve it as \
        application/json.
        """)
    static let aasaNotObject = FindingCode(
        "applinks.aasa.not-object", .error, source: apple,
        """
        apple-app-site-association is not a JSON object, so iOS reads no rules from it.
        """)
    static let aasaApplinksMissing = FindingCode(
        "applinks.aasa.applinks-missing", .error, source: apple,
        """
        apple-app-site-association has no "applinks" object, so no link opens the app (the file may serve only \
        webcredentials or appclips).
        """)
    static let aasaDetailsMissing = FindingCode(
        "applinks.aasa.details-missing", .error, source: apple,
        """
        "applinks.details" is missing or empty: there is no app for links to open.
        """)
    static let aasaDetailType = FindingCode(
        "applinks.aasa.detail-type", .error, source: apple,
        """
        An entry of "applinks.details" is not an object; iOS skips it.
        """)
    static let aasaAppIDsType = FindingCode(
        "applinks.aasa.app-ids-type", .error, source: apple,
        """
        A detail's "appIDs" is not a non-empty array of strings, so it names no app.
        """)
    static let aasaLegacy = FindingCode(
        "applinks.aasa.legacy", .info, source: apple,
        """
        A detail uses the legacy "appID" and "paths" format of iOS 12 and earlier. iOS still reads it; add "appIDs" \
        and "components" for iOS 13 and later.
        """)
    static let aasaAppIDMissing = FindingCode(
        "applinks.aasa.app-id-missing", .error, source: apple,
        """
        A detail names no app (neither "appIDs" nor "appID"), so its rules open nothing.
        """)
    static let aasaAppIDInvalid = FindingCode(
        "applinks.aasa.app-id-invalid", .error, source: apple,
        """
        An app id is not TEAMID.bundle.id: a 10-character upper-case team id, a dot, then the bundle id. iOS matches \
        it against the installed app exactly.
        """)
    static let aasaComponentsType = FindingCode(
        "applinks.aasa.components-type", .error, source: apple,
        """
        A detail's "components" is not an array of objects; iOS ignores its rules.
        """)
    static let aasaComponentType = FindingCode(
        "applinks.aasa.component-type", .error, source: apple,
        """
        A component is not an object; iOS ignores it.
        """)
    static let aasaComponentKey = FindingCode(
        "applinks.aasa.component-key", .warning, source: apple,
        """
        A component has a key iOS does not know (it reads "/", "?", "#", "exclude", "comment", \
        "caseSensitive" and "percentEncoded"), so that part of the rule is ignored; usually a misspelling.
        """)
    static let aasaComponentPath = FindingCode(
        "applinks.aasa.component-path", .error, source: apple,
        """
        A component's "/" is not a string pattern, so it cannot match a path.
        """)
    static let aasaComponentQuery = FindingCode(
        "applinks.aasa.component-query", .error, source: apple,
        """
        A component's "?" is neither a string pattern nor an object of string patterns, so it cannot match a query.
        """)
    static let aasaPathsType = FindingCode(
        "applinks.aasa.paths-type", .error, source: apple,
        """
        A legacy detail's "paths" is not an array of strings.
        """)
    static let aasaNoRules = FindingCode(
        "applinks.aasa.no-rules", .error, source: apple,
        """
        A detail has neither "components" nor "paths", so it matches no link.
        """)
    static let assetLinksNotArray = FindingCode(
        "applinks.assetlinks.not-array", .error, source: android,
        """
        assetlinks.json is not a JSON array of statements, so Android verifies nothing.
        """)
    static let assetLinksStatementType = FindingCode(
        "applinks.assetlinks.statement-type", .error, source: android,
        """
        A statement in assetlinks.json is not an object; Android skips it.
        """)
    static let assetLinksTargetMissing = FindingCode(
        "applinks.assetlinks.target-missing", .error, source: android,
        """
        A statement has no "target", so it names no app.
        """)
    static let assetLinksPackageInvalid = FindingCode(
        "applinks.assetlinks.package-invalid", .error, source: android,
        """
        A statement's package_name is missing or is not an application id (such as com.partner.app), so it cannot \
        name the installed app.
        """)
    static let assetLinksFingerprintMissing = FindingCode(
        "applinks.assetlinks.fingerprint-missing", .error, source: android,
        """
        A statement has no sha256_cert_fingerprints, so Android cannot verify that the installed app is the \
        partner's.
        """)
    static let assetLinksFingerprintInvalid = FindingCode(
        "applinks.assetlinks.fingerprint-invalid", .error, source: android,
        """
        A certificate fingerprint is not SHA-256 written as 32 colon-separated upper-case hex pairs (AB:CD:…); \
        Android compares it as written.
        """)
    static let assetLinksNoHandleAllURLs = FindingCode(
        "applinks.assetlinks.no-handle-all-urls", .error, source: android,
        """
        No android_app statement grants delegate_permission/common.handle_all_urls, so App Links will not open the \
        app.
        """)
    static let pathTokenInFragment = FindingCode(
        "applinks.path.token-in-fragment", .warning, source: "seed 001 (magic links: ?token=…)",
        """
        A magic link carries its token in the fragment (#…) rather than the query. The app reads it either way, but \
        some mail clients and redirects drop fragments: put it in the query.
        """)
    static let pathCustomScheme = FindingCode(
        "applinks.path.custom-scheme", .error, source: "seed 001 (magic links); \(apple)",
        """
        A magic link uses a custom URL scheme, not an https app link. It opens the app only where it is installed \
        and can be claimed by any app; send https links the association files cover.
        """)
    static let pathNotMatched = FindingCode(
        "applinks.path.not-matched", .error, source: "seed 001 (magic links); \(apple)",
        """
        No rule of the association files matches this magic link (or an exclude rule does), so it opens in the \
        browser instead of the app. The finding says why.
        """)

    /// Every code above.
    package static let all: [FindingCode] = [
        originPath, originHTTP, fileTooLarge, fileRedirect, fileStatus, fileNotJSON, fileContentType, aasaNotObject, aasaApplinksMissing,
        aasaDetailsMissing, aasaDetailType, aasaAppIDsType, aasaLegacy, aasaAppIDMissing, aasaAppIDInvalid, aasaComponentsType,
        aasaComponentType, aasaComponentKey, aasaComponentPath, aasaComponentQuery, aasaPathsType, aasaNoRules, assetLinksNotArray,
        assetLinksStatementType, assetLinksTargetMissing, assetLinksPackageInvalid, assetLinksFingerprintMissing,
        assetLinksFingerprintInvalid, assetLinksNoHandleAllURLs, pathTokenInFragment, pathCustomScheme, pathNotMatched,
    ]
}
