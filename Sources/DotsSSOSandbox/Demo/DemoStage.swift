/// One step of the demo as a person reads it: what was done, whether it held, the one-line detail, how long.
public struct DemoStage: Encodable, Sendable, Equatable {
    public enum Name: String, CaseIterable, Encodable, Sendable {
        case discover, authorize, device, profile, flags, containers, passes, bodymovin
        case magicLink = "magic-link"
        case applinks, openweb, echo, members, revoke
    }

    public var name: Name
    public var passed: Bool
    public var detail: String
    public var milliseconds: Int
}
