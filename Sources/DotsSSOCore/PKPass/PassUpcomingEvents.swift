import DotsSSOBasics
import FoundationEssentials

/// `upcomingPassInformation` (iOS 26): the further events a poster event ticket admits to, as Wallet's details view
/// and Apple's Pass Builder read them (UpcomingPassInformationEntry*.swift). Each entry needs an identifier unique in
/// the list, a name and the type `event`; its images are downloaded by Wallet, so each URL entry is https, carries
/// the image's SHA-256 and stays within 2 MB.
enum PassUpcomingEvents {
    static let maxImageBytes = 2 * 1024 * 1024

    static func check(_ value: JSONValue, add: (FindingCode, String, String) -> Void) {
        guard case .array(let entries) = value else {
            return add(
                PassFindings.upcomingEntries, "$.upcomingPassInformation",
                "upcomingPassInformation must be an array of entries, not \(value.typeDescription)")
        }
        var identifiers: [String: Int] = [:]
        for (index, entry) in entries.enumerated() {
            let path = "$.upcomingPassInformation[\(index)]"
            guard let fields = entry.objectValue else {
                add(PassFindings.upcomingEntries, path, "each upcoming entry must be an object")
                continue
            }
            for key in ["identifier", "name"] where fields[key]?.stringValue?.isEmpty != false {
                add(PassFindings.upcomingEntries, "\(path).\(key)", "the upcoming entry needs \(key), a non-empty string")
            }
            if fields["type"]?.stringValue != "event" {
                add(
                    PassFindings.upcomingEntries, "\(path).type",
                    "the upcoming entry's type must be \"event\", the only type Wallet reads, not \(PassJSONLint.shown(fields["type"] ?? .null))"
                )
            }
            if let identifier = fields["identifier"]?.stringValue, !identifier.isEmpty {
                if let first = identifiers[identifier] {
                    add(
                        PassFindings.upcomingEntries, "\(path).identifier",
                        "identifier \"\(TerminalText.oneLine(identifier, limit: 40))\" is also entry \(first)'s; each entry needs its own")
                } else {
                    identifiers[identifier] = index
                }
            }
            if let isActive = fields["isActive"], isActive.boolValue == nil {
                add(PassFindings.type, "\(path).isActive", "isActive must be true or false")
            }
            dateInformation(fields["dateInformation"], path: "\(path).dateInformation", add: add)
            images(fields["images"], path: "\(path).images", add: add)
            if let urls = fields["urls"] {
                if let links = urls.objectValue {
                    for (key, link) in links.sorted(by: { $0.key < $1.key }) where PassJSONLinkKeys.eventGuide.contains(key) {
                        PassJSONLinkKeys.checkValue(link, key: key, path: "\(path).urls.\(key)", add: add)
                    }
                } else {
                    add(PassFindings.upcomingEntries, "\(path).urls", "urls must be an object of Event Guide links")
                }
            }
            if let semantics = fields["semantics"]?.objectValue {
                PassSemanticStyles.types(
                    semantics,
                    add: { code, at, message in add(code, at.replacing("$.semantics", with: "\(path).semantics"), message) })
            }
        }
    }

    static func dateInformation(_ value: JSONValue?, path: String, add: (FindingCode, String, String) -> Void) {
        guard let value else { return }
        guard let fields = value.objectValue else {
            return add(PassFindings.upcomingEntries, path, "dateInformation must be an object (date, timeZone…)")
        }
        if let date = fields["date"], date.stringValue.flatMap(PassJSONLint.parseDate) == nil {
            add(PassFindings.date, "\(path).date", "the entry's date must be an ISO 8601 date with a time and a ±HH:MM or Z zone")
        }
        if let zone = fields["timeZone"], zone.stringValue.flatMap(TimeZone.init(identifier:)) == nil {
            add(
                PassFindings.upcomingEntries, "\(path).timeZone",
                "timeZone \(PassJSONLint.shown(zone)) is not a time zone name (e.g. Europe/Paris); Wallet uses the device's")
        }
        for key in ["ignoreTimeComponents", "isAllDay", "isUnannounced", "isUndetermined"] {
            if let flag = fields[key], flag.boolValue == nil {
                add(PassFindings.type, "\(path).\(key)", "\(key) must be true or false")
            }
        }
    }

    /// `headerImage` and `venueMap`, each a list of URL entries Wallet downloads and checks against their hash.
    static func images(_ value: JSONValue?, path: String, add: (FindingCode, String, String) -> Void) {
        guard let value else { return }
        guard let images = value.objectValue else {
            return add(PassFindings.upcomingEntries, path, "images must be an object (headerImage, venueMap)")
        }
        for name in ["headerImage", "venueMap"] {
            guard let image = images[name] else { continue }
            let imagePath = "\(path).\(name)"
            guard let fields = image.objectValue else {
                add(PassFindings.upcomingEntries, imagePath, "\(name) must be an object (urls, reuseExisting)")
                continue
            }
            if fields["reuseExisting"]?.boolValue == true { continue }
            guard case .array(let urls)? = fields["urls"], !urls.isEmpty else {
                add(
                    PassFindings.upcomingEntries, "\(imagePath).urls",
                    "\(name) needs urls (a list of {url, sha256, scale, size}) unless reuseExisting is true")
                continue
            }
            for (index, entry) in urls.enumerated() {
                imageURL(entry, path: "\(imagePath).urls[\(index)]", add: add)
            }
        }
    }

    static func imageURL(_ entry: JSONValue, path: String, add: (FindingCode, String, String) -> Void) {
        let fields = entry.objectValue ?? [:]
        if !(fields["url"]?.stringValue.map { PassJSONLinkKeys.isLink($0, forKey: "image") } ?? false) {
            add(PassFindings.upcomingEntries, "\(path).url", "the image needs a url, and it must be https: Wallet downloads it")
        }
        let hash = fields["sha256"]?.stringValue ?? ""
        if hash.count != 64 || !hash.allSatisfy(\.isHexDigit) {
            add(
                PassFindings.upcomingEntries, "\(path).sha256",
                "the image needs sha256, the 64 hex digits of its SHA-256: Wallet refuses a download that does not match")
        }
        if let size = fields["size"] {
            if let bytes = size.numberValue, bytes == bytes.rounded(), bytes > 0, bytes <= Double(maxImageBytes) {
            } else {
                add(
                    PassFindings.upcomingEntries, "\(path).size",
                    "size must be the image's bytes, a whole number up to \(maxImageBytes) (2 MB), not \(PassJSONLint.shown(size))")
            }
        }
        if let scale = fields["scale"], !(scale.numberValue.map { $0 > 0 && $0 <= 3 } ?? false) {
            add(PassFindings.upcomingEntries, "\(path).scale", "scale must be 1, 2 or 3, not \(PassJSONLint.shown(scale))")
        }
    }
}
