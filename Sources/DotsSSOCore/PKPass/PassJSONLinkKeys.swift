import DotsSSOBasics
import FoundationEssentials

/// The buttons Wallet draws from link and contact keys: iOS 18's Event Guide on a poster event ticket (and in each
/// upcoming event's `urls`), iOS 26's on a semantic boarding pass. Each is a string (Apple's Pass Builder refuses any
/// other type); a link that is not https, or an email address without an @, draws a button that opens nothing.
enum PassJSONLinkKeys {
    /// iOS 18's Event Guide keys (Pass.swift and UpcomingPassInformationEntry+URLs.swift in Apple's Pass Builder).
    static let eventGuide: Set<String> = [
        "accessibilityURL", "addOnURL", "bagPolicyURL", "contactVenueEmail", "contactVenuePhoneNumber", "contactVenueWebsite",
        "directionsInformationURL", "merchandiseURL", "orderFoodURL", "parkingInformationURL", "purchaseParkingURL", "sellURL",
        "transferURL", "transitInformationURL",
    ]
    /// iOS 26's semantic boarding pass keys.
    static let boarding: Set<String> = [
        "changeSeatURL", "entertainmentURL", "purchaseAdditionalBaggageURL", "purchaseLoungeAccessURL", "purchaseWifiURL",
        "upgradeURL", "managementURL", "registerServiceAnimalURL", "reportLostBagURL", "requestWheelchairURL",
        "transitProviderEmail", "transitProviderPhoneNumber", "transitProviderWebsiteURL",
    ]
    /// Both, in the order findings name them (made once: sorting them for every pass was a third of this check).
    static let allKeys = eventGuide.union(boarding).sorted()

    static func check(_ root: [String: JSONValue], style: String?, add: (FindingCode, String, String) -> Void) {
        let scheme = PassSemanticStyles.scheme(root, style: style)
        // The pass's own keys looked up among the link keys (a dozen hashes), not each link key in the pass (27).
        let present = root.keys.filter { eventGuide.contains($0) || boarding.contains($0) }
        for key in allKeys where present.contains(key) {
            guard let value = root[key] else { continue }
            guard checkValue(value, key: key, path: "$.\(key)", add: add) else { continue }
            let shownOn = eventGuide.contains(key) ? "posterEventTicket" : "semanticBoardingPass"
            if scheme != shownOn {
                add(
                    PassFindings.linkUnshown, "$.\(key)",
                    "\(key) is drawn only on a \(shownOn == "posterEventTicket" ? "poster event ticket (iOS 18)" : "semantic boarding pass (iOS 26)"); Wallet ignores it here"
                )
            }
        }
        if let value = root["eventLogoText"], value.stringValue == nil {
            add(PassFindings.type, "$.eventLogoText", "eventLogoText must be a string, not \(value.typeDescription)")
        }
    }

    /// One link or contact value; false when it is not a string (already reported).
    @discardableResult
    static func checkValue(_ value: JSONValue, key: String, path: String, add: (FindingCode, String, String) -> Void) -> Bool {
        guard let text = value.stringValue else {
            add(PassFindings.type, path, "\(key) must be a string, not \(value.typeDescription)")
            return false
        }
        if !isLink(text, forKey: key) {
            let expected =
                key.hasSuffix("Email") ? "an email address" : key.hasSuffix("PhoneNumber") ? "a phone number" : "an https URL"
            add(PassFindings.link, path, "\(key) \(PassJSONLint.shown(value)) is not \(expected), so Wallet's button for it opens nothing")
        }
        return true
    }

    /// An https URL with a host (or, for `url` and website keys, a tel: or mailto: link); an email with an @; a phone
    /// number with a digit.
    static func isLink(_ text: String, forKey key: String) -> Bool {
        if key.hasSuffix("Email") {
            let parts = text.split(separator: "@", omittingEmptySubsequences: false)
            return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")
        }
        if key.hasSuffix("PhoneNumber") { return text.contains(where: \.isNumber) }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else { return false }
        if key == "url", ["tel", "mailto"].contains(scheme) { return true }
        return scheme == "https" && url.host?.isEmpty == false
    }
}
