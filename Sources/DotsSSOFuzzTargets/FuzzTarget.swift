import FoundationEssentials

/// One parser of outside input, as libFuzzer drives it: bytes in, no file, no network, no output. A target returns
/// normally for every input (a refusal is a thrown error it catches); anything else — a trap, a sanitizer report, a
/// hang — is a bug. The same body runs the kept crashing inputs as regression tests.
package struct FuzzTarget: Sendable {
    package let name: String
    /// What it reads, for `Scripts/fuzz --list`.
    package let about: String
    /// Where its seeds come from: folders of `../shared/corpus` and of `Fuzz/seeds/<name>`.
    package let corpusFolders: [String]
    package let run: @Sendable (Data) -> Void

    package init(_ name: String, _ about: String, corpus: [String] = [], run: @escaping @Sendable (Data) -> Void) {
        self.name = name
        self.about = about
        corpusFolders = corpus
        self.run = run
    }
}
