import DotsSSOBasics
import FoundationEssentials

/// One image in a pass, as the summary lists it.
package struct PassImage: Codable, Sendable, Equatable {
    package var path: String
    package var width: Int?
    package var height: Int?
}

/// The images Wallet draws: an icon must exist (at the root, or in every localisation when not at the root); each
/// known image must be a PNG (or a PDF, which Apple's Pass Builder writes: a warning), and sizes outside Apple's are
/// warnings — Apple's own samples ship off-size icons and Wallet scales them.
package enum PassImages {
    /// How big an image slot is in points (pixels at @1x), as Apple's Pass Builder declares its slots
    /// (`PassPackage.swift`): `exact` sizes a slot must have (one of), `atMost` the largest Wallet shows.
    enum Size {
        case exact([(width: Int, height: Int)])
        case atMost(width: Int, height: Int)
    }

    /// Every slot Apple names. The icon's older 29×29 (the package format reference, and Apple's sample passes) is
    /// still accepted beside Pass Builder's 38×38; a background is 180×220 on a classic event ticket and 345×505 on a
    /// poster one, so it is bounded by the larger.
    static let sizes: [String: Size] = [
        "icon": .exact([(38, 38), (29, 29)]), "artwork": .exact([(358, 448)]),
        "logo": .atMost(width: 160, height: 50), "primaryLogo": .atMost(width: 126, height: 30),
        "secondaryLogo": .atMost(width: 135, height: 12), "thumbnail": .atMost(width: 90, height: 90),
        "strip": .atMost(width: 375, height: 144), "background": .atMost(width: 345, height: 505),
        "footer": .atMost(width: 286, height: 15), "personalizationLogo": .atMost(width: 150, height: 40),
    ]
    /// Which styles show an image (the others ignore it silently, which partners rarely intend).
    static let shownOn: [String: Set<String>] = [
        "background": ["eventTicket", "posterGeneric"], "thumbnail": ["eventTicket", "generic"],
        "strip": ["coupon", "storeCard", "eventTicket"], "footer": ["boardingPass"],
    ]

    /// `style` is the classic style; `poster` the iOS 27 style key beside it, which draws images of its own.
    package static func check(files: [String: Data], style: String?, poster: String? = nil, file: String) -> (
        images: [PassImage], findings: [Finding]
    ) {
        var images: [PassImage] = []
        var findings: [Finding] = []
        func add(_ code: FindingCode, _ path: String, _ message: String) {
            findings.append(Finding(code, at: FindingLocation(file: file, path: path), message))
        }
        for path in files.keys.sorted() where path.lowercased().hasSuffix(".png") {
            let (name, scale) = Self.parse(path)
            let data = files[path]!
            guard let header = PNGHeader(data) else {
                images.append(PassImage(path: path))
                add(
                    PassFindings.imageNotPNG, path,
                    "\(path) is \(PNGHeader.describe(data)), not a PNG; Wallet only reads PNG images")
                continue
            }
            images.append(PassImage(path: path, width: header.width, height: header.height))
            let suffix = scale == 1 ? "" : " at @\(scale)x"
            switch sizes[name] {
            case .exact(let allowed)?:
                let expected = allowed.map { (width: $0.width * scale, height: $0.height * scale) }
                if !expected.contains(where: { $0.width == header.width && $0.height == header.height }) {
                    let named = expected.map { "\($0.width)×\($0.height)" }.joined(separator: " (or the older ")
                    add(
                        PassFindings.imageSize, path,
                        "\(path) is \(header.width)×\(header.height) px; Wallet expects \(named)\(expected.count > 1 ? ")" : "")\(suffix) and scales it"
                    )
                }
            case let .atMost(width, height)?:
                let (wide, high) = (width * scale, height * scale)
                if header.width > wide || header.height > high {
                    add(
                        PassFindings.imageSize, path,
                        "\(path) is \(header.width)×\(header.height) px, larger than the \(wide)×\(high)\(suffix) Wallet shows; it is scaled down and the pass is bigger than it needs to be"
                    )
                }
            case nil: continue
            }
            let drawnAs = [style, poster].compactMap { $0 }
            if let styles = shownOn[name], !drawnAs.isEmpty, styles.isDisjoint(with: drawnAs),
                scale == 1 || files[Self.base(path, name)] == nil
            {
                add(
                    PassFindings.imageUnused, path,
                    "\(name) images are not shown on \(drawnAs.joined(separator: " or ")) passes (only on \(styles.sorted().joined(separator: ", ")))"
                )
            }
        }
        // PDF images of a known slot: Apple's Pass Builder writes them; the package format documents PNG only.
        for path in files.keys.sorted() where path.lowercased().hasSuffix(".pdf") {
            let name = Self.parse(path).name
            guard sizes[name] != nil else { continue }
            images.append(PassImage(path: path))
            guard files[path]!.starts(with: Data("%PDF-".utf8)) else {
                add(PassFindings.imageNotPNG, path, "\(path) is \(PNGHeader.describe(files[path]!)), not a PDF; Wallet cannot read it")
                continue
            }
            let png = String(path.dropLast(4)) + ".png"
            if files[png] == nil {
                add(
                    PassFindings.imagePDF, path,
                    "\(path) is a PDF image: Apple's Pass Builder writes these, but the PassKit package format documents PNG only; add \(png) for Wallets that read only PNG"
                )
            }
        }
        let folders = Set(files.keys.compactMap { $0.split(separator: "/").first.map(String.init) }.filter { $0.hasSuffix(".lproj") })
        let hasIcon = { (folder: String) in
            let prefix = folder.isEmpty ? "" : "\(folder)/"
            return files["\(prefix)icon.png"] != nil || files["\(prefix)icon.pdf"] != nil
        }
        if !hasIcon("") {
            let missing = folders.sorted().filter { !hasIcon($0) }
            if folders.isEmpty || !missing.isEmpty {
                add(
                    PassFindings.iconMissing, "icon.png",
                    "the pass has no icon.png\(folders.isEmpty ? "" : " at the root or in \(missing.joined(separator: ", "))"); Wallet refuses a pass without an icon"
                )
            } else {
                add(
                    PassFindings.iconNotAtRoot, "icon.png",
                    "the icon is only in \(folders.sorted().joined(separator: ", ")): Wallet shows it in those languages, but Apple's Pass Builder requires icon.png at the root and a language without a folder gets none"
                )
            }
        }
        if style == "eventTicket", files["strip.png"] != nil, files["background.png"] != nil || files["thumbnail.png"] != nil {
            add(
                PassFindings.imageUnused, "strip.png",
                "an event ticket with a strip image does not show its background or thumbnail image")
        }
        return (images, findings)
    }

    /// "de.lproj/logo@2x.png" → ("logo", 2). Names Wallet does not know are listed but have no size rule.
    static func parse(_ path: String) -> (name: String, scale: Int) {
        var stem = Substring(path)
        if let slash = stem.lastIndex(of: "/") { stem = stem[stem.index(after: slash)...] }
        stem = stem.dropLast(4)
        var scale = 1
        for (candidate, suffix) in [(2, "@2x"), (3, "@3x")] where stem.hasSuffix(suffix) {
            scale = candidate
            stem = stem.dropLast(3)
        }
        return (String(stem), scale)
    }

    /// The @1x file for a scaled image, in the same folder.
    static func base(_ path: String, _ name: String) -> String {
        let folder = path.split(separator: "/").dropLast().joined(separator: "/")
        return folder.isEmpty ? "\(name).png" : "\(folder)/\(name).png"
    }
}
