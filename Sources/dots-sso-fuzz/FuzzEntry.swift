import DotsSSOBasics
import DotsSSOFuzzTargets
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The libFuzzer harness: one binary for every parser, `FUZZ_TARGET` picks which (Scripts/fuzz sets it). Built only
/// with DOTS_SSO_FUZZ=1, which also compiles DotsSSOCore with `-sanitize=fuzzer,address`; libFuzzer supplies `main`.
let selectedTarget: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? ""
    guard let target = FuzzTargets.named(name) else {
        let names = FuzzTargets.all.map(\.name).joined(separator: ", ")
        FileDescriptorOutput.standardError.write("dots-sso-fuzz: set FUZZ_TARGET to one of: \(names)\n")
        exit(64)
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    selectedTarget.run(data)
    return 0
}

/// libFuzzer's driver, started from our own entry point.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// SwiftPM links an executable's `main` to `<module>_main`, which `-parse-as-library` never emits; this is it, and it
/// hands the process to libFuzzer's driver (the same one libFuzzer's own `main` calls).
@_cdecl("dots_sso_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    if ProcessInfo.processInfo.environment["FUZZ_TARGET"] == "--list" {
        print(FuzzTargets.all.map(\.name).joined(separator: " "))
        return 0
    }
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments, fuzzOneInput)
}
