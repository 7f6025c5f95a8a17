import DotsSSOBasics
import FoundationEssentials

/// What each named check of `dots-sso check` does. Each body calls the same core pieces the single commands
/// use (discovery lint, the profile checker, the container request, the pass fetcher and inspector, the Lottie
/// validator, the app-links checker) and turns anything that goes wrong into findings of that check alone.
struct CheckBodies: Sendable {
    let channel: Channel
    let http: any HTTPClient
    let session: CheckSession
    let anchors: TrustAnchors
    let now: Date
    let context: CommandContext
    /// The folder the loading animation's contact sheet is drawn into (made when it is drawn).
    let pictures: PictureFolder

    /// A certificate this close to its expiry gets a warning.
    static let expiryWarningDays = 30.0

    func run(_ name: CheckName) async -> CheckFindings {
        switch name {
        case .channel: CheckFindings(ChannelLint.findings(for: channel))
        case .discovery: await discovery()
        case .tls: await tls()
        case .authorization: await authorization()
        case .profile: await profile()
        case .flags: await flags()
        case .container(let container): await self.container(container)
        case .passes: await passes()
        case .loadingAnimation: await shared("loading-animation", channel.loadingAnimation) { await loadingAnimation() }
        case .legal(let kind):
            await shared("legal:\(kind.key)", kind.location(in: channel.legal)) {
                CheckFindings(await LegalDocumentCheck(kind: kind, http: http).run(channel: channel))
            }
        case .magicLink: await magicLink()
        }
    }

    /// A finding for an error that stopped a check, in that check's words.
    func failure(_ code: String, _ what: String, _ error: any Error, at location: String? = nil) -> Finding {
        let message = (error as? UserFacingError)?.message ?? "internal error: \(error)"
        return Finding(.error, code, at: FindingLocation(file: location), "\(what): \(message)")
    }

    /// A deliverable's check that depends on its address alone, run once for every channel of a run that names it
    /// (an absent address is each channel's own finding).
    func shared(_ kind: String, _ address: String?, _ check: @escaping @Sendable () async -> CheckFindings) async -> CheckFindings {
        guard let shared = session.shared, let address, !address.isEmpty else { return await check() }
        return await shared.deliverable("\(kind)\u{1F}\(address)", check)
    }

    // MARK: provider

    func discovery() async -> CheckFindings {
        guard let issuer = channel.issuer else {
            var result = CheckFindings([
                Finding(CheckRunFindings.discoveryNoIssuer, "the channel has no issuer; its endpoints are configured one by one")
            ])
            result.skipped = "no issuer to discover"
            return result
        }
        switch await session.discovery() {
        case .success(let metadata):
            return CheckFindings(
                DiscoveryLint.findings(
                    for: metadata, publicClient: session.memberSettings.signIn.isPublicClient,
                    dpop: session.memberSettings.signIn.usesDPoP, profile: session.memberSettings.signIn.profile),
                detail: "\(metadata.kind) from \(metadata.source)")
        case .failure(let error):
            return CheckFindings([
                failure(CheckRunFindings.discoveryUnavailable.code, "the provider metadata of \(issuer) cannot be read", error, at: issuer)
            ])
        }
    }

    /// Every https host the channel (and its discovered endpoints) names: TLS 1.2+, a valid certificate, its expiry.
    func tls() async -> CheckFindings {
        // Every setting that is, or may be, a URL dots-sso or the app connects to (a path is left out below).
        var urls = ChannelField.all.filter { $0.kind == .endpoint || $0.kind == .urlOrPath }.compactMap { $0.value(in: channel) }
        urls += (channel.containers ?? []).flatMap(\.allURLs)
        if channel.issuer != nil, case .success(let metadata) = await session.discovery() {
            urls += [
                metadata.authorizationEndpoint, metadata.tokenEndpoint, metadata.userinfoEndpoint, metadata.jwksURI,
                metadata.revocationEndpoint, metadata.endSessionEndpoint,
            ].compactMap { $0 }
        }
        var secure: [String: URL] = [:]
        var loopback = Set<String>()
        for text in urls {
            guard text.contains("://"), let url = URL(string: text), let host = url.host?.lowercased() else { continue }
            let scheme = url.scheme?.lowercased()
            let key = "\(host):\(url.port ?? (scheme == "https" ? 443 : 80))"
            if scheme == "https" {
                secure[key] = secure[key] ?? url
            } else if scheme == "http", URLPolicy.isLoopback(host: host) {
                loopback.insert(key)
            }
        }
        var findings = loopback.sorted().map { host in
            Finding(
                TLSFindings.loopbackHTTP, at: FindingLocation(file: host),
                "\(host) is plain http on loopback (a local test partner); TLS is not checked there")
        }
        guard !secure.isEmpty else {
            return CheckFindings(findings, detail: "no https hosts")
        }
        let hosts = secure.sorted { $0.key < $1.key }
        let shared = session.shared
        let inspections = await boundedConcurrentMap(count: hosts.count, parallel: 4) { [http] index in
            if let shared { return await shared.tls(hosts[index].value, key: hosts[index].key, http: http) }
            return await Result { try await http.inspectTLS(hosts[index].value) }
        }
        for ((key, _), result) in zip(hosts, inspections) {
            switch result {
            case .success(nil):
                var skipped = CheckFindings.skipped(CheckName.tls.description, because: "this HTTP client cannot inspect TLS handshakes")
                skipped.findings = findings + skipped.findings
                return skipped
            case .success(let inspection?):
                findings += tlsFindings(inspection, host: key)
            case .failure(let error):
                findings.append(failure(TLSFindings.unreachable.code, "\(key) cannot be reached", error, at: key))
            }
        }
        return CheckFindings(findings, detail: "\(secure.count) https host\(secure.count == 1 ? "" : "s")")
    }

    func tlsFindings(_ inspection: TLSInspection, host: String) -> [Finding] {
        let location = FindingLocation(file: host)
        let expiry = inspection.certificate.map { ISOTimestamp.day($0.notAfter) }
        if let problem = inspection.problem {
            let code: FindingCode =
                switch inspection.problemKind {
                case .protocolVersion?: TLSFindings.version
                case .expiredCertificate?: TLSFindings.certificateExpired
                case .hostnameMismatch?: TLSFindings.certificateHostname
                case .untrustedCertificate?: TLSFindings.certificateUntrusted
                case .other?, nil: TLSFindings.handshake
                }
            let dates =
                inspection.certificate.map {
                    " (certificate \"\($0.displayName)\" valid \(ISOTimestamp.day($0.notBefore)) to \(ISOTimestamp.day($0.notAfter)))"
                } ?? ""
            return [Finding(code, at: location, problem + dates)]
        }
        guard let certificate = inspection.certificate else {
            return [
                Finding(
                    TLSFindings.certificateUnread, at: location,
                    "\(host) completed the handshake (\(inspection.protocolVersion ?? "TLS")) but its certificate could not be read")
            ]
        }
        let days = certificate.notAfter.timeIntervalSince(now) / 86_400
        let summary =
            "\(inspection.protocolVersion ?? "TLS")\(inspection.cipher.map { ", \($0)" } ?? ""), certificate \"\(certificate.displayName)\" valid until \(expiry ?? "?")"
        if days < Self.expiryWarningDays {
            return [
                Finding(
                    TLSFindings.certificateExpiring, at: location,
                    "\(host): \(summary), only \(max(0, Int(days))) days left; renew it before members are locked out")
            ]
        }
        return [Finding(TLSFindings.ok, at: location, "\(host): \(summary) (\(Int(days)) days left)")]
    }

    /// The authorization endpoint answers a well-formed code request with a login page or a redirect.
    /// A well-formed authorization request as the app makes it (pushed where the provider offers PAR), judged by
    /// what the provider answers.
    func authorization() async -> CheckFindings {
        var metadata: ProviderMetadata?
        if channel.issuer != nil, case .success(let found) = await session.discovery() { metadata = found }
        let signIn = session.memberSettings.signIn
        let context = self.context
        let probe = AuthorizationProbe(
            channel: channel, http: http,
            credentials: { clientID in try SignInContext.credentials(signIn, clientID: clientID, in: context) })
        let verdict = await probe.run(metadata: metadata)
        return CheckFindings(verdict.findings, detail: verdict.detail)
    }

    // MARK: member

    /// The member to run a live check as, or the outcome that says why there is none.
    func liveMember(_ name: CheckName) async -> Result<(MemberSource, AccessCredential), CheckFindingsBox> {
        switch await session.member() {
        case let .available(source, access): return .success((source, access))
        case let .noToken(reason, status):
            var skipped = CheckFindings.skipped(name.description, because: reason)
            skipped.noMember = status
            return .failure(CheckFindingsBox(skipped))
        case .failed(let error):
            return .failure(
                CheckFindingsBox(CheckFindings([failure(CheckRunFindings.member.code, "the test member's token cannot be used", error)])))
        }
    }

    /// The code for a check that needed the member's profile and could not fetch it: a registered code of its kind
    /// (the check's name says which container).
    static func profileUnavailable(_ name: CheckName) -> String {
        switch name {
        case .profile: CheckRunFindings.profileUnavailable.code
        case .flags: CheckRunFindings.flagsUnavailable.code
        default: CheckRunFindings.containerProfileUnavailable.code
        }
    }

    /// The member's checked profile and token, or the outcome that says why there is none.
    func memberProfile(_ name: CheckName) async -> Result<(report: ProfileReport, access: AccessCredential), CheckFindingsBox> {
        switch await liveMember(name) {
        case .failure(let box): return .failure(box)
        case .success(let (source, token)):
            switch await session.profile(source) {
            case .success(let report): return .success((report, token))
            case .failure(let error):
                return .failure(
                    CheckFindingsBox(
                        CheckFindings([
                            failure(
                                Self.profileUnavailable(name), "the profile cannot be fetched, so the app would log the member out", error)
                        ])))
            }
        }
    }

    static func isFlagFinding(_ finding: Finding) -> Bool {
        ProfileFindings.isAboutFlags(finding)
    }

    func profile() async -> CheckFindings {
        switch await memberProfile(.profile) {
        case .failure(let box): return box.findings
        case .success(let (report, _)):
            return CheckFindings(report.findings.filter { !Self.isFlagFinding($0) }, detail: "id \(report.dots.id ?? "?")")
        }
    }

    /// Every documented flag present and boolean, every profile flag documented, and the app-launch rule.
    func flags() async -> CheckFindings {
        switch await memberProfile(.flags) {
        case .failure(let box): return box.findings
        case .success(let (report, _)):
            var findings: [Finding] = []
            // One undocumented-flag finding per flag without a purpose, both in name order: said in check's words.
            var undocumented = report.dots.flags.filter { $0.purpose == nil }.map(\.name).sorted().makeIterator()
            for finding in report.findings where Self.isFlagFinding(finding) {
                switch finding.code {
                case ProfileFindings.flagUndocumented.code:
                    let name = undocumented.next() ?? "?"
                    findings.append(
                        Finding(
                            CheckRunFindings.flagsUndocumented, at: finding.location,
                            ProfileChecker.undocumented(flag: name, so: "so the app team knows what it controls")))
                case ProfileFindings.flagAppAccessFalse.code: continue  // said by the app-launch rule below
                default: findings.append(finding)
                }
            }
            let launch = FlagCheck.evaluate(names: [], flags: report.dots.flags)[0]
            if !launch.passed,
                !findings.contains(where: { $0.location.path?.hasSuffix(ProfileChecker.launchFlag) == true && $0.severity == .error })
            {
                findings.append(
                    Finding(
                        CheckRunFindings.flagsAppLaunch, at: FindingLocation(file: report.source),
                        launch.problem ?? "\(ProfileChecker.launchFlag) is not true"))
            }
            return CheckFindings(findings, detail: "\(report.dots.flags.count) flags")
        }
    }

    /// The container's configuration, then its request as the app makes it (with the token), and without the token.
    func container(_ name: String) async -> CheckFindings {
        guard let index = channel.containers?.firstIndex(where: { $0.name == name }), let container = channel.containers?[index] else {
            return CheckFindings([Finding(CheckRunFindings.containerMissing, "no container named \(name)")])
        }
        // The lint knows the member when there is one (their id or e-mail in a URL), and runs without one too.
        func lint(_ member: ProfileReport?) -> [Finding] {
            ContainerLint.findings(for: channel, userID: member?.dots.id, email: member?.dots.email).filter {
                $0.location.path == "$.containers[\(index)]"
            }
        }
        let member: ProfileReport, access: AccessCredential
        switch await memberProfile(.container(name)) {
        case .failure(let box):
            var result = box.findings
            result.findings = lint(nil) + result.findings
            return result
        case .success(let (report, memberAccess)): (member, access) = (report, memberAccess)
        }
        var findings = lint(member)
        let location = FindingLocation(file: container.name)
        do {
            let shown = try ContainerRequest(container, token: nil, userID: member.dots.id, flags: member.dots.flags, showSecrets: false)
            if shown.allowed == false {
                findings.append(
                    Finding(
                        CheckRunFindings.containerMemberBlocked, at: location,
                        "the test member may not open \(name) (\(container.flag ?? "its flag") is not true); its page is still probed"))
            }
            let withToken = try await access.send(with: http) {
                try ContainerRequest.httpRequest(container, access: access, userID: member.dots.id, flags: member.dots.flags)
            }
            guard (200..<400).contains(withToken.status) else {
                findings.append(
                    Finding(
                        CheckRunFindings.containerStatus, at: location,
                        "\(shown.url) answered HTTP \(withToken.status) with the member's token; the app would show an error page"))
                return CheckFindings(findings)
            }
            if container.token != nil {
                let anonymous = try await http.send(
                    ContainerRequest.httpRequest(container, access: nil, userID: nil, flags: member.dots.flags))
                if (200..<300).contains(anonymous.status) {
                    findings.append(
                        Finding(
                            CheckRunFindings.containerOpenWithoutToken, at: location,
                            "\(shown.url) answered HTTP \(anonymous.status) without a token too; a members-only page must refuse anonymous requests (401/403 or a redirect to sign in)"
                        ))
                }
            }
            return CheckFindings(findings, detail: "HTTP \(withToken.status)")
        } catch {
            findings.append(failure(CheckRunFindings.containerUnreachable.code, "\(name) cannot be loaded", error, at: name))
            return CheckFindings(findings)
        }
    }

    /// The member's passes, fetched and inspected (into a folder removed afterwards).
    func passes() async -> CheckFindings {
        let source: MemberSource
        switch await liveMember(.passes) {
        case .failure(let box): return box.findings
        case .success(let (member, _)): source = member
        }
        let folder: URL
        do {
            folder = try PrivateFolder.make(prefix: "dots-sso-passes")
        } catch {
            return CheckFindings([failure(PassesFindings.list.code, "no private folder for the passes", error)])
        }
        defer { ScratchSpace.remove(folder) }
        do {
            let links = try await PassesFetchUseCase(member: source.settings).links(source)
            guard !links.links.isEmpty else {
                return CheckFindings(
                    links.findings + [
                        Finding(
                            PassesFindings.none, at: FindingLocation(file: links.description),
                            "\(links.description) lists no passes for the test member")
                    ])
            }
            let fetcher = PassFetcher(http: http, inspector: PassInspector(anchors: anchors, now: now), parallel: 4, output: folder)
            let passes = try await fetcher.fetch(links.links)
            return CheckFindings(
                links.findings + passes.flatMap(\.findings),
                detail: "\(passes.count) pass\(passes.count == 1 ? "" : "es") from \(links.description)")
        } catch {
            return CheckFindings([failure(PassesFindings.list.code, "the member's passes cannot be listed", error)])
        }
    }

    // MARK: deliverables

    /// The bodymovin loading animation, from a path or URL, against what lottie-ios plays.
    func loadingAnimation() async -> CheckFindings {
        guard let source = channel.loadingAnimation, !source.isEmpty else {
            return CheckFindings([
                Finding(
                    CheckRunFindings.loadingAnimationMissing, at: FindingLocation(path: "$.loadingAnimation"),
                    "no loading animation is configured; the partner delivers one bodymovin (Lottie) JSON or .lottie file")
            ])
        }
        let data: [UInt8]
        // `loader.lottie#intro` picks one animation of a .lottie (a URL's fragment is never sent anyway).
        let (location, animation) = LottieSource.split(source)
        do {
            switch try await LottieSource.fetch(location, http: http) {
            case .bytes(let bytes):
                data = bytes
            case let .refused(url, status, bodyKind):
                return CheckFindings([
                    Finding(
                        CheckRunFindings.loadingAnimationStatus, at: FindingLocation(file: url),
                        "the loading animation answered HTTP \(status) (\(bodyKind))")
                ])
            }
            let validated = try LottieSource.validate(
                data, file: URL(string: source)?.redactedForDisplay ?? source, validator: LottieValidator(profile: .ios),
                animation: animation)
            let report = validated.report
            // In the app, a feature lottie-ios does not play is a loader that does not look as designed: an error here.
            let findings = report.findings.map { finding in
                var judged = finding
                if judged.code == LottieFindings.iosUnsupported.code { judged.severity = .error }
                return judged
            }
            var detail = "\(report.summary.layers) layers, \(report.summary.bytes) bytes"
            guard !findings.contains(where: { $0.severity == .error }), let played = validated.played else {
                return CheckFindings(findings, detail: detail)
            }
            if let skipped = LottieRenderCheck.skipped(report) { return CheckFindings(findings + [skipped], detail: detail) }
            // What it looks like: rlottie's findings, and a contact sheet a person can open, named in the report.
            // Both drawn in one bounded child process: a file that costs too much is a warning, and the check goes on.
            var drawn = findings
            do {
                let sheet = try pictures.url().appendingPathComponent("\(ChannelStore.fileStem(channel.name))-loading-animation.png").path
                let result = try await context.isolatedDrawing().run(input: Data(played)) {
                    .lottieSheet(
                        input: $0, name: report.file, frames: 12, cell: BodymovinPreviewUseCase.defaultCell, sheet: sheet, gif: nil,
                        withFindings: true)
                }
                drawn += result.findings
                detail += "; frames: \(sheet)"
            } catch let costly as DrawingTooCostly {
                drawn.append(LottieRenderCheck.tooCostly(costly, file: report.file))
            } catch {
                drawn.append(
                    Finding(
                        CheckRunFindings.loadingAnimationNoPicture, at: FindingLocation(file: source),
                        "no contact sheet: \((error as? UserFacingError)?.message ?? "\(error)")"))
            }
            return CheckFindings(drawn, detail: detail)
        } catch {
            return CheckFindings([
                failure(CheckRunFindings.loadingAnimationUnreadable.code, "the loading animation cannot be read", error, at: source)
            ])
        }
    }

    /// The magic-link origin's apple-app-site-association and assetlinks.json.
    func magicLink() async -> CheckFindings {
        guard let base = channel.magicLink?.baseUrl, let url = URL(string: base), let scheme = url.scheme, let host = url.host else {
            return CheckFindings([Finding(CheckRunFindings.magicLinkBaseURL, "the magic-link base URL is not a URL")])
        }
        let origin = "\(scheme)://\(host)\(url.port.map { ":\($0)" } ?? "")"
        do {
            let report = try await AppLinksChecker(http: http).check(origin: origin, paths: [])
            return CheckFindings(report.findings, detail: "app-link files of \(origin)")
        } catch {
            return CheckFindings([
                failure(CheckRunFindings.magicLinkUnreachable.code, "the app-link files of \(origin) cannot be read", error, at: origin)
            ])
        }
    }
}

/// A check's findings carried as an error, so a helper can hand back either a value or the outcome to report.
struct CheckFindingsBox: Error {
    let findings: CheckFindings

    init(_ findings: CheckFindings) { self.findings = findings }
}
