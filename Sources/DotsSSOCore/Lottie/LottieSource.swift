import DotsSSOBasics
import FoundationEssentials

/// One loading animation as a partner delivers it — bodymovin JSON or a `.lottie` archive, told apart by content —
/// validated, with the bytes of the animation The Dots app would play: the JSON itself, or in a `.lottie` the
/// animation named after `#` (`loader.lottie#intro`), else the manifest's initial one, else the first.
package enum LottieSource {
    package struct Validated: Sendable {
        package var report: LottieReport
        /// The played animation's JSON; nil when a `.lottie` holds none that could be read.
        package var played: [UInt8]?
    }

    /// `path#id` split: the file (or URL) to read and the animation asked for, when the part before `#` names a .lottie.
    package static func split(_ source: String) -> (location: String, animation: String?) {
        guard let hash = source.lastIndex(of: "#"), source[..<hash].lowercased().hasSuffix(".lottie") else { return (source, nil) }
        let id = String(source[source.index(after: hash)...])
        return (String(source[..<hash]), id.isEmpty ? nil : id)
    }

    package static func validate(_ bytes: [UInt8], file: String, validator: LottieValidator, animation: String? = nil) throws -> Validated {
        guard DotLottieArchive.isArchive(bytes) else {
            var report = try validator.validate(bytes, file: file)
            if file.lowercased().hasSuffix(".lottie") {
                report.findings.insert(
                    Finding(
                        LottieFindings.fileJSONNamedLottie, at: FindingLocation(file: file),
                        "\(file) is bodymovin JSON, not a dotLottie archive, though it is named .lottie; players that go by the name will refuse it: name it .json"
                    ), at: 0)
            }
            return Validated(report: report, played: bytes)
        }
        var findings: [Finding] = []
        if file.lowercased().hasSuffix(".json") {
            findings.append(
                Finding(
                    LottieFindings.fileZipNamedJSON, at: FindingLocation(file: file),
                    "\(file) is a dotLottie (zip) archive, though it is named .json; name it .lottie so players and tools open it as one"))
        }
        let archive = DotLottieArchive.open(Data(bytes), file: file)
        findings += archive.findings
        var chosen = archive.played
        if let animation {
            if archive.animations.contains(where: { $0.id == animation }) {
                chosen = animation
            } else {
                findings.append(
                    Finding(
                        LottieFindings.dotLottieAnimationUnknown, at: FindingLocation(file: file, path: "manifest.json"),
                        "#\(animation) names no animation in the archive (it holds \(archive.animations.map(\.id).joined(separator: ", ")))"
                    ))
                chosen = nil
            }
        }
        var validator = validator
        validator.archiveImages = archive.images
        var played: (report: LottieReport, bytes: Data)?
        for entry in archive.animations {
            let label = "\(file)#\(entry.id)"
            do {
                let report = try validator.validate(entry.bytes, file: label)
                findings += report.findings
                if entry.id == chosen { played = (report, entry.bytes) }
            } catch let error as UserFacingError {
                findings.append(
                    Finding(LottieFindings.dotLottieAnimationInvalid, at: FindingLocation(file: label, path: entry.path), error.message)
                )
            }
        }
        if archive.animations.count > 1, let id = chosen {
            findings.append(
                Finding(
                    LottieFindings.dotLottiePlayed, at: FindingLocation(file: file, path: "manifest.json"),
                    "The Dots app plays \"\(id)\" (\(animation == nil ? "the manifest's initial animation, else the first" : "named after #")); the other \(archive.animations.count - 1) are checked too"
                ))
        }
        let summary = played?.report.summary ?? LottieSummary(layers: 0, assets: 0, bytes: bytes.count, embeddedImageBytes: 0)
        return Validated(
            report: LottieReport(file: file, profile: validator.profile, summary: summary, findings: findings),
            played: played.map { [UInt8]($0.bytes) })
    }

    /// What reading a loading animation's location gave: its bytes, or the HTTP status a URL answered with.
    package enum Fetched: Sendable {
        case bytes([UInt8])
        case refused(url: String, status: Int, bodyKind: String)
    }

    /// A location's bytes: an https URL fetched as the app fetches it (JSON or a .lottie zip, at most the size
    /// `bodymovin validate` reads), or a file.
    package static func fetch(_ location: String, http: any HTTPClient) async throws -> Fetched {
        guard location.contains("://") else { return .bytes(try BodymovinValidateUseCase.read(location)) }
        let url = try URLPolicy.validate(location)
        let response = try await http.send(
            HTTPRequest(
                .get, url, headers: [(name: "Accept", value: "application/json, application/zip;q=0.9")],
                maxBodyBytes: BodymovinValidateUseCase.maxBytes))
        guard response.status == 200 else {
            return .refused(url: url.redactedForDisplay, status: response.status, bodyKind: response.bodyKind)
        }
        return .bytes([UInt8](response.body))
    }
}
