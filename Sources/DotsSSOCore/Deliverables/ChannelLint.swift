import DotsSSOBasics
import FoundationEssentials

/// The `channel` check: the configuration itself, before anything is fetched — required fields, https on every
/// OAuth and member endpoint (plain http only on loopback), flags documented with a purpose, containers well formed.
/// Legal documents, the loading animation and the magic-link origin are judged by their own checks.
package enum ChannelLint {
    package static func findings(for channel: Channel) -> [Finding] {
        let file = channel.findingFile
        var findings: [Finding] = []
        func add(_ code: FindingCode, _ path: String, _ message: String) {
            findings.append(Finding(code, at: FindingLocation(file: file, path: path), message))
        }
        if channel.issuer == nil && (channel.authorizationEndpoint == nil || channel.tokenEndpoint == nil) {
            add(
                ChannelFindings.endpointsMissing, "$",
                "neither an issuer (for discovery) nor both the authorization and token endpoints are set; set issuer, or authorizationEndpoint and tokenEndpoint"
            )
        }
        if channel.clientId?.isEmpty ?? true {
            add(
                ChannelFindings.clientIDMissing, "$.clientId",
                "no clientId: the partner must register The Dots app as an OAuth client and give its id")
        }
        if channel.issuer == nil && channel.profileEndpoint == nil {
            add(
                ChannelFindings.profileEndpointMissing, "$.profileEndpoint",
                "no profileEndpoint and no issuer whose userinfo could stand in: the app cannot read the member's profile")
        }
        do {
            _ = try AuthorizationParameters(channel: channel.authParams, given: [])
        } catch let error as UserFacingError {
            add(ChannelFindings.authParamsInvalid, "$.authParams", error.message)
        } catch {
            add(ChannelFindings.authParamsInvalid, "$.authParams", "\(error)")
        }
        if channel.clientKeyId != nil && channel.clientKeyFile == nil {
            add(
                ChannelFindings.clientKeyIDWithoutKey, "$.clientKeyId",
                "clientKeyId is set without clientKeyFile: no assertion is signed, so the kid is ignored")
        }
        for field in ChannelField.all where field.kind == .endpoint {
            guard let value = field.value(in: channel) else { continue }
            do {
                // Plain http on loopback (a local test partner) is said once per host by the tls check.
                _ = try URLPolicy.validate(value)
            } catch let error as UserFacingError {
                add(ChannelFindings.urlInsecure, "$.\(field.key)", "\(field.key): \(error.message)")
            } catch {
                add(ChannelFindings.urlInsecure, "$.\(field.key)", "\(field.key) \(value) is not a usable URL")
            }
        }
        let flags = channel.flags ?? [:]
        if flags.isEmpty {
            add(
                ChannelFindings.flagsMissing, "$.flags",
                "no feature flags are documented; at least \(ProfileChecker.launchFlag) (the app-launch rule) must be, with its purpose")
        } else if flags[ProfileChecker.launchFlag] == nil {
            add(
                ChannelFindings.launchFlagMissing, "$.flags",
                "\(ProfileChecker.launchFlag) is not documented; the app logs out every member whose profile lacks it")
        }
        for (name, purpose) in flags.sorted(by: { $0.key < $1.key }) where purpose.trimmingWhitespace().isEmpty {
            add(
                ChannelFindings.flagPurposeMissing, "$.flags.\(name)",
                "flag \(name) has no purpose; say what it controls so the app team knows what it gates")
        }
        var seen = Set<String>()
        for (index, container) in (channel.containers ?? []).enumerated() {
            if !seen.insert(container.name).inserted {
                add(
                    ChannelFindings.containerDuplicate, "$.containers[\(index)]",
                    "two containers are named \(container.name); names must be unique")
            }
            if container.token == nil {
                add(
                    ChannelFindings.containerNoToken, "$.containers[\(index)]",
                    "container \(container.name) receives no partner token; say where it goes (token: {in: header|query, name}) if the page needs to know the member"
                )
            }
        }
        do {
            _ = try ProfileMapping(channel: channel)
        } catch let error as UserFacingError {
            add(ChannelFindings.profileMappingInvalid, "$.profileMapping", error.message)
        } catch {}
        return findings
    }
}
