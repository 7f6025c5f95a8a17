import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// A fresh folder only this user can enter, made by `mkdtemp` (0700) under the temporary directory: scratch space
/// nobody else can have made first, filled with links, or read. A fixed shared name (`/tmp/dots-sso-check`) let
/// another local user plant a symbolic link there and have our picture overwrite the victim's file. Each is
/// registered with `ScratchSpace`, which removes it on an interrupt too.
package enum PrivateFolder {
    package static func make(prefix: String) throws -> URL {
        let base = FileManager.default.temporaryDirectory.path
        var template = Array("\(base.hasSuffix("/") ? String(base.dropLast()) : base)/\(prefix)-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw OutputError.cannotWrite(path: base, what: "a private folder", reason: currentErrnoText())
        }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let folder = URL(fileURLWithPath: path, isDirectory: true)
        ScratchSpace.register(folder)
        return folder
    }
}
