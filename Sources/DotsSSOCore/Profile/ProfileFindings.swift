import DotsSSOBasics

/// The codes `profile` (and `check`'s profile and flags checks) reports about a member's profile document.
package enum ProfileFindings {
    static let notObject = FindingCode(
        "profile.not-object", .error, source: "seed 000 (the profile)",
        """
        The profile endpoint answered JSON that is not an object (an array, a string, null). The app reads the id, \
        names, e-mail, biography and flags as members of one object, so it can read none of them.
        """)
    static let duplicateKey = FindingCode(
        "profile.json.duplicate-key", .warning, source: "RFC 8259 §4",
        """
        A key appears twice in one object of the profile. JSON readers disagree on which copy wins, so the app may \
        see another value than this check did. Send each key once.
        """)
    static let idMissing = FindingCode(
        "profile.id.missing", .error, source: "seed 000 (a unique, immutable id per member)",
        """
        No user id where the channel's mapping looks for it. The Dots keys every member on a unique id that never \
        changes; without one the member cannot sign in. Return it, or point the channel's profileMapping at it.
        """)
    static let idEmpty = FindingCode(
        "profile.id.empty", .error, source: "seed 000 (a unique, immutable id per member)",
        """
        The user id is an empty string, which cannot tell members apart. Return the member's id in the partner's \
        system.
        """)
    static let idEmail = FindingCode(
        "profile.id.email", .error, source: "seed 000 (ids are not e-mail addresses)",
        """
        The user id is an e-mail address. Addresses change and identify a person outside the partner's system, so \
        they must not be ids: return the partner's own account id and send the address as the e-mail.
        """)
    static let idNumber = FindingCode(
        "profile.id.number", .warning, source: "seed 000; RFC 8259 §6 (numbers past 2^53)",
        """
        The user id is a JSON number, not a string. It works while it is small, but JSON readers lose digits past \
        2^53 and two members could collide. Send the id as a string.
        """)
    static let idType = FindingCode(
        "profile.id.type", .error, source: "seed 000 (the id is a string)",
        """
        The user id is neither a string nor a number (an object, an array, a boolean). The app needs a string.
        """)
    static let idChanged = FindingCode(
        "profile.id.changed", .error, source: "seed 000 (ids are immutable)",
        """
        The member signed in before with another id. Ids must never change: the app would treat the member as a \
        new person and lose their history. Return the id the member had.
        """)
    static let emailInvalid = FindingCode(
        "profile.email.invalid", .error, source: "seed 000 (the import); RFC 5321 §4.1.2, §4.5.3.1",
        """
        The e-mail address is not a valid address, so the first signup does not import it and the member types \
        one by hand.
        """)
    static let emailTooLong = FindingCode(
        "profile.email.too-long", .error, source: "seed 000 (e-mail at most 150 bytes)",
        """
        The e-mail address is longer than the 150 bytes The Dots imports, so the first signup leaves it out.
        """)
    static let emailMissing = FindingCode(
        "profile.email.missing", .warning, source: "seed 000 (the import)",
        """
        No e-mail address where the channel's mapping looks for one, so the first signup cannot be pre-filled with it.
        """)
    static let emailType = FindingCode(
        "profile.email.type", .error, source: "seed 000 (the import)",
        "The e-mail address is not a string (a number, an object), so the first signup cannot import it.")
    static let firstNameMissing = FindingCode(
        "profile.first-name.missing", .info, source: "seed 000 (the import)",
        "No first name where the channel's mapping looks for one, so the first signup leaves it for the member to type.")
    static let lastNameMissing = FindingCode(
        "profile.last-name.missing", .info, source: "seed 000 (the import)",
        "No last name where the channel's mapping looks for one, so the first signup leaves it for the member to type.")
    static let firstNameTooLong = FindingCode(
        "profile.first-name.too-long", .error, source: "seed 000 (names at most 100 bytes)",
        "The first name is longer than the 100 bytes (UTF-8) The Dots imports, so the first signup refuses it.")
    static let lastNameTooLong = FindingCode(
        "profile.last-name.too-long", .error, source: "seed 000 (names at most 100 bytes)",
        "The last name is longer than the 100 bytes (UTF-8) The Dots imports, so the first signup refuses it.")
    static let firstNameType = FindingCode(
        "profile.firstName.type", .error, source: "seed 000 (the import)",
        "The first name is not a string (a number, an object), so the first signup cannot import it.")
    static let lastNameType = FindingCode(
        "profile.lastName.type", .error, source: "seed 000 (the import)",
        "The last name is not a string (a number, an object), so the first signup cannot import it.")
    static let biographyType = FindingCode(
        "profile.biography.type", .error, source: "seed 000 (the biography is plain text)",
        "The biography is not a string (a number, an object), so the first signup cannot import it.")
    static let biographyHTMLStripped = FindingCode(
        "profile.biography.html-stripped", .warning, source: "seed 000 (the biography is plain text)",
        """
        The biography contains HTML. The Dots imports plain text only and strips the tags; the finding shows what \
        the member will see. Send plain text.
        """)
    static let biographyMarkup = FindingCode(
        "profile.biography.markup", .warning, source: "seed 000 (the biography is plain text)",
        """
        The biography contains Markdown or BBCode. The app shows plain text and does not strip these marks, so \
        members see them as typed. Send plain text.
        """)
    static let featuresMissing = FindingCode(
        "profile.features.missing", .error, source: "seed 000 (feature flags; canAccessApp)",
        """
        The profile has no feature flags where the channel's mapping looks for them. Without canAccessApp the app \
        logs every member out at launch.
        """)
    static let featuresType = FindingCode(
        "profile.features.type", .error, source: "seed 000 (feature flags)",
        """
        The feature flags are not a JSON object. They must be an object of booleans, one per feature.
        """)
    static let flagNotBoolean = FindingCode(
        "profile.flag.not-boolean", .error, source: "seed 000 (flags are booleans)",
        """
        A flag is not a JSON boolean: the string "true", a number, or a structure. The app reads only true and false \
        without quotes; anything else counts as false, so the feature stays locked.
        """)
    static let flagUndocumented = FindingCode(
        "profile.flag.undocumented", .info, source: "seed 000 (the channel documents each flag)",
        """
        The profile has a flag the channel does not document. Add its purpose under the channel's "flags" if the \
        app should use it.
        """)
    static let flagMissing = FindingCode(
        "profile.flag.missing", .error, source: "seed 000 (canAccessApp; documented flags)",
        """
        A flag the channel documents (or canAccessApp, which every profile needs) is missing from the profile. A \
        missing flag is false: the feature, or the whole app, stays locked for this member.
        """)
    static let flagAppAccessFalse = FindingCode(
        "profile.flag.app-access-false", .warning, source: "seed 000 (the app-launch rule)",
        """
        canAccessApp is false, so the app logs this member out at launch. Right for a member who may not use the \
        app; a support case when they should.
        """)

    /// Every code above, in the order `profile` reports them.
    package static let all: [FindingCode] = [
        notObject, duplicateKey, idMissing, idEmpty, idEmail, idNumber, idType, idChanged, emailInvalid, emailTooLong, emailMissing,
        emailType, firstNameMissing, lastNameMissing, firstNameTooLong, lastNameTooLong, firstNameType, lastNameType, biographyType,
        biographyHTMLStripped, biographyMarkup, featuresMissing, featuresType, flagNotBoolean, flagUndocumented, flagMissing,
        flagAppAccessFalse,
    ]

    /// The code for a profile field that is not a string (the fields the import reads as text).
    static func notString(_ field: ProfileMapping.Field) -> FindingCode {
        switch field {
        case .email: emailType
        case .firstName: firstNameType
        case .lastName: lastNameType
        default: biographyType
        }
    }

    /// Whether a finding is about the feature flags (`check` reports those under its flags check).
    package static func isAboutFlags(_ finding: Finding) -> Bool {
        [featuresMissing, featuresType, flagNotBoolean, flagUndocumented, flagMissing, flagAppAccessFalse].contains {
            $0.code == finding.code
        }
    }
}
