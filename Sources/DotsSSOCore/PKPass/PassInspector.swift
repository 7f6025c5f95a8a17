import DotsSSOBasics
import FoundationEssentials

/// Inspects passes the way Wallet accepts them: archive safety, manifest, signature and chain, the signer
/// against pass.json, pass.json itself, images and localisations. Hostile or broken input becomes findings,
/// never a crash; every check that can still run does, so one report lists every problem.
package struct PassInspector: Sendable {
    package let anchors: TrustAnchors
    package let now: Date
    package let limits: PassArchive.Limits
    /// Chain verdicts shared by every pass this inspector sees (the anchors never change).
    let chainCache = ChainCache()
    /// Certificates parsed once for every pass this inspector sees.
    let certificates = CertificatePool()

    /// Files larger than this are refused before reading (the archive limit plus room for compression overhead).
    package static let maxFileBytes = 96 * 1024 * 1024

    package init(anchors: TrustAnchors, now: Date, limits: PassArchive.Limits = PassArchive.Limits()) {
        self.anchors = anchors
        self.now = now
        self.limits = limits
    }

    /// Inspects a path: a .pkpass file, '-' for stdin, or an unsigned pass folder (`*.pass`). A path that
    /// cannot be read at all is an input error, not a finding about a pass.
    package func inspect(path: String) throws -> PassInspection {
        let name = InputFile.displayName(path)
        let read: InputFile.CappedRead<Data>
        do {
            read = try InputFile.read(path, limit: Self.maxFileBytes)
        } catch {
            // A folder is a pass model; asked only when the read fails, so a file costs one path lookup, not two.
            if path != "-", FileStatus(path)?.isDirectory == true { return inspectFolder(URL(fileURLWithPath: path), file: path) }
            throw error
        }
        switch read {
        case .contents(let data):
            return inspect(data, file: name)
        case .tooLarge(let size):
            let found = size.map { "the file is \($0 / 1_048_576) MiB" } ?? "\(name) is larger than \(Self.maxFileBytes / 1_048_576) MiB"
            return PassInspection(
                file: name, kind: .pkpass, summary: PassSummary(),
                findings: [
                    Finding(
                        .error, ArchiveFindings.code("too-large", for: .pkpass), at: FindingLocation(file: name),
                        "\(found); a pass is at most \(limits.maxTotalBytes / 1_048_576) MiB, so \(size == nil ? "the rest" : "it") was not read"
                    )
                ])
        }
    }

    /// Inspects the bytes of a .pkpass.
    package func inspect(_ data: Data, file: String) -> PassInspection {
        var summary = PassSummary()
        summary.bytes = data.count
        if file.lowercased().hasSuffix(".pkpasses") {
            return PassInspection(
                file: file, kind: .pkpass, summary: summary,
                findings: [
                    Finding(
                        .error, ArchiveFindings.code("pkpasses", for: .pkpass), at: FindingLocation(file: file),
                        "this is a .pkpasses bundle; The Dots accepts single .pkpass files only (seed 000): deliver each pass as its own .pkpass URL"
                    )
                ])
        }
        let archive = PassArchive.open(data, file: file, limits: limits)
        if !archive.findings.isEmpty {
            return PassInspection(file: file, kind: .pkpass, summary: summary, findings: archive.findings)
        }
        var findings = Self.rootCheck(archive.files, file: file)
        findings += ManifestCheck.findings(files: archive.files, file: file)
        let (pass, passFindings) = Self.passJSON(archive.files, file: file, summary: &summary)
        let identifiers = pass?.objectValue
        let (report, signatureFindings) = PassSignature.check(
            signature: archive.files["signature"], manifest: archive.files["manifest.json"],
            passTypeIdentifier: identifiers?["passTypeIdentifier"]?.stringValue,
            teamIdentifier: identifiers?["teamIdentifier"]?.stringValue,
            anchors: anchors, file: file, now: now, chainCache: chainCache, pool: certificates)
        summary.signature = report
        findings += signatureFindings + passFindings
        findings += Self.contents(archive.files, pass: pass, file: file, summary: &summary)
        return PassInspection(file: file, kind: .pkpass, summary: summary, findings: findings)
    }

    /// Inspects an unsigned pass folder (a model): everything but the signature, which does not exist yet.
    package func inspectFolder(_ folder: URL, file: String) -> PassInspection {
        var summary = PassSummary()
        let (files, readFindings) = Self.readFolder(folder, file: file, limits: limits)
        if readFindings.contains(where: { $0.severity == .error }) {
            return PassInspection(file: file, kind: .model, summary: summary, findings: readFindings)
        }
        summary.bytes = files.values.reduce(0) { $0 + $1.count }
        var findings = readFindings + Self.rootCheck(files, file: file)
        if files["manifest.json"] != nil { findings += ManifestCheck.findings(files: files, file: file) }
        findings.append(
            Finding(
                PassFindings.modelUnsigned, at: FindingLocation(file: file),
                "an unsigned pass folder: the manifest and signature are checked once it is signed into a .pkpass"))
        let (pass, passFindings) = Self.passJSON(files, file: file, summary: &summary)
        findings += passFindings
        findings += Self.contents(files, pass: pass, file: file, summary: &summary)
        return PassInspection(file: file, kind: .model, summary: summary, findings: findings)
    }

    /// pass.json must sit at the archive root; a zipped folder is the usual mistake.
    static func rootCheck(_ files: [String: Data], file: String) -> [Finding] {
        guard files["pass.json"] == nil else { return [] }
        let nested = files.keys.filter { $0.hasSuffix("/pass.json") }.sorted().first
        return [
            Finding(
                PassFindings.passJSONMissing, at: FindingLocation(file: file, path: "pass.json"),
                nested.map {
                    "pass.json is not at the archive root but at \($0): the folder itself was zipped; zip its contents instead"
                } ?? "the pass has no pass.json")
        ]
    }

    static func passJSON(_ files: [String: Data], file: String, summary: inout PassSummary) -> (JSONValue?, [Finding]) {
        guard let data = files["pass.json"] else { return (nil, []) }
        let (pass, findings) = PassJSONLint.check(data, file: file)
        if let pass { summary.read(pass) }
        return (pass, findings)
    }

    /// The files beside pass.json: images (and the ones a semantic layout needs), localisations, personalization.json.
    static func contents(_ files: [String: Data], pass: JSONValue?, file: String, summary: inout PassSummary) -> [Finding] {
        let root = pass?.objectValue
        let poster = PassJSONLint.posterStyles.first { root?[$0] != nil }
        let classic = summary.style == poster ? nil : summary.style
        let (images, imageFindings) = PassImages.check(files: files, style: classic, poster: poster, file: file)
        let (languages, languageFindings) = PassLocalizations.check(files: files, file: file)
        summary.images = images
        summary.localizations = languages
        let layoutFindings = root.map { PassSemanticStyles.imageFindings($0, files: files, file: file) } ?? []
        return imageFindings + layoutFindings + languageFindings + PassPersonalization.check(files, pass: root, file: file)
    }

    /// Regular files under `folder`, with the archive's limits; symbolic links are refused, hidden files skipped.
    static func readFolder(_ folder: URL, file: String, limits: PassArchive.Limits) -> ([String: Data], [Finding]) {
        func refuse(_ code: String, _ path: String?, _ message: String) -> ([String: Data], [Finding]) {
            ([:], [Finding(.error, code, at: FindingLocation(file: file, path: path), message)])
        }
        let base = folder.standardizedFileURL.path
        guard let top = try? FileManager.default.contentsOfDirectory(atPath: base) else {
            return refuse(PassFindings.fileUnreadable.code, nil, "the folder cannot be read")
        }
        var files: [String: Data] = [:]
        var total = 0
        // Depth first, in name order; hidden entries (and what is in hidden folders) are skipped; links are never followed.
        var pending = top.filter { !$0.hasPrefix(".") }.sorted().reversed().map { $0 }
        while let relative = pending.popLast() {
            let path = base + "/" + relative
            guard let status = FileStatus(path, followingLinks: false) else { continue }
            if status.isLink {
                return refuse(
                    ArchiveFindings.code("symlink", for: .pkpass), relative,
                    "\(relative) is a symbolic link; passes contain plain files only")
            }
            if status.isDirectory {
                let inside = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                pending += inside.filter { !$0.hasPrefix(".") }.sorted().reversed().map { relative + "/" + $0 }
                continue
            }
            guard status.isRegular else { continue }
            let url = URL(fileURLWithPath: path)
            total += status.size
            if files.count >= limits.maxEntries {
                return refuse(
                    ArchiveFindings.code("too-many-entries", for: .pkpass), nil, "the folder has more than \(limits.maxEntries) files")
            }
            if total > limits.maxTotalBytes {
                return refuse(
                    ArchiveFindings.code("too-large", for: .pkpass), relative,
                    "the folder holds more than \(limits.maxTotalBytes / 1_048_576) MiB")
            }
            if let cap = limits.textCap(relative), status.size > cap {
                return ([:], [limits.textTooLarge(relative, size: UInt64(status.size), file: file)])
            }
            guard let data = try? Data(contentsOf: url) else {
                return refuse(PassFindings.fileUnreadable.code, relative, "\(relative) cannot be read")
            }
            files[relative] = data
        }
        return (files, [])
    }
}
