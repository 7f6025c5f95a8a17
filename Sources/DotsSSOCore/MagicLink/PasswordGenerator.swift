import DotsSSOBasics

/// Makes the strong random password the app sends when it redeems a link (seed 001): upper and lower case
/// letters, digits and symbols, each at least once, chosen uniformly from OpenSSL's CSPRNG.
package enum PasswordGenerator {
    static let upper = Array("ABCDEFGHJKLMNPQRSTUVWXYZ")
    static let lower = Array("abcdefghijkmnopqrstuvwxyz")
    static let digits = Array("23456789")
    static let symbols = Array("!#$%&*+-=?@^_~")

    package static func generate(length: Int = 24) throws -> String {
        precondition(length >= 20, "passwords are at least 20 characters")
        let all = upper + lower + digits + symbols
        var characters = [try pick(upper), try pick(lower), try pick(digits), try pick(symbols)]
        while characters.count < length { characters.append(try pick(all)) }
        // Fisher–Yates with CSPRNG indices, so the guaranteed classes are not always in front.
        for index in stride(from: characters.count - 1, to: 0, by: -1) {
            characters.swapAt(index, try uniform(below: index + 1))
        }
        return String(characters)
    }

    static func pick(_ set: [Character]) throws -> Character { set[try uniform(below: set.count)] }

    /// A uniform integer in 0..<bound by rejection sampling (no modulo bias).
    static func uniform(below bound: Int) throws -> Int {
        precondition(bound > 0 && bound <= 256)
        let limit = 256 - (256 % bound)
        while true {
            let byte = Int(try SecureRandom.bytes(1)[0])
            if byte < limit { return byte % bound }
        }
    }
}
