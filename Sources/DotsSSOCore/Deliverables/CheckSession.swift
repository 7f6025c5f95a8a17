import DotsSSOBasics
import FoundationEssentials

/// What several checks of one `check` run share, fetched once however many checks ask at the same time: the
/// provider metadata, and the test member (token and profile). A failure is shared too: each check that needs
/// it reports it in its own terms.
actor CheckSession {
    /// Why the live checks cannot run, or the member they run as.
    enum Member: Sendable {
        case available(MemberSource, access: AccessCredential)
        /// No usable token of the user's (none given, a token file that cannot be read, a refused refresh token): the
        /// live checks are skipped with this reason and the run ends with `status`, never 1, because the partner
        /// broke nothing.
        case noToken(String, status: ExitStatus = .notAuthorized)
        /// A token was there but the partner's side failed with it (a network failure, an unparseable token
        /// response): the live checks fail.
        case failed(any UserFacingError)
    }

    let channel: Channel
    let http: any HTTPClient
    let memberSettings: MemberSettings
    let context: CommandContext
    /// The fetches the run's channels share (one discovery per issuer, one handshake per host); nil: this channel's own.
    let shared: SharedFetches?
    private var discoveryTask: Task<Result<ProviderMetadata, any Error>, Never>?
    private var memberTask: Task<Member, Never>?
    private var profileTask: Task<Result<ProfileReport, any Error>, Never>?

    init(channel: Channel, http: any HTTPClient, member: MemberSettings, context: CommandContext, shared: SharedFetches? = nil) {
        self.channel = channel
        self.http = http
        memberSettings = member
        self.context = context
        self.shared = shared
    }

    func discovery() async -> Result<ProviderMetadata, any Error> {
        if let discoveryTask { return await discoveryTask.value }
        let issuer = channel.issuer ?? ""
        let http = self.http
        let shared = self.shared
        let task = Task {
            if let shared { return await shared.discovery(issuer: issuer, http: http) }
            return await Result { try await DiscoveryClient(http: http).fetch(issuer: issuer) }
        }
        discoveryTask = task
        return await task.value
    }

    func member() async -> Member {
        if let memberTask { return await memberTask.value }
        let settings = memberSettings
        let context = self.context
        let http = self.http
        let task = Task<Member, Never> {
            do {
                // The run's client: the member's token and profile requests share its pool and its -v trace.
                let source = try MemberSource(settings, needsToken: true, http: http, in: context)
                return .available(source, access: try await source.requireBearer().access())
            } catch ConfigError.noMemberSource {
                return .noToken("no test member is configured")
            } catch let error as ConfigError {
                // The user's own variable is unset (--access-token-env): no member, said with its status, not a partner failure.
                guard case .unsetSecretVariable = error else { return .failed(error) }
                return .noToken(error.message, status: error.exitStatus)
            } catch let error as TokenCacheError {
                if case .notSignedIn(let channel) = error {
                    return .noToken("not signed in\(channel.map { " to channel '\($0)'" } ?? "")")
                }
                // A sign-in that must be made again is no member either: the run ends 77 with what to do.
                if case .signInAgain = error { return .noToken(error.message) }
                return .failed(error)
            } catch let error as RefreshTokenFileError {
                switch error {
                case .spent, .alreadyRotated, .notAFile: return .noToken(error.message, status: error.exitStatus)
                default: return .failed(error)
                }
            } catch let error as InputError {
                // The user's own token file is missing (64) or not a token (65).
                return .noToken(error.message, status: error.exitStatus)
            } catch let error as UsageError {
                return .noToken(error.message, status: error.exitStatus)
            } catch let error as UserFacingError {
                return .failed(error)
            } catch {
                return .failed(CheckError.internalFailure("\(error)"))
            }
        }
        memberTask = task
        return await task.value
    }

    /// The status a run ends with when its live checks had no member: the reason's own (77 unless the token file
    /// could not be read), asked only once a live check has asked for the member.
    func memberStatus() async -> ExitStatus {
        guard let memberTask, case .noToken(_, let status) = await memberTask.value else { return .notAuthorized }
        return status
    }

    /// The member's checked profile (fetched once).
    func profile(_ source: MemberSource) async -> Result<ProfileReport, any Error> {
        if let profileTask { return await profileTask.value }
        let task = Task { await Result { try await source.report() } }
        profileTask = task
        return await task.value
    }
}

extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
