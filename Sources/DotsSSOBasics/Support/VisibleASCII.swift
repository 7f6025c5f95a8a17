extension String {
    /// Only printable ASCII without spaces (0x21–0x7E): what a token, key, code or header word may hold. An empty
    /// string passes; callers that need a value check that first.
    package var isVisibleASCII: Bool { utf8.allSatisfy { (0x21...0x7E).contains($0) } }
}
