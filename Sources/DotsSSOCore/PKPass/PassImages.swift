import DotsSSOBasics
import Foundation

/// One image in a pass, as the summary lists it.
package struct PassImage: Codable, Sendable, Equatable {
    package var path: String
    package var width: Int?
    package var height: Int?
}

/// The images Wallet draws: `icon.png` must exist (at the root, or in every localisation when not at the root);
/// each known image must be a PNG, and sizes outside Apple's published ones are warnings — Apple's own samples
/// ship off-size icons and Wallet scales them.
package enum PassImages {
    /// Apple's sizes in points (pixels at @1x): the icon's is exact, the others are the largest Wallet shows.
    static let sizes: [String: (width: Int, height: Int, exact: Bool)] = [
        "icon": (29, 29, true), "logo": (160, 50, false), "thumbnail": (90, 90, false),
        "strip": (375, 144, false), "background": (180, 220, false), "footer": (286, 15, false),
    ]
    /// Which styles show an image (the others ignore it silently, which partners rarely intend).
    static let shownOn: [String: Set<String>] = [
        "background": ["eventTicket"], "thumbnail": ["eventTicket", "generic"],
        "strip": ["coupon", "storeCard", "eventTicket"], "footer": ["boardingPass"],
    ]

    package static func check(files: [String: Data], style: String?, file: String) -> (images: [PassImage], findings: [Finding]) {
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
            guard let size = sizes[name] else { continue }
            let (width, height) = (size.width * scale, size.height * scale)
            let suffix = scale == 1 ? "" : " at @\(scale)x"
            if size.exact, header.width != width || header.height != height {
                add(
                    PassFindings.imageSize, path,
                    "\(path) is \(header.width)×\(header.height) px; Wallet expects \(width)×\(height)\(suffix) and scales it")
            } else if !size.exact, header.width > width || header.height > height {
                add(
                    PassFindings.imageSize, path,
                    "\(path) is \(header.width)×\(header.height) px, larger than the \(width)×\(height)\(suffix) Wallet shows; it is scaled down and the pass is bigger than it needs to be"
                )
            }
            if let style, let styles = shownOn[name], !styles.contains(style), scale == 1 || files[Self.base(path, name)] == nil {
                add(
                    PassFindings.imageUnused, path,
                    "\(name) images are not shown on \(style) passes (only on \(styles.sorted().joined(separator: ", ")))")
            }
        }
        let folders = Set(files.keys.compactMap { $0.split(separator: "/").first.map(String.init) }.filter { $0.hasSuffix(".lproj") })
        if files["icon.png"] == nil {
            let missing = folders.sorted().filter { files["\($0)/icon.png"] == nil }
            if folders.isEmpty || !missing.isEmpty {
                add(
                    PassFindings.iconMissing, "icon.png",
                    "the pass has no icon.png\(folders.isEmpty ? "" : " at the root or in \(missing.joined(separator: ", "))"); Wallet refuses a pass without an icon"
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
        var stem = String(path.split(separator: "/").last ?? "").dropLast(4)
        var scale = 1
        for candidate in [2, 3] where stem.hasSuffix("@\(candidate)x") {
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
