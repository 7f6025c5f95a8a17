import DotsSSOBasics
import FoundationEssentials

/// Where and near what a pass becomes relevant: `locations` (coordinates), `beacons` (iBeacon UUID, 16-bit major and
/// minor, as iBeacon and Apple's Pass Builder read them) and `maxDistance` (meters).
enum PassPlaces {
    static func check(_ root: [String: JSONValue], add: (FindingCode, String, String) -> Void) {
        if let locations = root["locations"] {
            let valid =
                locations.arrayValue?.allSatisfy { location in
                    guard let fields = location.objectValue, case .number? = fields["latitude"], case .number? = fields["longitude"] else {
                        return false
                    }
                    return true
                } ?? false
            if !valid {
                add(
                    PassFindings.locations, "$.locations",
                    "locations must be objects with numeric latitude and longitude")
            }
        }
        if let beacons = root["beacons"] {
            let valid =
                beacons.arrayValue?.allSatisfy { beacon in
                    beacon.objectValue?["proximityUUID"]?.stringValue.flatMap(UUID.init(uuidString:)) != nil
                } ?? false
            if !valid {
                add(PassFindings.beacons, "$.beacons", "beacons must be objects with a proximityUUID")
            }
            // major and minor are 16-bit in iBeacon and in Apple's Pass Builder (UInt16): anything else matches no beacon.
            for (index, beacon) in (beacons.arrayValue ?? []).enumerated() {
                for key in ["major", "minor"] {
                    guard let value = beacon.objectValue?[key] else { continue }
                    if case .number(let number) = value, number.rounded() == number, (0...65_535).contains(number) { continue }
                    add(
                        PassFindings.beacons, "$.beacons[\(index)].\(key)",
                        "beacon \(key) must be a whole number from 0 to 65535 (16 bits, as iBeacon and Apple's Pass Builder read it), not \(PassJSONLint.shown(value))"
                    )
                }
            }
        }
        if let distance = root["maxDistance"] {
            // Meters, a number (Apple's Pass Builder decodes a Double): a string is ignored and the default used.
            if (distance.numberValue ?? 0) <= 0 {
                add(
                    PassFindings.maxDistance, "$.maxDistance",
                    "maxDistance must be a positive number of meters, not \(PassJSONLint.shown(distance))")
            }
        }
    }
}
