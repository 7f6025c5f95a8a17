import ArgumentParser

/// `--out`, the name four commands gave `--output` before 0.2.0: still read, no longer shown, so a script written
/// then keeps working while help and completion offer one name for "where the result goes" everywhere.
struct FormerOutOption: ParsableArguments {
    @Option(name: .customLong("out"), help: .hidden)
    var value: String?

    /// `--output`'s value, or the one given under the former name; both at once is a usage error.
    func merged(with output: String?) throws -> String? {
        if value != nil, output != nil { throw ValidationError("--out is the former name of --output; give one of them") }
        return output ?? value
    }
}
