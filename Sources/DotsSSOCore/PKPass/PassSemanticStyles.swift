import DotsSSOBasics
import FoundationEssentials

/// The layouts Wallet draws from a pass's `semantics` rather than its fields: the poster event ticket (iOS 18) and the
/// semantic boarding pass (iOS 26), chosen by `preferredStyleSchemes`. Each needs its semantic tags; without them
/// Wallet draws the classic layout, and Apple's Pass Builder refuses the pass (BoardingPassValidator,
/// EventTicketValidator, SeatValidator). The tags' own types are checked whatever the style, as Apple's tool decodes
/// them (PassSemantics.swift).
enum PassSemanticStyles {
    /// semanticBoardingPass: what Apple's tool requires, and what it recommends.
    static let boardingRequired = [
        "airlineCode", "flightNumber", "originalDepartureDate", "originalBoardingDate", "originalArrivalDate",
        "departureAirportTimeZone", "departureAirportCode", "destinationAirportCode", "passengerName",
    ]
    static let boardingRecommended = ["departureCityName", "destinationCityName", "destinationAirportTimeZone"]
    static let eventTypes: Set<String> = [
        "PKEventTypeGeneric", "PKEventTypeLivePerformance", "PKEventTypeMovie", "PKEventTypeSports", "PKEventTypeConference",
        "PKEventTypeConvention", "PKEventTypeWorkshop", "PKEventTypeSocialGathering",
    ]

    /// Which semantic layout the pass asks for: the first scheme of its style in `preferredStyleSchemes`, as Wallet
    /// takes it, when that is a semantic one.
    static func scheme(_ root: [String: JSONValue], style: String?) -> String? {
        let schemes = root["preferredStyleSchemes"]?.stringArray ?? []
        switch style {
        case "eventTicket":
            return schemes.first { $0 == "posterEventTicket" || $0 == "eventTicket" }.flatMap { $0 == "eventTicket" ? nil : $0 }
        case "boardingPass":
            return schemes.first { $0 == "semanticBoardingPass" || $0 == "boardingPass" }.flatMap { $0 == "boardingPass" ? nil : $0 }
        default: return nil
        }
    }

    static func check(_ root: [String: JSONValue], style: String?, add: (FindingCode, String, String) -> Void) {
        let semantics = root["semantics"]?.objectValue ?? [:]
        if let value = root["semantics"], value.objectValue == nil {
            add(PassFindings.semanticsType, "$.semantics", "semantics must be an object of semantic tags, not \(value.typeDescription)")
        }
        types(semantics, add: add)
        switch scheme(root, style: style) {
        case "semanticBoardingPass": boardingPass(semantics, add: add)
        case "posterEventTicket": posterEventTicket(root, semantics: semantics, add: add)
        default: break
        }
    }

    /// A tag is present when it holds something: a non-empty string, any number, a non-empty array or object.
    static func has(_ semantics: [String: JSONValue], _ key: String) -> Bool {
        switch semantics[key] {
        case .string(let text)?: !text.trimmingWhitespace().isEmpty
        case .array(let list)?: !list.isEmpty
        case .object(let fields)?: !fields.isEmpty
        case .number?, .bool?: true
        case .null?, nil: false
        }
    }

    static func boardingPass(_ semantics: [String: JSONValue], add: (FindingCode, String, String) -> Void) {
        let fallback = "; Wallet draws the classic boarding pass instead, and Apple's Pass Builder refuses the pass"
        for key in boardingRequired where !has(semantics, key) {
            add(PassFindings.semanticBoardingPass, "$.semantics.\(key)", "a semantic boarding pass needs semantics.\(key)\(fallback)")
        }
        for key in boardingRecommended + ["seats"] where !has(semantics, key) {
            add(
                PassFindings.semanticsRecommended, "$.semantics.\(key)",
                "a semantic boarding pass should have semantics.\(key); Wallet leaves its place empty, and Apple's Pass Builder warns")
        }
    }

    static func posterEventTicket(_ root: [String: JSONValue], semantics: [String: JSONValue], add: (FindingCode, String, String) -> Void) {
        let fallback = "; without it Wallet draws the older event ticket, and Apple's Pass Builder refuses the pass"
        for key in ["eventName", "venueName"] where !has(semantics, key) {
            add(PassFindings.posterSemantics, "$.semantics.\(key)", "a poster event ticket needs semantics.\(key)\(fallback)")
        }
        switch semantics["eventType"]?.stringValue {
        case "PKEventTypeSports":
            for key in ["homeTeamAbbreviation", "awayTeamAbbreviation"] where !has(semantics, key) {
                add(
                    PassFindings.posterSemantics, "$.semantics.\(key)",
                    "a poster ticket for a sports event needs semantics.\(key)\(fallback)")
            }
        case "PKEventTypeLivePerformance":
            if !has(semantics, "performerNames") {
                add(
                    PassFindings.posterSemantics, "$.semantics.performerNames",
                    "a poster ticket for a live performance needs semantics.performerNames\(fallback)")
            }
            if !has(semantics, "artistIDs") {
                add(
                    PassFindings.semanticsRecommended, "$.semantics.artistIDs",
                    "a poster ticket for a live performance should have semantics.artistIDs (Apple Music artist ids) for its music links; Apple's Pass Builder warns"
                )
            }
        default:
            break
        }
        if !has(semantics, "eventStartDate") {
            add(
                PassFindings.semanticsRecommended, "$.semantics.eventStartDate",
                "a poster event ticket should have semantics.eventStartDate; without it Wallet shows no date on the poster, and Apple's Pass Builder warns"
            )
        } else if let start = semantics["eventStartDate"]?.stringValue.flatMap(PassJSONLint.parseDate),
            let end = semantics["eventEndDate"]?.stringValue.flatMap(PassJSONLint.parseDate), start > end
        {
            add(
                PassFindings.semanticsRecommended, "$.semantics.eventEndDate",
                "semantics.eventEndDate is before eventStartDate; Wallet shows the event as over before it starts")
        }
        if !has(semantics, "seats") {
            add(
                PassFindings.semanticsRecommended, "$.semantics.seats",
                "a poster event ticket should have semantics.seats; Wallet shows no seat on the poster, and Apple's Pass Builder warns")
        }
        entry(root, add: add)
    }

    /// How a poster ticket lets its holder in, by iOS version. Apple's Pass Builder requires `nfc` with
    /// `requiresAuthentication`; Wallet before iOS 27 draws the poster only for an NFC ticket; Apple's WWDC26 session
    /// says iOS 27 draws it for a ticket that carries a barcode instead.
    static func entry(_ root: [String: JSONValue], add: (FindingCode, String, String) -> Void) {
        let hasBarcode = (root["barcodes"]?.arrayValue?.isEmpty == false) || root["barcode"]?.objectValue != nil
        guard let nfc = root["nfc"]?.objectValue else {
            if hasBarcode {
                add(
                    PassFindings.posterNFC, "$.nfc",
                    "the poster ticket has a barcode but no nfc: iOS 27 draws the poster with the barcode alone, iOS 18 to 26 draw the older event ticket, and Apple's Pass Builder refuses the pass without nfc"
                )
            } else {
                add(
                    PassFindings.posterEntry, "$.nfc",
                    "the poster ticket has neither nfc nor a barcode, so no Wallet can admit its holder and none draws the poster")
            }
            return
        }
        if nfc["requiresAuthentication"]?.boolValue == nil {
            add(
                PassFindings.posterNFC, "$.nfc.requiresAuthentication",
                "the poster ticket's nfc has no requiresAuthentication: Wallet reads it as false (the ticket works without Face ID or Touch ID), but Apple's Pass Builder requires the key"
            )
        }
    }

    /// The semantic tags' types as Apple's tool decodes them: a wrong type makes it refuse the pass, and Wallet ignores
    /// the tag.
    static func types(_ semantics: [String: JSONValue], add: (FindingCode, String, String) -> Void) {
        func wrong(_ key: String, _ expected: String) {
            add(
                PassFindings.semanticsType, "$.semantics.\(key)",
                "semantics.\(key) must be \(expected), not \(PassJSONLint.shown(semantics[key] ?? .null))")
        }
        for (key, value) in semantics.sorted(by: { $0.key < $1.key }) {
            if key.hasSuffix("Date"), key != "eventStartDateInfo" {
                if value.stringValue.flatMap(PassJSONLint.parseDate) == nil {
                    add(
                        PassFindings.date, "$.semantics.\(key)",
                        "semantics.\(key) must be an ISO 8601 date with a time and a ±HH:MM or Z zone (e.g. 2026-11-21T18:30:00+01:00)")
                }
            } else if key.hasSuffix("IDs") || key.hasSuffix("Names") || key.hasSuffix("SSRs") || key.hasSuffix("Programs")
                || key == "passengerCapabilities"
            {
                if value.stringArray == nil { wrong(key, "an array of strings") }
            }
        }
        if let value = semantics["flightNumber"], !(value.numberValue.map { $0 == $0.rounded() && $0 >= 0 } ?? false) {
            wrong("flightNumber", "a whole number (the airline code goes in airlineCode)")
        }
        if let value = semantics["eventType"], !(value.stringValue.map(eventTypes.contains) ?? false) {
            wrong("eventType", "one of \(eventTypes.sorted().joined(separator: ", "))")
        }
        for key in ["tailgatingAllowed", "internationalDocumentsAreVerified", "silenceRequested"] {
            if let value = semantics[key], value.boolValue == nil { wrong(key, "true or false") }
        }
        if let value = semantics["passengerName"], value.objectValue == nil {
            wrong("passengerName", "an object of name parts (givenName, familyName…)")
        }
        if let value = semantics["seats"], !(value.arrayValue?.allSatisfy { $0.objectValue != nil } ?? false) {
            wrong("seats", "an array of seat objects (seatSection, seatRow, seatNumber…)")
        }
        for key in ["duration"] {
            if let value = semantics[key], !(value.numberValue.map { $0 == $0.rounded() && $0 >= 0 } ?? false) {
                wrong(key, "a whole number of seconds")
            }
        }
    }

    /// The poster event ticket's picture: Apple's Pass Builder requires an artwork or a background image.
    static func imageFindings(_ root: [String: JSONValue], files: [String: Data], file: String) -> [Finding] {
        let style = PassJSONLint.styles.filter { root[$0] != nil }
        guard style.count == 1, scheme(root, style: style.first) == "posterEventTicket" else { return [] }
        let names = Set(files.keys.map { PassImages.parse($0).name })
        guard names.isDisjoint(with: ["artwork", "background"]) else { return [] }
        return [
            Finding(
                PassFindings.posterArtwork, at: FindingLocation(file: file, path: "artwork.png"),
                "a poster event ticket needs an artwork (358×448 points) or background image; Wallet has no poster to draw, and Apple's Pass Builder refuses the pass"
            )
        ]
    }
}
