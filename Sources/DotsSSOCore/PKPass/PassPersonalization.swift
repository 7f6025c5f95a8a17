import DotsSSOBasics
import FoundationEssentials

/// `personalization.json`: a rewards-card pass that asks its holder to enrol when it is added (Wallet Developer
/// Guide, "Rewards Enrollment"). Wallet shows a sign-up form from it, posts the answers to the pass's web service, and
/// replaces the pass with the personalised one; that needs a `personalizationLogo`, an NFC reward card and a web
/// service to post to.
enum PassPersonalization {
    static let fields: Set<String> = [
        "PKPassPersonalizationFieldName", "PKPassPersonalizationFieldPostalCode", "PKPassPersonalizationFieldEmailAddress",
        "PKPassPersonalizationFieldPhoneNumber",
    ]

    static func check(_ files: [String: Data], pass: [String: JSONValue]?, file: String) -> [Finding] {
        guard let data = files["personalization.json"] else { return [] }
        var findings: [Finding] = []
        func add(_ code: FindingCode, _ path: String, _ message: String) {
            findings.append(Finding(code, at: FindingLocation(file: file, path: path), message))
        }
        guard let document = try? CompactJSON(data), case .object(let root) = JSONValue(document) else {
            add(PassFindings.personalizationInvalid, "personalization.json", "personalization.json is not a JSON object")
            return findings
        }
        if root["description"]?.stringValue?.isEmpty != false {
            add(
                PassFindings.personalizationInvalid, "personalization.json $.description",
                "personalization.json needs description, the text of the sign-up form")
        }
        let requested = root["requiredPersonalizationFields"]?.stringArray ?? []
        if requested.isEmpty || !requested.allSatisfy(fields.contains) {
            add(
                PassFindings.personalizationInvalid, "personalization.json $.requiredPersonalizationFields",
                "requiredPersonalizationFields must be a non-empty list of \(fields.sorted().joined(separator: ", "))")
        }
        if let terms = root["termsAndConditions"], terms.stringValue == nil {
            add(
                PassFindings.personalizationInvalid, "personalization.json $.termsAndConditions",
                "termsAndConditions must be a string, not \(terms.typeDescription)")
        }
        if !files.keys.contains(where: { PassImages.parse($0).name == "personalizationLogo" }) {
            add(
                PassFindings.personalizationRequires, "personalizationLogo.png",
                "a personalizable pass needs personalizationLogo.png (150×40 points), the logo of the sign-up form")
        }
        if let pass {
            if pass["nfc"] == nil {
                add(
                    PassFindings.personalizationRequires, "pass.json $.nfc",
                    "rewards enrolment is offered only on NFC reward cards; without nfc Wallet ignores personalization.json")
            }
            if pass["webServiceURL"]?.stringValue == nil {
                add(
                    PassFindings.personalizationRequires, "pass.json $.webServiceURL",
                    "a personalizable pass needs webServiceURL: Wallet posts the sign-up to its personalize endpoint")
            }
        }
        return findings
    }
}
