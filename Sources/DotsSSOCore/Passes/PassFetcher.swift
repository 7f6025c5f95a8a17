import DotsSSOBasics
import FoundationEssentials

/// Downloads a member's passes concurrently (bounded), refuses what is not a single .pkpass, inspects every
/// download, and saves the readable ones in the partner's order as `1-primary-<name>.pkpass`, `2-<name>.pkpass`…
/// One pass failing (404, an HTML page, a bundle) never stops the others.
package struct PassFetcher: Sendable {
    package let http: any HTTPClient
    package let inspector: PassInspector
    package let parallel: Int
    package let output: URL
    /// Whether each saved pass also gets its picture (`passes fetch --preview`).
    package let preview: Bool

    /// A pass download larger than this is abandoned. Real passes are a few hundred kilobytes (a few MB with every
    /// @3x image); downloads run --parallel at once, so a hostile server costs at most this much per download.
    package static let maxDownloadBytes = 16 * 1024 * 1024

    /// Where `--preview` pictures are drawn (a bounded child process for the command-line tool).
    package var drawing = IsolatedDrawing(place: .inProcess)

    package init(http: any HTTPClient, inspector: PassInspector, parallel: Int, output: URL, preview: Bool = false) {
        self.http = http
        self.inspector = inspector
        self.parallel = max(1, parallel)
        self.output = output
        self.preview = preview
    }

    /// Fetches every link; `progress` is called with (finished, total) as each pass completes.
    package func fetch(_ links: [String], progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) async throws -> [FetchedPass] {
        try prepareOutput()
        let finished = Counter()
        // `parallel` downloads on the wire at once; as many more passes may be inspected and saved meanwhile (which
        // also bounds how many downloaded bodies wait in memory).
        let downloads = AsyncSemaphore(parallel)
        var fetched = await boundedConcurrentMap(
            count: links.count, parallel: parallel * 2,
            onEach: { _, _ in
                progress(finished.increment(), links.count)
            }
        ) { index in
            await fetchOne(links[index], position: index + 1, downloads: downloads)
        }
        var firstSeen: [String: Int] = [:]
        for (index, link) in links.enumerated() {
            if let first = firstSeen[link] {
                fetched[index].findings.append(
                    Finding(
                        PassesFindings.duplicate, at: FindingLocation(file: fetched[index].url),
                        "this URL is also pass \(first); the member would see the same pass twice"))
            } else {
                firstSeen[link] = index + 1
            }
        }
        return fetched
    }

    func prepareOutput() throws {
        do {
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        } catch {
            throw PassesError.outputUnusable(path: output.path, reason: "the folder cannot be created")
        }
        guard FileManager.default.isWritableFile(atPath: output.path) else {
            throw PassesError.outputUnusable(path: output.path, reason: "the folder is not writable")
        }
    }

    func fetchOne(_ link: String, position: Int, downloads: AsyncSemaphore) async -> FetchedPass {
        let display = URL(string: link)?.redactedForDisplay ?? String(link.prefix(80))
        var pass = FetchedPass(position: position, primary: position == 1, url: display, findings: [])
        func fail(_ code: FindingCode, _ message: String) -> FetchedPass {
            pass.findings.append(Finding(code, at: FindingLocation(file: display), message))
            return pass
        }
        let url: URL
        do {
            url = try URLPolicy.validate(link)
        } catch let error as UserFacingError {
            return fail(PassesFindings.urlRefused, error.message)
        } catch {
            return fail(PassesFindings.urlRefused, "\(error)")
        }
        if url.path.lowercased().hasSuffix(".pkpasses") {
            return fail(
                PassesFindings.bundleRefused,
                "this is a .pkpasses bundle URL; The Dots accepts single .pkpass files only (seed 000): list each pass as its own .pkpass URL"
            )
        }
        let response: HTTPResponse
        await downloads.acquire()
        do {
            response = try await http.send(
                HTTPRequest(
                    .get, url, headers: [(name: "Accept", value: "application/vnd.apple.pkpass")],
                    maxBodyBytes: Self.maxDownloadBytes))
            await downloads.release()
        } catch let error as UserFacingError {
            await downloads.release()
            return fail(PassesFindings.downloadFailed, error.message)
        } catch {
            await downloads.release()
            return fail(PassesFindings.downloadFailed, "\(error)")
        }
        pass.status = response.status
        pass.bytes = response.body.count
        guard response.isSuccess else {
            return fail(
                PassesFindings.downloadStatus,
                "the server answered \(response.status) with \(PassArchive.describe(response.body)) instead of the pass")
        }
        let mediaType = response.mediaType
        if mediaType == "application/vnd.apple.pkpasses" {
            return fail(
                PassesFindings.bundleRefused,
                "the server sent a .pkpasses bundle (application/vnd.apple.pkpasses); The Dots accepts single .pkpass files only (seed 000)"
            )
        }
        let name = Self.fileName(for: url, position: position)
        var inspection = inspector.inspect(response.body, file: name)
        pass.summary = inspection.summary
        if let type = mediaType, type != "application/vnd.apple.pkpass", type != "application/octet-stream",
            type != "application/zip",
            !inspection.findings.contains(where: { $0.code.hasPrefix("pkpass.archive.") })
        {
            inspection.findings.append(
                Finding(
                    PassesFindings.contentType, at: FindingLocation(file: display),
                    "the pass is served as \(type); Safari and Mail only offer to add it to Wallet when it is application/vnd.apple.pkpass")
            )
        }
        pass.findings = inspection.findings
        // A body that is not a readable pass archive (an HTML page, a bomb, a bundle) is reported, never saved.
        guard !inspection.findings.contains(where: { $0.code.hasPrefix("pkpass.archive.") && $0.severity == .error }) else { return pass }
        // A file's name, never a folder: `appendingPathComponent` asked the file system which (a stat per pass).
        let destination = output.appending(path: name, directoryHint: .notDirectory)
        let path = destination.path
        if Self.holds(response.body, at: path) {
            pass.file = path  // fetched again, unchanged: the file (and its date) stay as they are
            if preview { await drawPreview(of: response.body, for: &pass) }
            return pass
        }
        do {
            // A pass carries the member's barcode and authenticationToken: the member's file (0600). No fsync: a pass
            // can be fetched again.
            try AtomicFile.write(response.body, to: destination, permissions: 0o600, durable: false)
            pass.file = path
            if preview { await drawPreview(of: response.body, for: &pass) }
        } catch let error as AtomicFile.WriteError {
            let failure = OutputError.cannotWrite(path: path, what: "the pass", reason: "\(error.step): \(error.reason)")
            pass.saveFailure = failure
            pass.findings.append(Finding(PassesFindings.writeFailed, at: FindingLocation(file: path), failure.message))
        } catch {
            pass.findings.append(
                Finding(PassesFindings.writeFailed, at: FindingLocation(file: path), "cannot write the pass: \(error)"))
        }
        return pass
    }

    /// The pass's picture beside its file (`2-event.pkpass` → `2-event.png`); a pass that cannot be drawn keeps its file
    /// and gets a warning.
    func drawPreview(of body: Data, for pass: inout FetchedPass) async {
        guard let file = pass.file else { return }
        let picture = URL(fileURLWithPath: file).deletingPathExtension().path + ".png"
        do {
            let drawn = try await drawing.run(input: body) { .passPreview(input: $0, name: file, front: picture, back: nil, locale: nil) }
            pass.preview = picture
            pass.findings += drawn.findings
        } catch let costly as DrawingTooCostly {
            pass.findings.append(
                Finding(
                    PassFindings.previewTooCostly, at: FindingLocation(file: file),
                    "no picture: drawing the pass was stopped: it \(costly.limit)"))
        } catch let error as UserFacingError {
            pass.findings.append(
                Finding(PassesFindings.previewFailed, at: FindingLocation(file: file), "no picture: \(error.message)"))
        } catch {
            pass.findings.append(Finding(PassesFindings.previewFailed, at: FindingLocation(file: file), "no picture: \(error)"))
        }
    }

    /// Whether `destination` is a regular file with exactly these bytes (a pass fetched again into the same folder).
    static func holds(_ body: Data, at destination: String) -> Bool {
        guard let status = FileStatus(destination), status.isRegular, status.size == body.count else { return false }
        return (try? Data(contentsOf: URL(fileURLWithPath: destination))) == body
    }

    /// What a saved pass's name keeps of its URL's name; anything else becomes "-". Made once, not for every pass.
    static let fileNameCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")

    /// `1-primary-guest.pkpass`, `2-event.pkpass`: the position keeps the order, the URL's name says which pass.
    static func fileName(for url: URL, position: Int) -> String {
        var stem = url.lastPathComponent
        if stem.lowercased().hasSuffix(".pkpass") { stem = String(stem.dropLast(7)) }
        var cleaned = String(stem.map { fileNameCharacters.contains($0) ? $0 : "-" }.prefix(64))
        while cleaned.hasPrefix(".") || cleaned.hasPrefix("-") { cleaned.removeFirst() }
        if cleaned.isEmpty { cleaned = "pass" }
        return position == 1 ? "1-primary-\(cleaned).pkpass" : "\(position)-\(cleaned).pkpass"
    }
}
