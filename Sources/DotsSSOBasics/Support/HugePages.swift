import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Advice that big buffers written once and read many times come in 2 MiB pages: one fault and one TLB entry for
/// what 512 small pages take each. The kernel may ignore it (transparent huge pages off); nothing depends on it.
package enum HugePages {
    /// Asks the kernel to back the whole 2 MiB pages inside `buffer` with huge pages.
    package static func advise(_ buffer: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
            guard let base = buffer.baseAddress else { return }
            let huge = 2 << 20
            let start = (Int(bitPattern: base) + huge - 1) & ~(huge - 1)
            let end = (Int(bitPattern: base) + buffer.count) & ~(huge - 1)
            if end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) {
                _ = madvise(aligned, end - start, Int32(MADV_HUGEPAGE))
            }
        #endif
    }
}
