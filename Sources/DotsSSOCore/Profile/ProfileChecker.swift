import DotsSSOBasics
import FoundationEssentials

/// Checks a partner's profile against the channel contract of seed 000 and builds the Dots view and import preview.
package struct ProfileChecker: Sendable {
    package static let nameLimit = 100
    package static let emailLimit = 150
    package static let launchFlag = "canAccessApp"

    package let channel: Channel
    package let mapping: ProfileMapping

    package init(channel: Channel) throws {
        self.channel = channel
        mapping = try ProfileMapping(channel: channel)
    }

    /// `expectedID` is `--expect-id` or the id remembered from the first profile of this sign-in.
    package func check(_ profile: JSONValue, source: String, expectedID: String? = nil) -> ProfileReport {
        var findings: [Finding] = []

        guard case .object = profile else {
            findings.append(
                Finding(ProfileFindings.notObject, at: at(source, nil), "the profile is \(profile.typeDescription), not a JSON object"))
            return ProfileReport(
                source: source, profile: profile, dots: DotsView(flags: []),
                import: ImportPreview(biographyChanged: false, rejected: [:]), findings: findings)
        }

        let id = checkID(profile, source: source, expectedID: expectedID, findings: &findings)

        var preview = ImportPreview(biographyChanged: false, rejected: [:])
        let email = checkEmail(profile, source: source, findings: &findings, preview: &preview)

        let names = checkNames(profile, source: source, findings: &findings, preview: &preview)

        let biography = checkBiography(profile, source: source, findings: &findings, preview: &preview)

        let flags = readFlags(profile, findings: &findings, source: source)
        let dots = DotsView(
            id: id, email: email, firstName: names[.firstName], lastName: names[.lastName], biography: biography, flags: flags)
        return ProfileReport(source: source, profile: profile, dots: dots, import: preview, findings: findings)
    }

    /// Where a finding about `path` of the profile read from `source` points.
    func at(_ source: String, _ path: JSONPath?) -> FindingLocation { FindingLocation(file: source, path: path?.description) }

    /// The paths the mapping looked at for `field`, for a finding that says it found none.
    func searched(_ field: ProfileMapping.Field) -> String { (mapping.paths[field] ?? []).map(\.description).joined(separator: ", ") }

    /// id: unique, immutable, a string, never an e-mail address; the one this member had before.
    func checkID(_ profile: JSONValue, source: String, expectedID: String?, findings: inout [Finding]) -> String? {
        var id: String?
        switch mapping.locate(.id, in: profile) {
        case nil:
            findings.append(
                Finding(
                    ProfileFindings.idMissing, at: at(source, nil),
                    "no user id (looked at \(searched(.id))); The Dots needs a unique, immutable id for every member"))
        case let (path, .string(value))?:
            id = value
            if let problem = StableUserID.problem(value, at: at(source, path)) { findings.append(problem) }
        case let (path, .number(number))?:
            id = number == number.rounded() ? String(Int64(number)) : String(number)
            findings.append(
                Finding(
                    ProfileFindings.idNumber, at: at(source, path),
                    "the user id is the number \(id!), not a string; it must stay stable and unique (send it as a string to be safe)"))
        case let (path, value)?:
            findings.append(
                Finding(ProfileFindings.idType, at: at(source, path), "the user id is \(value.typeDescription); it must be a string"))
        }
        if let id, let expectedID, id != expectedID {
            findings.append(
                Finding(
                    ProfileFindings.idChanged, at: at(source, mapping.locate(.id, in: profile)?.path),
                    "the user id is \"\(id)\" but this member was \"\(expectedID)\" before; ids must be immutable"))
        }

        return id
    }

    /// The e-mail address signup is pre-filled with: valid, and within the bytes The Dots imports.
    func checkEmail(_ profile: JSONValue, source: String, findings: inout [Finding], preview: inout ImportPreview) -> String? {
        let email = stringField(.email, in: profile, findings: &findings, source: source)
        if let (path, value) = email {
            if let problem = EmailAddress.problem(with: value) {
                findings.append(
                    Finding(
                        ProfileFindings.emailInvalid, at: at(source, path),
                        "the e-mail address \"\(value)\" is not valid: \(EmailAddress.describe(problem))"))
                preview.rejected["email"] = "invalid address"
            } else if value.utf8.count > Self.emailLimit {
                findings.append(
                    Finding(
                        ProfileFindings.emailTooLong, at: at(source, path),
                        "the e-mail address is \(value.utf8.count) bytes; The Dots imports at most \(Self.emailLimit) bytes"))
                preview.rejected["email"] = "longer than \(Self.emailLimit) bytes"
            } else {
                preview.email = value
            }
        } else {
            findings.append(
                Finding(
                    ProfileFindings.emailMissing, at: at(source, nil),
                    "no e-mail address (looked at \(searched(.email))); signup cannot be pre-filled with one"))
        }

        return email?.value
    }

    /// First and last name: present, and within the bytes The Dots imports.
    func checkNames(
        _ profile: JSONValue, source: String, findings: inout [Finding], preview: inout ImportPreview
    ) -> [ProfileMapping.Field: String] {
        var names: [ProfileMapping.Field: String] = [:]
        for (field, missing, tooLong) in [
            (ProfileMapping.Field.firstName, ProfileFindings.firstNameMissing, ProfileFindings.firstNameTooLong),
            (.lastName, ProfileFindings.lastNameMissing, ProfileFindings.lastNameTooLong),
        ] {
            guard let (path, value) = stringField(field, in: profile, findings: &findings, source: source) else {
                findings.append(
                    Finding(missing, at: at(source, nil), "no \(field.rawValue) (looked at \(searched(field)))"))
                continue
            }
            names[field] = value
            let bytes = value.utf8.count
            if bytes > Self.nameLimit {
                findings.append(
                    Finding(
                        tooLong, at: at(source, path),
                        "\(field.rawValue) is \(bytes) bytes in UTF-8 (\(value.count) characters); The Dots imports at most \(Self.nameLimit) bytes, so it would be refused"
                    ))
                preview.rejected[field.rawValue] = "\(bytes) bytes (limit \(Self.nameLimit))"
            } else if field == .firstName {
                preview.firstName = value
            } else {
                preview.lastName = value
            }
        }

        return names
    }

    /// The biography as The Dots imports it: plain text, HTML stripped, markup that would show as typed named.
    func checkBiography(_ profile: JSONValue, source: String, findings: inout [Finding], preview: inout ImportPreview) -> String? {
        var biography: String?
        if let (path, value) = stringField(.biography, in: profile, findings: &findings, source: source) {
            biography = value
            let stripped = HTMLStripper.strip(value)
            preview.biography = stripped
            if stripped != value.trimmingTrailingWhitespacePerLine() {
                preview.biographyChanged = true
                findings.append(
                    Finding(
                        ProfileFindings.biographyHTMLStripped, at: at(source, path),
                        "the biography contains HTML; The Dots imports plain text only, so it becomes: \"\(Self.abbreviate(stripped))\""))
            }
            // Markdown and BBCode are not stripped by the app: members would see the marks as typed.
            if let markup = MarkupCleaner.clean(stripped) {
                findings.append(
                    Finding(
                        ProfileFindings.biographyMarkup, at: at(source, path),
                        "the biography contains \(markup.kinds.joined(separator: " and ")) (\(markup.examples.map { "\"\($0)\"" }.joined(separator: ", "))); "
                            + "The Dots shows plain text, so members would see the marks as typed. As plain text: \"\(Self.abbreviate(markup.cleaned))\""
                    ))
            }
        }

        return biography
    }

    /// Flags: a flat object of JSON booleans, every documented flag present, `canAccessApp` true.
    /// The sentence for a flag the channel does not document, ending with what documenting it is for (`check` says
    /// it for the app team).
    package static func undocumented(flag name: String, so purpose: String) -> String {
        "flag \(name) is not documented in the channel; add its purpose under \"flags\" \(purpose)"
    }

    func readFlags(_ profile: JSONValue, findings: inout [Finding], source: String) -> [FlagReading] {
        let documented = channel.flags ?? [:]
        var readings: [String: FlagReading] = [:]
        let location = mapping.locate(.features, in: profile)
        switch location {
        case nil:
            findings.append(
                Finding(
                    ProfileFindings.featuresMissing, at: FindingLocation(file: source),
                    "no feature flags (looked at \((mapping.paths[.features] ?? []).map(\.description).joined(separator: ", "))); without \(Self.launchFlag) the app logs every member out"
                ))
        case let (path, .object(object))?:
            // In name order: a dictionary's order changes from run to run, and reports are diffed.
            for (name, value) in object.sorted(by: { $0.key < $1.key }) {
                let flagPath = path.appending(.key(name)).description
                switch value {
                case .bool: break
                case .string(let text):
                    findings.append(
                        Finding(
                            ProfileFindings.flagNotBoolean, at: FindingLocation(file: source, path: flagPath),
                            "flag \(name) is the string \"\(text)\"; every flag must be a JSON boolean (true or false, without quotes)"))
                case .object, .array:
                    findings.append(
                        Finding(
                            ProfileFindings.flagNotBoolean, at: FindingLocation(file: source, path: flagPath),
                            "flag \(name) is \(value.typeDescription); flags must be flat booleans, one per feature (membership or subscription structures are not parsed)"
                        ))
                default:
                    findings.append(
                        Finding(
                            ProfileFindings.flagNotBoolean, at: FindingLocation(file: source, path: flagPath),
                            "flag \(name) is \(value.typeDescription); every flag must be a JSON boolean"))
                }
                if documented[name] == nil {
                    findings.append(
                        Finding(
                            ProfileFindings.flagUndocumented, at: FindingLocation(file: source, path: flagPath),
                            Self.undocumented(flag: name, so: "if the app should use it")))
                }
                readings[name] = FlagReading(name: name, value: value, purpose: documented[name], gates: gates(name))
            }
        case let (path, value)?:
            findings.append(
                Finding(
                    ProfileFindings.featuresType, at: FindingLocation(file: source, path: path.description),
                    "the feature flags are \(value.typeDescription); they must be an object of booleans"))
        }
        if location != nil {
            for name in documented.keys.sorted() where readings[name] == nil {
                findings.append(
                    Finding(
                        ProfileFindings.flagMissing,
                        at: FindingLocation(file: source, path: location.map { $0.path.appending(.key(name)).description }),
                        "documented flag \(name) (\(documented[name]!)) is missing from the profile"))
            }
            if readings[Self.launchFlag] == nil && documented[Self.launchFlag] == nil {
                findings.append(
                    Finding(
                        ProfileFindings.flagMissing,
                        at: FindingLocation(file: source, path: location.map { $0.path.appending(.key(Self.launchFlag)).description }),
                        "\(Self.launchFlag) is missing; the app logs out every member whose profile lacks it"))
            } else if let launch = readings[Self.launchFlag], launch.value == .bool(false) {
                findings.append(
                    Finding(
                        ProfileFindings.flagAppAccessFalse,
                        at: FindingLocation(file: source, path: location.map { $0.path.appending(.key(Self.launchFlag)).description }),
                        "\(Self.launchFlag) is false: the app logs this member out at launch"))
            }
        }
        for name in documented.keys where readings[name] == nil {
            readings[name] = FlagReading(name: name, value: nil, purpose: documented[name], gates: gates(name))
        }
        return readings.values.sorted { $0.name < $1.name }
    }

    func gates(_ flag: String) -> [String] {
        (channel.containers ?? []).filter { $0.flag == flag }.map(\.name)
    }

    /// A string field's path and value; a non-string value is an error finding and yields nil.
    func stringField(_ field: ProfileMapping.Field, in profile: JSONValue, findings: inout [Finding], source: String) -> (
        path: JSONPath, value: String
    )? {
        guard let (path, value) = mapping.locate(field, in: profile) else { return nil }
        if case .string(let text) = value { return (path, text) }
        if case .null = value { return nil }
        findings.append(
            Finding(
                ProfileFindings.notString(field), at: FindingLocation(file: source, path: path.description),
                "\(field.rawValue) is \(value.typeDescription); it must be a string"))
        return nil
    }

    static func abbreviate(_ text: String) -> String {
        let flat = text.replacing("\n", with: "\\n")
        return flat.count > 120 ? String(flat.prefix(120)) + "…" : flat
    }
}
