import DotsSSOBasics
import FoundationEssentials

/// `dots-sso pkpass preview FILE`: the front of the pass as Wallet lays it out (and `--back`, its back fields), so a
/// person can see a member's pass without an iPhone.
package struct PassPreviewUseCase: Sendable {
    package var file: String
    /// The front's PNG; nil: `<name>.png` beside FILE. The back goes beside it as `<name>.back.png`.
    package var output: String?
    package var back: Bool
    /// The `.lproj` whose pass.strings (and images) are used; nil: `en` when the pass has it, else text as written.
    package var locale: String?

    package init(file: String, output: String? = nil, back: Bool = false, locale: String? = nil) {
        self.file = file
        self.output = output
        self.back = back
        self.locale = locale
    }

    package struct Preview: Codable, Sendable {
        package var file: String
        package var style: String
        /// The layout drawn: "poster" for an event ticket whose preferredStyleSchemes puts posterEventTicket first
        /// (Wallet on iOS 18 and later), else "classic".
        package var layout: PassLayout
        package var front: String
        package var back: String?
        package var locale: String?
        /// What could not be drawn (an image too large or unreadable, a barcode zint refuses).
        package var findings: [Finding]

        package init(
            file: String, style: String, layout: PassLayout = .classic, front: String, back: String? = nil, locale: String?,
            findings: [Finding]
        ) {
            self.file = file
            self.style = style
            self.layout = layout
            self.front = front
            self.back = back
            self.locale = locale
            self.findings = findings
        }
    }

    package func run(_ ctx: CommandContext) async throws -> Preview {
        let name = InputFile.displayName(file)
        let frontPath = try output ?? PicturePath.inCurrentFolder(for: file, suffix: ".png")
        let backPath = back ? Self.backPath(for: frontPath) : nil
        // Read (and refused when hostile) here; drawn in a bounded child process, which reads the folder itself or
        // the archive's bytes from its private copy. A pass that costs too much ends 65 naming the limit it hit.
        let folder = file != "-" && FileStatus(file)?.isDirectory == true ? file : nil
        var input = Data()
        if let folder {
            _ = try Self.read(folder, name: name)
        } else {
            input = try Self.bytes(file, name: name)
            _ = try Self.files(of: input, name: name)
        }
        let locale = self.locale
        let drawn = try await ctx.isolatedDrawing().run(input: input) { copy in
            .passPreview(input: folder ?? copy, name: name, front: frontPath, back: backPath, locale: locale)
        }
        return Preview(
            file: name, style: drawn.style ?? "generic", layout: drawn.layout ?? .classic, front: frontPath, back: drawn.back,
            locale: locale, findings: drawn.findings)
    }

    /// The bytes of a .pkpass (or stdin), at most the size `pkpass inspect` reads.
    package static func bytes(_ file: String, name: String) throws -> Data {
        switch try InputFile.read(file, limit: PassInspector.maxFileBytes) {
        case .contents(let data): return data
        case .tooLarge:
            throw PictureError.tooLarge("\(name) is larger than \(PassInspector.maxFileBytes / 1_048_576) MiB; no pass is that large")
        }
    }

    /// The files of a .pkpass in memory, with the archive limits `pkpass inspect` uses.
    package static func files(of data: Data, name: String) throws -> [String: Data] {
        let archive = PassArchive.open(data, file: name, limits: PassArchive.Limits())
        if let error = archive.findings.first(where: { $0.severity == .error }) {
            throw PictureError.malformed("\(name): \(error.message)")
        }
        return archive.files
    }

    /// `guest.png` → `guest.back.png`, relative when the front is (printed as the user would type it).
    package static func backPath(for front: String) -> String {
        let name = front.split(separator: "/").last.map(String.init) ?? front
        let ext = name.lastIndex(of: ".").map { $0 == name.startIndex ? "" : String(name[name.index(after: $0)...]) } ?? ""
        let stem = ext.isEmpty ? front : String(front.dropLast(ext.count + 1))
        return stem + ".back." + (ext.isEmpty ? "png" : ext)
    }

    /// The pass's files: a .pkpass (or stdin) opened with the archive limits `pkpass inspect` uses, or an unsigned
    /// pass folder. A hostile archive is refused with the reason inspect would give.
    package static func read(_ file: String, name: String) throws -> [String: Data] {
        let limits = PassArchive.Limits()
        if file != "-", FileStatus(file)?.isDirectory == true {
            let (files, findings) = PassInspector.readFolder(URL(fileURLWithPath: file), file: name, limits: limits)
            if let error = findings.first(where: { $0.severity == .error }) { throw PictureError.malformed("\(name): \(error.message)") }
            return files
        }
        return try files(of: try bytes(file, name: name), name: name)
    }
}
