import DotsSSOBasics
import FoundationEssentials

/// What Apple added to pass.json from iOS 18 to iOS 27, checked as Wallet reads it: `relevantDates` in place of the
/// deprecated `relevantDate`, the preferred style schemes and what a poster event ticket needs to be drawn as one,
/// upcoming-event information, the iOS 18 colour and store keys, iOS 27's featured actions and new barcode formats.
/// A key an older iOS does not read is not an error; what the pass then looks like there is said as info.
enum PassJSONRecentKeys {
    /// Style scheme → the pass style it belongs to.
    static let styleSchemes: [String: String] = [
        "posterEventTicket": "eventTicket", "eventTicket": "eventTicket",
        "semanticBoardingPass": "boardingPass", "boardingPass": "boardingPass",
    ]
    static let maxRelevantInterval: TimeInterval = 24 * 3600
    static let maxFeaturedActions = 2

    static func check(_ root: [String: JSONValue], style: String?, add: (FindingCode, String, String) -> Void) {
        relevance(root, add: add)
        schemes(root, style: style, add: add)
        recentKeys(root, add: add)
        featuredActions(root, add: add)
        PassJSONLinkKeys.check(root, style: style, add: add)
    }

    // MARK: relevantDate → relevantDates

    static func relevance(_ root: [String: JSONValue], add: (FindingCode, String, String) -> Void) {
        if root["relevantDate"] != nil {
            if root["relevantDates"] == nil {
                add(
                    PassFindings.relevantDateDeprecated, "$.relevantDate",
                    "relevantDate is deprecated since iOS 18: give relevantDates (a list of dates or intervals) as well; iOS 18 and later read only that"
                )
            } else {
                add(
                    PassFindings.relevantDateLegacy, "$.relevantDate",
                    "relevantDate is read only before iOS 18; iOS 18 and later read relevantDates")
            }
        }
        guard let value = root["relevantDates"] else { return }
        guard case .array(let entries) = value else {
            return add(
                PassFindings.relevantDates, "$.relevantDates",
                "relevantDates must be an array of {date} or {startDate, endDate} objects")
        }
        var spellings = Set<String>()
        for (index, entry) in entries.enumerated() {
            let path = "$.relevantDates[\(index)]"
            guard case .object(let fields) = entry else {
                add(
                    PassFindings.relevantDates, path, "each relevantDates entry must be an object"
                )
                continue
            }
            // Every date given must be complete; the interval is judged only when its ends could be read.
            var dates: [String: Date] = [:]
            var unreadable = Set<String>()
            for key in ["date", "relevantDate", "startDate", "endDate"] where fields[key] != nil {
                if let text = fields[key]?.stringValue, let date = PassJSONLint.parseDate(text) {
                    dates[key] = date
                } else {
                    unreadable.insert(key)
                    add(
                        PassFindings.date, "\(path).\(key)",
                        "\(key) must be a complete ISO 8601 date with a time and a time zone (e.g. 2026-11-21T18:30:00+01:00)")
                }
            }
            // iOS 26 renamed an entry's single date from relevantDate to date; both are read by the iOS that knows them.
            for key in ["date", "relevantDate"] where fields[key] != nil { spellings.insert(key) }
            guard unreadable.isDisjoint(with: ["startDate", "endDate"]) else { continue }
            switch (dates["startDate"], dates["endDate"]) {
            case let (start?, end?):
                if end <= start {
                    add(PassFindings.relevantInterval, path, "endDate must be after startDate")
                } else if end.timeIntervalSince(start) > maxRelevantInterval {
                    add(
                        PassFindings.relevantInterval, path,
                        "the interval is \(Int(clamping: end.timeIntervalSince(start) / 3600, to: 0...Int(Int32.max))) hours; Wallet takes at most 24 hours per relevantDates entry"
                    )
                }
            case (.some, nil), (nil, .some):
                add(
                    PassFindings.relevantInterval, path,
                    "an interval needs both startDate and endDate")
            case (nil, nil) where fields["date"] == nil && fields["relevantDate"] == nil:
                add(
                    PassFindings.relevantDates, path,
                    "the entry has no date: give date (or relevantDate before iOS 26), or startDate and endDate")
            default:
                break
            }
        }
        if spellings == ["date"] {
            add(
                PassFindings.relevantDatesSpelling, "$.relevantDates",
                "entries use date, which iOS 26 and later read; iOS 18 to 25 read relevantDate, so give both for them")
        } else if spellings == ["relevantDate"] {
            add(
                PassFindings.relevantDatesSpelling, "$.relevantDates",
                "entries use relevantDate, which iOS 18 to 25 read; iOS 26 and later read date")
        }
    }

    // MARK: Style schemes

    static func schemes(_ root: [String: JSONValue], style: String?, add: (FindingCode, String, String) -> Void) {
        var schemes: [String] = []
        if let value = root["preferredStyleSchemes"] {
            guard case .array(let list) = value, list.allSatisfy({ $0.stringValue != nil }) else {
                return add(
                    PassFindings.styleSchemes, "$.preferredStyleSchemes",
                    "preferredStyleSchemes must be an array of strings"
                )
            }
            schemes = list.compactMap(\.stringValue)
            for (index, scheme) in schemes.enumerated() {
                let path = "$.preferredStyleSchemes[\(index)]"
                guard let owner = styleSchemes[scheme] else {
                    add(
                        PassFindings.styleSchemeUnknown, path,
                        scheme == "posterGeneric"
                            ? "posterGeneric is a style key of its own (iOS 27), not a style scheme: Wallet skips it here; put the poster's fields under a top-level posterGeneric key beside the generic one"
                            : "\"\(scheme)\" is not a style scheme Wallet knows (\(styleSchemes.keys.sorted().joined(separator: ", "))); Wallet skips it"
                    )
                    continue
                }
                if let style, owner != style {
                    add(
                        PassFindings.styleSchemeStyle, path,
                        "\(scheme) applies to \(owner) passes only; this pass is a \(style), so Wallet skips it")
                }
            }
        }
        if let upcoming = root["upcomingPassInformation"] {
            if !(schemes.contains("posterEventTicket") && style == "eventTicket") {
                add(
                    PassFindings.upcomingInformation, "$.upcomingPassInformation",
                    "upcomingPassInformation is shown only on poster event tickets (preferredStyleSchemes posterEventTicket); Wallet ignores it here"
                )
            }
            PassUpcomingEvents.check(upcoming, add: add)
        }
    }

    // MARK: iOS 18 keys

    static func recentKeys(_ root: [String: JSONValue], add: (FindingCode, String, String) -> Void) {
        if let text = root["footerBackgroundColor"]?.stringValue {
            PassJSONLint.checkColor(text, key: "footerBackgroundColor", add: add)
        } else if root["footerBackgroundColor"] != nil {
            add(
                PassFindings.type, "$.footerBackgroundColor",
                "footerBackgroundColor must be an rgb(r, g, b) string")
        }
        let semantics = root["semantics"]?.objectValue ?? [:]
        if let info = semantics["eventStartDateInfo"] {
            if let fields = info.objectValue {
                if let date = fields["date"], date.stringValue.flatMap(PassJSONLint.parseDate) == nil {
                    add(
                        PassFindings.date, "$.semantics.eventStartDateInfo.date",
                        "eventStartDateInfo.date must be an ISO 8601 date with a time zone")
                }
                for key in ["ignoreTimeComponents", "unannounced", "undetermined"] {
                    if let value = fields[key], case .bool = value {
                    } else if fields[key] != nil {
                        add(
                            PassFindings.type, "$.semantics.eventStartDateInfo.\(key)",
                            "\(key) must be true or false")
                    }
                }
            } else {
                add(
                    PassFindings.type, "$.semantics.eventStartDateInfo",
                    "eventStartDateInfo must be an object (date, ignoreTimeComponents…)")
            }
        }
    }

    // MARK: iOS 27

    /// Action types Wallet is documented to draw (iOS 27); Apple's Pass Builder keeps `type` a free string.
    static let featuredActionTypes: Set<String> = [
        "viewSchedule", "watchTrailer", "listenToMusic", "call", "place", "addToBalance", "order", "shop", "membershipBenefits",
        "bookAppointment", "bookCar", "bookFlight", "bookStay", "viewOffersRewards",
    ]

    static func featuredActions(_ root: [String: JSONValue], add: (FindingCode, String, String) -> Void) {
        guard let value = root["featuredActions"] else { return }
        guard case .array(let actions) = value, actions.allSatisfy({ $0.objectValue != nil }) else {
            return add(
                PassFindings.featuredActions, "$.featuredActions",
                "featuredActions must be an array of action objects (identifier, type, url)")
        }
        if actions.count > maxFeaturedActions {
            add(
                PassFindings.featuredActionsCount, "$.featuredActions[\(maxFeaturedActions)]",
                "featuredActions has \(actions.count) actions; Wallet shows the first \(maxFeaturedActions)")
        }
        var identifiers: [String: Int] = [:]
        for (index, action) in actions.enumerated() {
            let fields = action.objectValue ?? [:]
            let path = "$.featuredActions[\(index)]"
            for key in ["identifier", "type", "url"] where fields[key]?.stringValue?.isEmpty != false {
                add(PassFindings.featuredActions, "\(path).\(key)", "the action needs \(key), a non-empty string")
            }
            if let identifier = fields["identifier"]?.stringValue, !identifier.isEmpty {
                if let first = identifiers[identifier] {
                    add(
                        PassFindings.featuredActions, "\(path).identifier",
                        "identifier \"\(TerminalText.oneLine(identifier, limit: 40))\" is also action \(first)'s; each action needs its own"
                    )
                } else {
                    identifiers[identifier] = index
                }
            }
            if let type = fields["type"]?.stringValue, !type.isEmpty, !featuredActionTypes.contains(type) {
                add(
                    PassFindings.featuredActionType, "\(path).type",
                    "\"\(TerminalText.oneLine(type, limit: 40))\" is not an action type Wallet draws (\(featuredActionTypes.sorted().joined(separator: ", ")))"
                )
            }
            if let url = fields["url"]?.stringValue, !url.isEmpty, !PassJSONLinkKeys.isLink(url, forKey: "url") {
                add(
                    PassFindings.link, "\(path).url",
                    "the action's url is not an https URL (or a tel: or mailto: link), so its button opens nothing")
            }
        }
        add(PassFindings.featuredActionsIOS27, "$.featuredActions", "featuredActions are shown by iOS 27 and later")
    }
}
