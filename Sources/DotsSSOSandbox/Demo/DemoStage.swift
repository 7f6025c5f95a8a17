/// One step of the demo as a person reads it: what was done, whether it held, the one-line detail, how long.
package struct DemoStage: Encodable, Sendable, Equatable {
    package enum Name: String, CaseIterable, Encodable, Sendable {
        case discover, authorize, device, profile, flags, containers, passes, bodymovin
        case magicLink = "magic-link"
        case applinks, openweb, echo, members, revoke
    }

    package var name: Name
    package var passed: Bool
    package var detail: String
    package var milliseconds: Int
}
