import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// `pkpass preview`'s pictures: the front (and back) of a pass as Wallet lays it out.
package enum PassPreviewDrawing {
    /// Draws the pass made of `files` to `front` (and its back fields to `back`).
    package static func draw(
        _ files: [String: Data], name: String, front frontPath: String, back backPath: String? = nil,
        locale: String? = nil
    ) throws -> PassPreviewUseCase.Preview {
        guard let data = files["pass.json"] else { throw PictureError.malformed("\(name) has no pass.json at its root; nothing to draw") }
        let (parsed, lint) = PassJSONLint.check(data, file: name)
        guard let pass = parsed?.objectValue else {
            let reason = lint.first(where: { $0.severity == .error })?.message ?? "it is not a JSON object"
            throw PictureError.malformed("\(name)'s pass.json cannot be drawn: \(reason)")
        }
        var renderer = try PassRenderer(pass: pass, files: files, language: locale, file: name)
        let front = try renderer.front()
        try PictureFile.save(try front.pngData(), to: frontPath, what: "the pass picture", memberData: true)
        var preview = PassPreviewUseCase.Preview(
            file: name, style: renderer.style, layout: renderer.layout, front: frontPath, locale: locale, findings: renderer.findings)
        if let backPath {
            try PictureFile.save(try renderer.back().pngData(), to: backPath, what: "the back of the pass", memberData: true)
            preview.back = backPath
        }
        return preview
    }
}
