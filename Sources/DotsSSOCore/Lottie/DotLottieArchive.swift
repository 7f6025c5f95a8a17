import DotsSSOBasics
import FoundationEssentials

/// A `.lottie` (dotLottie) file, as LottieFiles and the After Effects plug-ins export it and lottie-ios loads it
/// (`DotLottieFile`): a zip with `manifest.json` and the animations as bodymovin JSON — v1 `animations/<id>.json`
/// and `images/`, v2 (`"version": "2"`) `a/<id>.json`, `i/`, and themes, state machines and fonts beside. Opened
/// with the pass archive's defences (entry count and size caps, no `..` or absolute names, no links or nested
/// archives, inflation bounded by the declared size); the manifest is checked against what the archive holds.
package struct DotLottieArchive: Sendable {
    package struct Animation: Sendable {
        package var id: String
        package var path: String
        package var bytes: Data
    }

    /// 1 or 2 (the manifest's `version`; v1 files often omit it).
    package var version: Int
    /// The animations the manifest lists and the archive holds, in manifest order.
    package var animations: [Animation]
    /// The animation The Dots app plays: the manifest's initial one, else the first.
    package var played: String?
    /// The image files the animations may reference, by name.
    package var images: Set<String>
    package var findings: [Finding]

    /// Whether `bytes` are a zip archive (a dotLottie, whatever the file is called).
    package static func isArchive(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06])
    }

    package static func open(_ data: Data, file: String) -> DotLottieArchive {
        let archive = PassArchive.open(data, file: file, format: .dotLottie)
        var result = DotLottieArchive(version: 1, animations: [], played: nil, images: [], findings: archive.findings)
        func add(_ code: FindingCode, _ path: String?, _ message: String) {
            result.findings.append(Finding(code, at: FindingLocation(file: file, path: path), message))
        }
        guard archive.findings.isEmpty else { return result }
        guard let manifestData = archive.files["manifest.json"] else {
            add(
                LottieFindings.dotLottieManifestMissing, nil,
                "the .lottie archive has no manifest.json; players cannot tell which animation it holds")
            return result
        }
        guard let manifest = (try? JSONDecoder().decode(JSONValue.self, from: manifestData))?.objectValue else {
            add(LottieFindings.dotLottieManifestInvalid, "manifest.json", "manifest.json is not a JSON object")
            return result
        }
        switch manifest["version"] {
        case .string("2")?, .number(2)?: result.version = 2
        case .string("1")?, .number(1)?, nil: result.version = 1
        case let other?:
            let shown = String(decoding: (try? JSONEncoder().encode(other)) ?? Data(), as: UTF8.self)
            add(
                LottieFindings.dotLottieVersion, "manifest.json $.version",
                "manifest version \(TerminalText.oneLine(shown, limit: 40)) is neither 1 nor 2; read as version 1")
        }
        let folder = result.version == 2 ? "a/" : "animations/"
        let imageFolder = result.version == 2 ? "i/" : "images/"
        var listed: [String] = []
        if let list = manifest["animations"]?.arrayValue, !list.isEmpty {
            for (index, entry) in list.enumerated() {
                guard let id = entry.objectValue?["id"]?.stringValue, !id.isEmpty else {
                    add(
                        LottieFindings.dotLottieManifestAnimations, "manifest.json $.animations[\(index)].id",
                        "every animation in the manifest needs a string id")
                    continue
                }
                listed.append(id)
                let path = folder + id + ".json"
                if let bytes = archive.files[path] {
                    result.animations.append(Animation(id: id, path: path, bytes: bytes))
                } else {
                    add(
                        LottieFindings.dotLottieAnimationMissing, "manifest.json $.animations[\(index)]",
                        "the manifest lists animation \"\(id)\" but the archive has no \(path)")
                }
            }
        } else {
            add(
                LottieFindings.dotLottieManifestAnimations, "manifest.json $.animations",
                "the manifest lists no animations (a non-empty animations array)")
        }
        // v2 names the first animation in `initial.animation`; v1 files carry `activeAnimationId`.
        let initial = manifest["initial"]?.objectValue?["animation"]?.stringValue ?? manifest["activeAnimationId"]?.stringValue
        if let initial, !listed.contains(initial) {
            add(
                LottieFindings.dotLottieInitialUnknown, "manifest.json",
                "the manifest starts with animation \"\(initial)\", which it does not list")
        }
        result.played = initial.flatMap { id in result.animations.contains { $0.id == id } ? id : nil } ?? result.animations.first?.id
        result.images = Set(archive.files.keys.filter { $0.hasPrefix(imageFolder) }.map { String($0.dropFirst(imageFolder.count)) })
        let known = ["manifest.json"] + listed.map { folder + $0 + ".json" }
        let carried = ["animations/", "images/", "a/", "i/", "u/", "f/", "t/", "s/"]
        for path in archive.files.keys.sorted() where !known.contains(path) {
            if path.hasPrefix(folder) {
                add(LottieFindings.dotLottieUnreferenced, path, "\(path) is in the archive but not in the manifest; no player shows it")
            } else if !carried.contains(where: path.hasPrefix) {
                add(LottieFindings.dotLottieUnknownFile, path, "\(path) is not part of the dotLottie format; players ignore it")
            }
        }
        return result
    }
}
