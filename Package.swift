// swift-tools-version:6.1
import PackageDescription

/// `DOTS_SSO_FUZZ=1` (Scripts/fuzz, in its own .build-fuzz) adds the libFuzzer harness and instruments our parsers
/// with `-sanitize=fuzzer,address`; every other build is unchanged.
let fuzzing = Context.environment["DOTS_SSO_FUZZ"] == "1"
let sanitized: [String] = fuzzing ? ["-sanitize=fuzzer,address"] : []

/// What `--version` says, fixed at build time. Scripts/package sets DOTS_SSO_VERSION (from `git describe`),
/// DOTS_SSO_BUILD_DATE (the commit's date, so a rebuild is byte for byte the same) and DOTS_SSO_SWIFT; a plain build
/// takes the version from a tag on HEAD, else 0.0.0-dev+COMMIT, and the compiler's own date.
let git = Context.gitInformation
let commit = git.map { $0.currentCommit + ($0.hasUncommittedChanges ? "-dirty" : "") } ?? "unknown"
let version =
    Context.environment["DOTS_SSO_VERSION"]
    ?? git?.currentTag.map { $0.hasPrefix("v") ? String($0.dropFirst()) : $0 }
    ?? "0.0.0-dev+\(git.map { String($0.currentCommit.prefix(12)) } ?? "unknown")"
/// A C string literal for a define; the values come from git and our own scripts, but are escaped all the same.
func literal(_ text: String) -> String {
    "\"" + text.filter { $0.isASCII && $0 != "\"" && $0 != "\\" && !$0.isNewline } + "\""
}
var buildDefines: [CSetting] = [
    .define("DOTS_SSO_VERSION", to: literal(version)),
    .define("DOTS_SSO_COMMIT", to: literal(commit)),
]
if let date = Context.environment["DOTS_SSO_BUILD_DATE"] { buildDefines.append(.define("DOTS_SSO_BUILD_DATE", to: literal(date))) }
if let swift = Context.environment["DOTS_SSO_SWIFT"] { buildDefines.append(.define("DOTS_SSO_SWIFT", to: literal(swift))) }

/// Our own targets treat every warning as an error (dependencies are left alone).
let strict: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"] + sanitized)]
/// The modules the tests `@testable import`, testable in release builds too: the tests run against the optimised
/// build (a debug ArgumentParser re-validates every command definition on each parse, half the in-process tests' CPU).
let testable: [SwiftSetting] = [.unsafeFlags(["-enable-testing"], .when(configuration: .release))]
/// The test code (and the fuzz targets only tests link in release) compiled without optimisation: optimising it was
/// 41 % of a clean release build's CPU (409 of 999 s on a clean clone), while the suite's time goes to the optimised
/// modules under test and the peers.
let quickToBuild: [SwiftSetting] = [.unsafeFlags(["-Onone"], .when(configuration: .release))]
/// The largest module (DotsSSOCore, 23,000 lines) compiled file by file rather than as one whole module, so two cores
/// share it: rebuilding the release binary after a change to every file of it took 224 s (219 s of CPU, one core) as
/// a whole module and 150 s file by file, and no command measured slower (1,000 passes, the 50 MB animation,
/// start-up). The commands' module stays whole: file by file, start-up measured about 0.5 ms slower.
let inParallel: [SwiftSetting] = [.unsafeFlags(["-no-whole-module-optimization"], .when(configuration: .release))]

let package = Package(
    name: "dots-sso",
    platforms: [.macOS(.v13)],
    products: [
        // Only the binary: the core's names are `package`, for this package's targets and tests, not a library API.
        .executable(name: "dots-sso", targets: ["dots-sso"])
    ],
    // Exact versions: with Package.resolved kept out of git (this workplace's package mirrors have other commit ids than
    // GitHub, so a committed one would not resolve elsewhere), pinning the direct dependencies is what keeps two builds
    // of one commit alike.
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        // No default traits: "FullFoundation" would link Foundation (and ICU) for a DateFormatter date strategy we never use,
        // and "ConfigurationSupport" swift-configuration.
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),
        // Hummingbird's own HTTP part types, for a connection handler of ours (RequestHeadDeadline).
        .package(url: "https://github.com/apple/swift-nio-extras", exact: "1.35.2"),
    ],
    targets: [
        // libcurl's headers (Debian's libcurl4-openssl-dev); the library itself is loaded on first use, see dots_curl.h.
        .target(
            name: "CCurl",
            cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-Werror"])],
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        // rlottie, cairo, pango and zint's headers (Debian's -dev packages); the libraries are loaded the first time a
        // picture is drawn, see dots_pictures.h.
        .target(
            name: "CPictures",
            cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-Werror"])],
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        // The Secret Service through libsecret, loaded on first use (no -dev package needed), see dots_secret.h.
        .target(
            name: "CSecret",
            cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-Werror"])],
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        // jq's own filter for --jq, through libjq loaded on first use (no -dev package needed), see dots_jq.h.
        .target(
            name: "CJQ",
            cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-Werror"])],
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        // The binary's own arguments (captured without /proc) and other process facts, see dots_runtime.h.
        .target(
            name: "CDotsRuntime",
            cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-Werror"])],
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        // The build facts `--version` prints (declared in dots_runtime.h): the one file that changes with each commit,
        // linked only by the binary and the test bundles, so nothing else recompiles when it does.
        .target(
            name: "CDotsBuildFacts",
            cSettings: buildDefines + [.unsafeFlags(["-Wall", "-Wextra", "-Werror"])]
        ),
        .systemLibrary(
            name: "COpenSSL",
            pkgConfig: "openssl",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
        ),
        // zlib for reading and writing zips (Debian's): passes inspected, and the passes the sandbox signs (ZipWriter).
        .systemLibrary(
            name: "CDotsZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // The floor under every domain: errors and exit statuses, findings, JSON, the file system, the clock, text
        // output and small support types. It knows no domain: the compiler refuses a name from the core here.
        .target(
            name: "DotsSSOBasics",
            dependencies: ["CDotsRuntime"],
            swiftSettings: strict
        ),
        .target(
            name: "DotsSSOCore",
            dependencies: [
                "DotsSSOBasics", "CCurl", "COpenSSL", "CDotsZlib", "CDotsRuntime", "CSecret", "CJQ",
            ],
            swiftSettings: strict + testable + inParallel
        ),
        // The HTTP server under the loopback receiver and the sandbox: Hummingbird on SwiftNIO. The core reaches it only
        // through the `LoopbackListening` the executable puts on its context, so the core (and the fuzz harness over
        // it) builds without SwiftNIO, and a release build compiles the core while SwiftNIO compiles.
        .target(
            name: "DotsSSOLoopback",
            dependencies: [
                "DotsSSOBasics", "DotsSSOCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict + testable
        ),
        // Drawing, over CPictures: rlottie's frames, contact sheets, GIFs, Wallet pass pictures, terminal QR codes. The
        // core describes drawing jobs and reaches this only through the `Drawer` the executable puts on its context.
        .target(
            name: "DotsSSOPictures",
            dependencies: ["DotsSSOBasics", "DotsSSOCore", "CPictures", "CDotsRuntime"],
            swiftSettings: strict + testable
        ),
        .target(
            name: "DotsSSOSandbox",
            dependencies: [
                "DotsSSOBasics", "DotsSSOCore", "DotsSSOLoopback",
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            swiftSettings: strict
        ),
        // Every command (Sources/dots-sso): parsing, the use case it calls, rendering. A library so the in-process
        // tests link the same optimised code the binary does (one release build serves both).
        .target(
            name: "DotsSSOCLI",
            dependencies: [
                "DotsSSOBasics", "DotsSSOCore", "DotsSSOLoopback", "DotsSSOPictures", "DotsSSOSandbox", "CDotsRuntime",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/dots-sso",
            swiftSettings: strict + testable
        ),
        // The binary: main.swift alone (Sources/dots-sso-main). Release builds link the Swift runtime statically (no Swift needed to run it);
        // the flag is the executable's, so the test bundles keep the shared runtime Swift Testing needs.
        .executableTarget(
            name: "dots-sso",
            dependencies: ["DotsSSOCLI", "CDotsBuildFacts"],
            path: "Sources/dots-sso-main",
            swiftSettings: strict,
            linkerSettings: [
                .unsafeFlags(["-static-stdlib"], .when(configuration: .release)),
                // What FoundationEssentials' static library needs, which its shared one brings itself (the modules
                // were compiled against the shared runtime, so their autolink entries do not name these).
                .linkedLibrary("_FoundationCollections", .when(configuration: .release)),
                .linkedLibrary("_FoundationCShims", .when(configuration: .release)),
            ]
        ),
        .target(
            name: "DotsSSOFuzzTargets",
            dependencies: ["DotsSSOBasics", "DotsSSOCore"],
            swiftSettings: strict + quickToBuild
        ),
        .target(
            name: "TestSupport",
            dependencies: [
                "DotsSSOBasics", "DotsSSOCore", "DotsSSOLoopback", "CDotsBuildFacts",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            path: "Tests/TestSupport",
            swiftSettings: strict + quickToBuild
        ),
        .testTarget(
            name: "DotsSSOCoreTests",
            dependencies: [
                "DotsSSOBasics", "DotsSSOCore", "DotsSSOFuzzTargets", "DotsSSOPictures", "TestSupport",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: strict + quickToBuild
        ),
        .testTarget(
            name: "DotsSSOCommandTests",
            dependencies: ["DotsSSOCLI", "DotsSSOBasics", "DotsSSOCore", "DotsSSOLoopback", "DotsSSOPictures", "TestSupport"],
            swiftSettings: strict + quickToBuild
        ),
        .testTarget(
            name: "DotsSSOCLITests",
            dependencies: ["DotsSSOBasics", "DotsSSOCore", "DotsSSOLoopback", "DotsSSOSandbox", "TestSupport"],
            swiftSettings: strict + quickToBuild
        ),
    ],
    swiftLanguageModes: [.v6]
)

if fuzzing {
    package.targets.append(
        .executableTarget(
            name: "dots-sso-fuzz",
            dependencies: ["DotsSSOFuzzTargets", "DotsSSOBasics", "CDotsBuildFacts"],
            swiftSettings: [.unsafeFlags(["-warnings-as-errors", "-parse-as-library"] + sanitized)],
            linkerSettings: [.unsafeFlags(sanitized)]
        ))
    package.products.append(.executable(name: "dots-sso-fuzz", targets: ["dots-sso-fuzz"]))
}
