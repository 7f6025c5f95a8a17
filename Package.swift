// swift-tools-version:6.0
import PackageDescription

/// Our own targets treat every warning as an error (dependencies are left alone).
let strict: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]

let package = Package(
    name: "dots-sso",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "dots-sso", targets: ["dots-sso"]),
        .library(name: "DotsSSOCore", targets: ["DotsSSOCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
        ),
        .systemLibrary(
            name: "COpenSSL",
            pkgConfig: "openssl",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
        ),
        .target(
            name: "DotsSSOCore",
            dependencies: [
                "CCurl", "COpenSSL",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "DotsSSOSandbox",
            dependencies: [
                "DotsSSOCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "dots-sso",
            dependencies: [
                "DotsSSOCore",
                "DotsSSOSandbox",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "TestSupport",
            dependencies: ["DotsSSOCore", .product(name: "ZIPFoundation", package: "ZIPFoundation")],
            path: "Tests/TestSupport",
            swiftSettings: strict
        ),
        .testTarget(
            name: "DotsSSOCoreTests",
            dependencies: ["DotsSSOCore", "TestSupport", .product(name: "ZIPFoundation", package: "ZIPFoundation")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "DotsSSOCommandTests",
            dependencies: ["dots-sso", "DotsSSOCore", "TestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "DotsSSOCLITests",
            dependencies: ["DotsSSOCore", "DotsSSOSandbox", "TestSupport"],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
