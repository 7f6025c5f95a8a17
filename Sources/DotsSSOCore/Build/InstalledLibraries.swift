import CDotsRuntime
import COpenSSL
import DotsSSOBasics
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Which of the libraries dots-sso loads on first use are installed here, where from and which version (`dots-sso
/// version`, `--version --verbose`): a support question ("why does preview end 69?") answered in one command.
/// Each is opened and asked the way it reports its version; nothing is drawn or sent.
package enum InstalledLibraries {
    package struct Library: Codable, Sendable, Equatable {
        package var name: String
        package var found: Bool
        package var version: String?
        /// The file that was loaded.
        package var path: String?
        /// The Debian package that provides it.
        package var package: String
        /// What needs it.
        package var usedFor: String
    }

    package static func probe() -> [Library] {
        [
            Library(
                name: "OpenSSL", found: true, version: String(cString: OpenSSL_version(OPENSSL_VERSION)), path: nil, package: "libssl3",
                usedFor: "TLS, signatures (linked)"),
            open("libcurl", ["libcurl.so.4", "libcurl.so"], package: "libcurl4", usedFor: "every network command", symbol: "curl_version"),
            open(
                "rlottie", ["librlottie.so.0-1", "librlottie.so.0", "librlottie.so"], package: "librlottie0-1",
                usedFor: "bodymovin preview, the render check", symbol: "lottie_animation_from_data", versionFunction: false),
            open(
                "cairo", ["libcairo.so.2", "libcairo.so"], package: "libcairo2", usedFor: "every picture", symbol: "cairo_version_string"),
            open(
                "pango", ["libpango-1.0.so.0", "libpango-1.0.so"], package: "libpangocairo-1.0-0", usedFor: "pkpass preview text",
                symbol: "pango_version_string"),
            open(
                "zint", ["libzint.so.2.11", "libzint.so.2.12", "libzint.so.2.13", "libzint.so"], package: "libzint2.11",
                usedFor: "pass barcodes, the device sign-in's QR code", symbol: "ZBarcode_Version", returnsInt: true),
            open(
                "libjq", ["libjq.so.1", "libjq.so"], package: "libjq1", usedFor: "\(CLIFlag.jq)", symbol: "jq_init", versionFunction: false),
            icu(),
        ]
    }

    /// ICU names every function after its major version (`u_getVersion_72`), so each version it may be is tried.
    package static func icu() -> Library {
        for major in stride(from: 90, through: 60, by: -1) {
            let library = open(
                "ICU", ["libicui18n.so.\(major)"], package: "libicu72", usedFor: "dates and numbers in pass pictures",
                symbol: "udat_open_\(major)", versionFunction: false)
            if library.found { return library }
        }
        return Library(
            name: "ICU", found: false, version: nil, path: nil, package: "libicu72", usedFor: "dates and numbers in pass pictures")
    }

    /// Opens the first of `names` that loads and reads its version from `symbol` (a function returning a C string, or
    /// with `returnsInt` zint's 21200-style number); without a version function, the version in the file's name.
    static func open(
        _ name: String, _ names: [String], package: String, usedFor: String, symbol: String, versionFunction: Bool = true,
        returnsInt: Bool = false
    ) -> Library {
        var library = Library(name: name, found: false, version: nil, path: nil, package: package, usedFor: usedFor)
        guard let handle = names.lazy.compactMap({ dlopen($0, RTLD_LAZY | RTLD_LOCAL) }).first else { return library }
        library.found = true
        guard let function = dlsym(handle, symbol) else { return library }
        if let file = dots_library_file(function) {
            let path = String(cString: file)
            library.path =
                (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map {
                    $0.hasPrefix("/") ? $0 : URL(fileURLWithPath: path).deletingLastPathComponent().path + "/" + $0
                } ?? path
        }
        if !versionFunction {
            // librlottie.so.0.1.0-1 → 0.1.0-1
            library.version = library.path.flatMap { $0.components(separatedBy: ".so.").last }
        } else if returnsInt {
            let number = unsafeBitCast(function, to: (@convention(c) () -> Int32).self)()
            library.version = number > 0 ? "\(number / 10_000).\(number / 100 % 100).\(number % 100)" : nil
        } else if let text = unsafeBitCast(function, to: (@convention(c) () -> UnsafePointer<CChar>?).self)() {
            // libcurl lists every library it was built with; its own version and TLS backend are what matter here.
            let words = String(cString: text).split(separator: " ").prefix(2).map { $0.replacing("libcurl/", with: "") }
            library.version = TerminalText.oneLine(words.joined(separator: " "), limit: 80)
        }
        return library
    }
}
