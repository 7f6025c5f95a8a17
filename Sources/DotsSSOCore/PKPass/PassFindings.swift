import DotsSSOBasics

/// The codes `pkpass inspect`, `passes fetch` and `pkpass preview` report about a pass: its files, manifest,
/// signature and certificates, pass.json and images. The zip container's own codes are `ArchiveFindings`'.
package enum PassFindings {
    private static let wallet = "Apple, Wallet Developer Guide and PassKit Package Format Reference"
    /// Apple's own pass tooling (apple/pass-builder, 2026): its image slots and validators.
    static let passBuilder = "Apple Pass Builder (PassPackage.swift image slots)"
    private static let passJSON = "Apple, PassKit Package Format Reference (pass.json)"
    private static let recent = "Apple, Wallet pass.json changes in iOS 18–27"

    // MARK: files and manifest
    static let fileUnreadable = FindingCode(
        "pkpass.file.unreadable", .error, source: "dots-sso",
        "The pass folder (an unsigned pass model) cannot be read: it is missing or not readable.")
    static let modelUnsigned = FindingCode(
        "pkpass.model.unsigned", .info, source: wallet,
        "The input is an unsigned pass folder. Its pass.json and images are checked; the manifest and signature are checked once it is signed into a .pkpass."
    )
    static let passJSONMissing = FindingCode(
        "pkpass.pass-json.missing", .error, source: wallet,
        "The pass has no pass.json at the archive root. Often the folder itself was zipped instead of its contents; zip the contents.")
    static let manifestMissing = FindingCode(
        "pkpass.manifest.missing", .error, source: wallet,
        "The pass has no manifest.json at the archive root, so Wallet cannot verify any of its files.")
    static let manifestMalformed = FindingCode(
        "pkpass.manifest.malformed", .error, source: wallet, "manifest.json is not a JSON object of file name to SHA-1 hex digest.")
    static let manifestMissingFile = FindingCode(
        "pkpass.manifest.missing-file", .error, source: wallet,
        "manifest.json lists a file the archive does not hold; Wallet rejects the pass.")
    static let manifestHashMismatch = FindingCode(
        "pkpass.manifest.hash-mismatch", .error, source: wallet,
        "A file's SHA-1 differs from the one manifest.json gives: the file changed after signing, so Wallet rejects the pass. Re-sign it.")
    static let manifestUnlisted = FindingCode(
        "pkpass.manifest.unlisted", .error, source: wallet,
        "A file is in the archive but not in manifest.json (other than manifest.json and signature); Wallet rejects the pass.")

    // MARK: signature and certificates
    static let signatureMissing = FindingCode(
        "pkpass.signature.missing", .error, source: wallet, "The pass has no signature file; Wallet accepts only signed passes.")
    static let signatureUnparseable = FindingCode(
        "pkpass.signature.unparseable", .error, source: "RFC 5652 (CMS); \(wallet)",
        "The signature file is not a DER-encoded PKCS#7/CMS structure.")
    static let signatureNoSignerCertificate = FindingCode(
        "pkpass.signature.no-signer-certificate", .error, source: "RFC 5652 §5.1; \(wallet)",
        "The signature does not include the signer's certificate, so nothing can be verified.")
    static let signatureInvalid = FindingCode(
        "pkpass.signature.invalid", .error, source: "RFC 5652 §5.6; \(wallet)",
        "The signature does not verify over manifest.json: the manifest changed after signing, or the signature belongs to another pass.")
    static let signatureNoSigningTime = FindingCode(
        "pkpass.signature.no-signing-time", .error, source: "RFC 5652 §11.3; \(wallet)",
        "The signature has no signing-time attribute, which Wallet needs. Sign with openssl smime/cms without -noattr, or with signpass.")
    static let signatureSHA1 = FindingCode(
        "pkpass.signature.sha1", .info, source: wallet, "The signature uses a SHA-1 digest, as older passes do; new ones use SHA-256.")
    static let certificateChain = FindingCode(
        "pkpass.certificate.chain", .error, source: "RFC 5280 §6; \(wallet)",
        "The signing certificate does not chain to a trusted root (Apple Root CA, or \(CLIFlag.trust) and the channel's passes.trust): an intermediate is not bundled, the root is not trusted, or the signer signed itself. The message says which."
    )
    static let certificateExpired = FindingCode(
        "pkpass.certificate.expired", .error, source: "RFC 5280 §4.1.2.5; \(wallet)",
        "A certificate of the chain had expired when the pass was signed, or has expired since. Wallet refuses new passes signed with it: re-sign with a current certificate."
    )
    static let certificateNotYetValid = FindingCode(
        "pkpass.certificate.not-yet-valid", .error, source: "RFC 5280 §4.1.2.5; \(wallet)",
        "A certificate of the chain was not yet valid when the pass was signed (or is not yet valid now).")
    static let certificatePassTypeMismatch = FindingCode(
        "pkpass.certificate.pass-type-mismatch", .error, source: wallet,
        "The signing certificate is for another pass type identifier than pass.json's passTypeIdentifier; Wallet rejects the pass.")
    static let certificateTeamMismatch = FindingCode(
        "pkpass.certificate.team-mismatch", .error, source: wallet,
        "The signing certificate belongs to another team than pass.json's teamIdentifier; Wallet rejects the pass.")
    static let certificateExtensionMismatch = FindingCode(
        "pkpass.certificate.extension-mismatch", .error, source: "Apple Pass Type ID certificates (OID 1.2.840.113635.100.6.1.16)",
        "The certificate's pass type extension names another identifier than passTypeIdentifier.")
    static let certificateWWDRG1 = FindingCode(
        "pkpass.certificate.wwdr-g1", .warning, source: "Apple, WWDR intermediate certificates",
        "The signature bundles the first-generation WWDR intermediate, which expired in 2023. Sign with the current one (G4).")
    static let certificateWWDRGeneration = FindingCode(
        "pkpass.certificate.wwdr-generation", .error, source: "Apple, WWDR intermediate certificates (G4 since 27 January 2022)",
        "The signing certificate was issued after 27 January 2022, so Wallet needs the WWDR G4 intermediate, but the signature bundles another generation."
    )

    // MARK: pass.json
    static let passJSONInvalid = FindingCode(
        "pkpass.pass-json.invalid", .error, source: passJSON, "pass.json is not JSON; the finding gives the position.")
    static let passJSONNonStrict = FindingCode(
        "pkpass.pass-json.non-strict", .warning, source: "\(passJSON); RFC 8259",
        "pass.json is not strict JSON (a trailing comma, a comment). Wallet tolerates it; other tools may not.")
    static let passJSONByteOrderMark = FindingCode(
        "pkpass.pass-json.byte-order-mark", .warning, source: "RFC 8259 §8.1; \(passBuilder) (Foundation's JSONDecoder)",
        "pass.json starts with a UTF-8 byte-order mark. Apple's tools read past it; strict JSON parsers refuse it.")
    static let passJSONDuplicateKey = FindingCode(
        "pkpass.pass-json.duplicate-key", .error, source: "RFC 8259 §4",
        "A key appears twice in one object. JSON readers disagree on which value counts, so the pass may show one and be checked on the other."
    )
    static let passJSONNotObject = FindingCode(
        "pkpass.pass-json.not-object", .error, source: passJSON,
        "pass.json is JSON but not an object (an array, a string), so Wallet reads nothing from it.")
    static let formatVersion = FindingCode(
        "pkpass.pass-json.format-version", .error, source: passJSON, "formatVersion is missing or not the number 1.")
    static let required = FindingCode(
        "pkpass.pass-json.required", .error, source: passJSON,
        "A required key is missing: description, organizationName, passTypeIdentifier, serialNumber or teamIdentifier.")
    static let type = FindingCode(
        "pkpass.pass-json.type", .error, source: passJSON,
        "A key has the wrong JSON type (a number where a string belongs, a string where a boolean does).")
    static let style = FindingCode(
        "pkpass.pass-json.style", .error, source: passJSON,
        "The pass must have exactly one style key (boardingPass, coupon, eventTicket, generic or storeCard), and it must be an object.")
    static let fieldsType = FindingCode(
        "pkpass.pass-json.fields-type", .error, source: passJSON, "A field group (headerFields, primaryFields…) is not an array of fields.")
    static let fieldKey = FindingCode(
        "pkpass.pass-json.field-key", .error, source: passJSON,
        "A field has no string key; Wallet needs one to tell fields apart and to update them.")
    static let fieldKeyDuplicate = FindingCode(
        "pkpass.pass-json.field-key-duplicate", .error, source: passJSON,
        "Two fields share a key; keys must be unique across the whole pass.")
    static let fieldValue = FindingCode(
        "pkpass.pass-json.field-value", .error, source: passJSON,
        "A field has no value, so Wallet shows an empty field or rejects the pass.")
    static let fieldStyle = FindingCode(
        "pkpass.pass-json.field-style", .error,
        source: "\(passJSON); \(passBuilder) (the PKDateStyle, PKNumberStyle, PKTextAlignment and PKDataDetectorType enumerations)",
        """
        A field's dateStyle, timeStyle, numberStyle, textAlignment or dataDetectorTypes is not a value Apple defines. \
        Apple's Pass Builder refuses the pass; Wallet ignores the key and shows the value unformatted.
        """)
    static let fieldFormatConflict = FindingCode(
        "pkpass.pass-json.field-format-conflict", .warning,
        source: "\(passBuilder) (PassFixits: fields containing conflicting keys; FieldFormattingValidator)",
        """
        A field's formatting does not fit its value: dateStyle, timeStyle, isRelative or ignoresTimeZone on a value that \
        is not a date, numberStyle on one that is not a number, a blank currencyCode, or a currencyCode beside a \
        numberStyle. Wallet ignores the formatting.
        """,
        fix: "remove the formatting keys that do not fit the value (Apple's Pass Builder removes them when it opens the pass)")
    static let footerFields = FindingCode(
        "pkpass.pass-json.footer-fields", .warning, source: "\(recent) (WWDC26 \"What's new in Wallet\")",
        "footerFields are drawn only on a posterGeneric pass (iOS 27), and only its first footer field; the rest are ignored.")
    static let posterGenericFallback = FindingCode(
        "pkpass.pass-json.poster-generic-fallback", .warning, source: "\(recent) (WWDC26 \"What's new in Wallet\")",
        """
        The pass has only the posterGeneric style key, which iOS 27 and later draw. iOS 26 and earlier cannot add the \
        pass: Apple recommends a generic key with the same fields beside it.
        """)
    static let posterGenericIOS27 = FindingCode(
        "pkpass.pass-json.poster-generic-ios27", .info, source: recent,
        "posterGeneric is drawn by iOS 27 and later; older iOS shows the classic style key beside it.")
    static let semanticBoardingPass = FindingCode(
        "pkpass.pass-json.semantic-boarding-pass", .error, source: "\(recent); \(passBuilder) (BoardingPassValidator)",
        """
        A boarding pass that prefers semanticBoardingPass (iOS 26) lacks a semantic tag the layout needs: airlineCode, \
        flightNumber, originalDepartureDate, originalBoardingDate, originalArrivalDate, departureAirportTimeZone, \
        departureAirportCode, destinationAirportCode or passengerName. Wallet draws the classic boarding pass instead, \
        and Apple's Pass Builder refuses the pass.
        """)
    static let semanticsRecommended = FindingCode(
        "pkpass.pass-json.semantics-recommended", .warning,
        source: "\(passBuilder) (BoardingPassValidator, EventTicketValidator, SeatValidator)",
        """
        A semantic layout lacks a tag Apple recommends: the city names and destination time zone of a semantic boarding \
        pass, the seats of either layout, a poster ticket's eventStartDate (or an end before its start), a live \
        performance's artistIDs. Wallet leaves the place empty.
        """)
    static let semanticsType = FindingCode(
        "pkpass.pass-json.semantics-type", .error, source: "\(passJSON) (SemanticTags); \(passBuilder) (PassSemantics.swift)",
        """
        A semantic tag has the wrong type or value (an eventType Apple does not define, a flightNumber that is not a \
        whole number, a list that is not of strings). Apple's Pass Builder refuses the pass; Wallet ignores the tag.
        """)
    static let posterNFC = FindingCode(
        "pkpass.pass-json.poster-nfc", .warning,
        source: "\(passBuilder) (EventTicketValidator); \(recent); WWDC26 \"What's new in Wallet\"",
        """
        How a poster event ticket admits its holder differs by iOS version: iOS 18 to 26 draw the poster only for an \
        NFC ticket, iOS 27 also for one with a barcode, and Apple's Pass Builder requires nfc with \
        requiresAuthentication whatever the version. A ticket with neither nfc nor a barcode admits no one.
        """)
    static let posterEntry = FindingCode(
        "pkpass.pass-json.poster-entry", .error, source: "\(passBuilder) (EventTicketValidator); \(recent)",
        "A poster event ticket has neither nfc nor a barcode, so no Wallet can admit its holder and none draws the poster.")
    static let transitType = FindingCode(
        "pkpass.pass-json.transit-type", .error, source: passJSON, "A boarding pass needs transitType (air, boat, bus, generic or train).")
    static let barcodeMessage = FindingCode(
        "pkpass.pass-json.barcode-message", .error, source: passJSON, "A barcode has no message string to encode, so Wallet cannot draw it."
    )
    static let barcodeEncoding = FindingCode(
        "pkpass.pass-json.barcode-encoding", .error, source: passJSON, "A barcode has no messageEncoding (e.g. iso-8859-1).")
    static let barcodeFormat = FindingCode(
        "pkpass.pass-json.barcode-format", .error, source: "\(passJSON); \(recent)",
        "A barcode format is not one Wallet knows, or one new in iOS 27 is put in the legacy barcode key, which only iOS before 9 reads.")
    static let barcodeLegacy = FindingCode(
        "pkpass.pass-json.barcode-legacy", .info, source: "\(passJSON); \(passBuilder) (PassFixits: deprecated barcodes)",
        "The pass uses the barcode key, deprecated since iOS 9, which reads it only when barcodes is absent.",
        fix: "move the barcode into the barcodes array (Apple's Pass Builder moves it when it opens the pass)")
    static let barcodeUnencodable = FindingCode(
        "pkpass.pass-json.barcode-unencodable", .error, source: "\(recent); ISO/IEC 15420 (EAN-13), 16388 (Code 39), 16390 (ITF)",
        """
        The message cannot be drawn in the barcode's format: EAN-13 takes 12 digits (or 13 with a correct check digit), \
        Code 39 digits, capital letters and - . $ / + % and space, Codabar digits and - $ : / . +, interleaved 2 of 5 \
        digits. Wallet draws no barcode.
        """)
    static let barcodeFormatIOS27 = FindingCode(
        "pkpass.pass-json.barcode-format-ios27", .info, source: recent,
        "The barcode uses a format new in iOS 27 (Code 39, Codabar, EAN-13, ITF). Older iOS skips it for the next barcode in barcodes.")
    static let barcodeFallback = FindingCode(
        "pkpass.pass-json.barcode-fallback", .warning, source: recent,
        "Every barcode is a format new in iOS 27, so older iOS shows none. Add a QR, PDF417, Aztec or Code 128 barcode after them.")
    static let color = FindingCode(
        "pkpass.pass-json.color", .error, source: passJSON, "A colour is not rgb(r, g, b) with components from 0 to 255.")
    static let colorHex = FindingCode(
        "pkpass.pass-json.color-hex", .warning, source: passJSON,
        "A colour is written in hex (#RRGGBB or #RGB). Wallet documents rgb(r, g, b); newer iOS versions and Apple's Pass Builder read hex."
    )
    static let webServiceHTTPS = FindingCode(
        "pkpass.pass-json.web-service-https", .error, source: "Apple, Wallet web service reference",
        "webServiceURL is not https; Wallet registers for updates over https only.")
    static let authenticationToken = FindingCode(
        "pkpass.pass-json.authentication-token", .error, source: "Apple, Wallet web service reference",
        "A pass with a webServiceURL needs an authenticationToken of at least 16 characters.")
    static let locations = FindingCode(
        "pkpass.pass-json.locations", .error, source: passJSON, "locations must be objects with numeric latitude and longitude.")
    static let beacons = FindingCode(
        "pkpass.pass-json.beacons", .error, source: "\(passJSON); \(passBuilder) (Pass+Beacon.swift: UInt16 major and minor)",
        "beacons must be objects with a proximityUUID, and a major or minor a whole number from 0 to 65535.")
    static let maxDistance = FindingCode(
        "pkpass.pass-json.max-distance", .error, source: "\(passJSON); \(passBuilder) (PassDistance.swift)",
        "maxDistance must be a positive number of meters; anything else is ignored and Wallet uses its default.")
    static let nfc = FindingCode(
        "pkpass.pass-json.nfc", .error, source: "\(passJSON) (nfc)", "nfc must be an object with message and encryptionPublicKey.")
    static let nfcMessage = FindingCode(
        "pkpass.pass-json.nfc-message", .error, source: "\(passJSON) (nfc)", "nfc.message is missing, not a string, or empty.")
    static let nfcMessageLength = FindingCode(
        "pkpass.pass-json.nfc-message-length", .warning, source: "\(passJSON) (nfc)",
        "nfc.message is longer than 64 bytes; Wallet sends only the first 64, so the terminal receives a cut message.")
    static let nfcKey = FindingCode(
        "pkpass.pass-json.nfc-key", .error, source: "\(passJSON) (nfc); SEC 1 (P-256 keys)",
        "nfc.encryptionPublicKey is missing or is not a base64 P-256 public key.")
    static let date = FindingCode(
        "pkpass.pass-json.date", .error, source: "\(passJSON); ISO 8601",
        "A date is not a complete ISO 8601 date with a time and a time zone (e.g. 2026-11-21T18:30:00+01:00).")
    static let relevantDateDeprecated = FindingCode(
        "pkpass.pass-json.relevant-date-deprecated", .warning, source: recent,
        "relevantDate is deprecated since iOS 18, which reads only relevantDates. Give relevantDates (dates or intervals) as well.")
    static let relevantDateLegacy = FindingCode(
        "pkpass.pass-json.relevant-date-legacy", .info, source: recent,
        "relevantDate is read only before iOS 18; iOS 18 and later read relevantDates.")
    static let relevantDates = FindingCode(
        "pkpass.pass-json.relevant-dates", .error, source: recent,
        "relevantDates is not an array of {date} or {startDate, endDate} objects.")
    static let relevantDatesSpelling = FindingCode(
        "pkpass.pass-json.relevant-dates-spelling", .info, source: recent,
        "Which iOS reads the entries' spelling: iOS 26 renamed an entry's relevantDate to date; iOS 18 to 25 read relevantDate. Give both for both."
    )
    static let relevantInterval = FindingCode(
        "pkpass.pass-json.relevant-interval", .error, source: recent,
        "A relevantDates interval ends before it starts, or lasts more than 24 hours.")
    static let styleSchemes = FindingCode(
        "pkpass.pass-json.style-schemes", .error, source: recent, "preferredStyleSchemes is not an array of strings.")
    static let styleSchemeUnknown = FindingCode(
        "pkpass.pass-json.style-scheme-unknown", .warning, source: recent,
        "A preferred style scheme is not one Wallet knows (posterGeneric is a style key of its own, not a scheme). Wallet skips it.")
    static let styleSchemeStyle = FindingCode(
        "pkpass.pass-json.style-scheme-style", .warning, source: recent,
        "A style scheme does not belong to the pass's style (posterEventTicket and eventTicket are for event tickets; semanticBoardingPass and boardingPass for boarding passes)."
    )
    static let posterSemantics = FindingCode(
        "pkpass.pass-json.poster-semantics", .error, source: "\(recent); \(passBuilder) (EventTicketValidator)",
        """
        A poster event ticket lacks the semantics it needs: eventName and venueName, both team abbreviations for a \
        sports event, performerNames for a live performance. Wallet draws the older event ticket, and Apple's Pass \
        Builder refuses the pass.
        """)
    static let upcomingInformation = FindingCode(
        "pkpass.pass-json.upcoming-information", .warning, source: recent,
        "upcomingPassInformation is shown only on poster event tickets; Wallet ignores it on this pass.")
    static let upcomingEntries = FindingCode(
        "pkpass.pass-json.upcoming-entries", .error,
        source: "\(passJSON) (UpcomingPassInformationEntry); \(passBuilder) (UpcomingPassInformationEntry*.swift)",
        """
        An upcomingPassInformation entry is malformed: not an array of entries, an entry without its identifier (unique), \
        name or type "event", a date that does not parse, or an image URL entry without an https url, a SHA-256 hash, \
        or a size within 2 MB.
        """)
    static let featuredActions = FindingCode(
        "pkpass.pass-json.featured-actions", .error, source: "\(recent); \(passBuilder) (Pass+Action.swift)",
        "featuredActions is not an array of action objects, or an action lacks its identifier (unique), type or url.")
    static let featuredActionsCount = FindingCode(
        "pkpass.pass-json.featured-actions-count", .warning, source: "\(recent) (WWDC26 \"What's new in Wallet\")",
        "featuredActions has more than two actions; Wallet shows the first two, in the order given.")
    static let featuredActionType = FindingCode(
        "pkpass.pass-json.featured-action-type", .warning, source: recent,
        "A featured action's type is not one Wallet is documented to draw; Wallet shows no action for it.")
    static let link = FindingCode(
        "pkpass.pass-json.link", .warning, source: "\(passJSON) (Event Guide and boarding pass links, iOS 18 and 26)",
        "A link key (bagPolicyURL, changeSeatURL, managementURL…) is not an https URL, or a contact key does not look like an email address; Wallet shows no working button for it."
    )
    static let linkUnshown = FindingCode(
        "pkpass.pass-json.link-unshown", .info, source: "\(passJSON) (Event Guide and boarding pass links, iOS 18 and 26)",
        "A link key is drawn only on another layout (the Event Guide keys on poster event tickets, the boarding keys on semantic boarding passes); Wallet ignores it here."
    )
    static let featuredActionsIOS27 = FindingCode(
        "pkpass.pass-json.featured-actions-ios27", .info, source: recent, "featuredActions are shown by iOS 27 and later.")
    static let stringsInvalid = FindingCode(
        "pkpass.strings.invalid", .error, source: "Apple, .strings file format",
        "A localisation's pass.strings cannot be read; Wallet shows untranslated text for that language.")

    // MARK: images
    static let posterArtwork = FindingCode(
        "pkpass.image.poster-artwork", .error, source: "\(passBuilder) (EventTicketValidator); \(recent)",
        "A poster event ticket has neither an artwork nor a background image, so there is no poster to draw; Apple's Pass Builder refuses the pass."
    )
    static let personalizationInvalid = FindingCode(
        "pkpass.personalization.invalid", .error, source: "Apple, Wallet Developer Guide (Rewards Enrollment)",
        """
        personalization.json is not what Wallet reads: a JSON object with a description, requiredPersonalizationFields \
        (a non-empty list of PKPassPersonalizationFieldName, PostalCode, EmailAddress, PhoneNumber) and an optional \
        termsAndConditions string. Wallet shows no sign-up form.
        """)
    static let personalizationRequires = FindingCode(
        "pkpass.personalization.requires", .error, source: "Apple, Wallet Developer Guide (Rewards Enrollment)",
        """
        A personalizable pass lacks what rewards enrolment needs: a personalizationLogo.png, an nfc key (enrolment is \
        for NFC reward cards), and a webServiceURL with its authenticationToken (Wallet posts the sign-up there).
        """)
    static let iconMissing = FindingCode(
        "pkpass.image.icon-missing", .error, source: wallet,
        "The pass (or one of its localisations) has no icon.png; Wallet refuses a pass without an icon.")
    static let imageNotPNG = FindingCode(
        "pkpass.image.not-png", .error, source: wallet, "An image is not a PNG by its bytes; Wallet reads PNG images only.")
    static let imageSize = FindingCode(
        "pkpass.image.size", .warning, source: "\(wallet); \(passBuilder)",
        """
        An image is not the size Apple gives its slot at its scale (@1x, @2x, @3x), so Wallet scales it: icon 38×38 \
        points (or the older 29×29), artwork 358×448; at most logo 160×50, primaryLogo 126×30, secondaryLogo 135×12, \
        thumbnail 90×90, strip 375×144, background 345×505, footer 286×15.
        """)
    static let imagePDF = FindingCode(
        "pkpass.image.pdf", .warning, source: "\(passBuilder) (PassImageFile: PDF before PNG); \(wallet)",
        """
        An image slot is a PDF. Apple's Pass Builder (2026) reads and writes PDF images, but the PassKit package format \
        documents PNG only: keep a PNG of the same image beside it for Wallets that read only PNG.
        """)
    static let iconNotAtRoot = FindingCode(
        "pkpass.image.icon-not-at-root", .warning, source: "\(passBuilder) (RequiredImagesValidator); \(wallet)",
        """
        The icon is only inside .lproj folders. Wallet shows it in those languages, but Apple's Pass Builder requires \
        one at the package root, and a language without a folder gets none.
        """)
    static let imageUnused = FindingCode(
        "pkpass.image.unused", .warning, source: wallet,
        "An image is not shown on this pass's style (a strip on a boarding pass, a thumbnail on a coupon…).")

    // MARK: the picture
    package static let previewBarcode = FindingCode(
        "pkpass.preview.barcode", .warning, source: "dots-sso (zint)", "The preview could not draw the barcode; the message says why.")
    package static let previewLayout = FindingCode(
        "pkpass.preview.layout", .info, source: "dots-sso",
        "The pass asks for a layout the preview does not draw (iOS 26's semantic boarding pass, iOS 27's poster generic); the picture is the classic layout older iOS shows."
    )
    package static let previewImageTooLarge = FindingCode(
        "pkpass.preview.image-too-large", .warning, source: "dots-sso",
        "An image is too large a side to draw; Wallet shows none that large either.")
    package static let previewImageUnreadable = FindingCode(
        "pkpass.preview.image-unreadable", .warning, source: "dots-sso",
        "An image could not be decoded for the preview, so it is not drawn.")
    static let previewTooCostly = FindingCode(
        "pkpass.preview.too-costly", .warning, source: "dots-sso (the drawing child's limits)",
        "Drawing the pass was stopped at a limit, so there is no picture.")

    /// Every code above, then the archive's (`pkpass.archive.*`).
    package static let all: [FindingCode] =
        [
            fileUnreadable, modelUnsigned, passJSONMissing, manifestMissing, manifestMalformed, manifestMissingFile, manifestHashMismatch,
            manifestUnlisted, signatureMissing, signatureUnparseable, signatureNoSignerCertificate, signatureInvalid,
            signatureNoSigningTime,
            signatureSHA1, certificateChain, certificateExpired, certificateNotYetValid, certificatePassTypeMismatch,
            certificateTeamMismatch,
            certificateExtensionMismatch, certificateWWDRG1, certificateWWDRGeneration, passJSONInvalid, passJSONNonStrict,
            passJSONByteOrderMark,
            passJSONDuplicateKey, passJSONNotObject, formatVersion, required, type, style, fieldsType, fieldKey, fieldKeyDuplicate,
            fieldValue, fieldStyle, fieldFormatConflict, footerFields, posterGenericFallback, posterGenericIOS27, semanticBoardingPass,
            semanticsRecommended, semanticsType, posterNFC, posterEntry, transitType, barcodeLegacy, barcodeUnencodable, barcodeMessage,
            barcodeEncoding, barcodeFormat, barcodeFormatIOS27, barcodeFallback, color,
            colorHex,
            webServiceHTTPS, authenticationToken, locations, beacons, maxDistance, nfc, nfcMessage, nfcMessageLength, nfcKey, date,
            relevantDateDeprecated,
            relevantDateLegacy, relevantDates, relevantDatesSpelling, relevantInterval, styleSchemes, styleSchemeUnknown, styleSchemeStyle,
            posterSemantics, upcomingInformation, upcomingEntries, featuredActions, featuredActionsCount, featuredActionType,
            featuredActionsIOS27, link, linkUnshown, stringsInvalid, posterArtwork, personalizationInvalid, personalizationRequires,
            iconMissing,
            imageNotPNG, imageSize, imagePDF, iconNotAtRoot, imageUnused, previewBarcode, previewLayout, previewImageTooLarge,
            previewImageUnreadable,
            previewTooCostly,
        ] + ArchiveFindings.codes(for: .pkpass)
}
