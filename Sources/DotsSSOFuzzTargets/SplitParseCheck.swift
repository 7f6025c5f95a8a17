import DotsSSOBasics

/// The parse in two halves at once against one pass: the same containers, root and repeated keys, or the same error,
/// wherever the halves meet. The fuzz target and the tests both ask it.
package enum SplitParseCheck {
    /// Offsets just after a comma, where two halves can meet: the first comma from each of `count` evenly spaced
    /// places.
    package static func commaSplits(_ bytes: [UInt8], count: Int) -> [Int] {
        guard count > 0 else { return [] }
        return (1...count).compactMap { share in
            let from = bytes.count * share / (count + 1)
            return bytes[from...].firstIndex(of: UInt8(ascii: ",")).map { $0 + 1 }
        }
    }

    /// For each of `splits`, whether halves meeting there agree with one pass, and whether they were used at all (or
    /// gave way to the one pass, as they must for anything not plain). The one pass is made once for all of them.
    package static func agree(_ bytes: [UInt8], splitsAt splits: [Int]) -> [(agrees: Bool, halved: Bool)] {
        let whole = outcome { try CompactJSONParser.parse(bytes, splitAt: bytes.count) }
        return splits.map { split in
            let halves = outcome { try CompactJSONParser.parse(bytes, splitAt: split) }
            guard case .success((let wholeParsed, false)) = whole else {
                if case .failure(let wholeError) = whole, case .failure(let error) = halves { return (wholeError == error, false) }
                return (false, false)
            }
            guard case .success((let parsed, let halved)) = halves else { return (false, false) }
            return (parsed == wholeParsed, halved)
        }
    }

    private static func outcome(
        _ parse: () throws -> (parsed: CompactJSONParser.Parsed, halved: Bool)
    ) -> Result<(CompactJSONParser.Parsed, Bool), CompactJSON.ParseError> {
        do {
            return .success(try parse())
        } catch let error as CompactJSON.ParseError {
            return .failure(error)
        } catch {
            return .failure(CompactJSON.ParseError(message: "\(error)", line: 0, column: 0, offset: 0))
        }
    }
}
