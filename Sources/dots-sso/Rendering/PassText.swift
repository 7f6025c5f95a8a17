import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// One inspected pass as text: a few summary lines a person recognises the pass by, then its findings.
enum PassText {
    static func render(_ inspection: PassInspection, title: String? = nil, style: Style, now: Date) -> String {
        let s = inspection.summary
        let safe = TerminalText.safe
        var lines = [
            style.bold(safe(title ?? inspection.file)) + "  "
                + [s.style, s.organizationName, s.description].compactMap { $0 }.map(safe).joined(separator: " · ")
        ]
        var identity: [String] = []
        if let serial = s.serialNumber { identity.append("serial \(safe(serial))") }
        if let type = s.passTypeIdentifier { identity.append("pass type \(safe(type))") }
        if let team = s.teamIdentifier { identity.append("team \(safe(team))") }
        if !identity.isEmpty { lines.append("  " + identity.joined(separator: ", ")) }
        var front: [String] = []
        if let barcode = s.barcodeFormat { front.append("barcode \(safe(barcode))") }
        if !s.primaryFields.isEmpty {
            front.append("primary: " + s.primaryFields.map { "\(safe($0.label ?? $0.key)) \(safe($0.value))" }.joined(separator: "; "))
        }
        if let date = s.relevantDate { front.append("relevant \(safe(date))") }
        if let date = s.expirationDate { front.append("expires \(safe(date))") }
        if !front.isEmpty { lines.append("  " + front.joined(separator: " · ")) }
        if let signature = s.signature, let signer = signature.signer {
            let expiry = "\(signer.notAfter < now ? "expired" : "valid until") \(ISOTimestamp.day(signer.notAfter))"
            let via = signature.bundled.compactMap(\.commonName).map(safe)
            lines.append(
                "  signed by \(safe(signer.commonName ?? "?")) (\(expiry))" + (signature.digest.map { ", \($0)" } ?? "")
                    + (via.isEmpty ? "" : ", bundles \(via.joined(separator: ", "))"))
        }
        if !s.images.isEmpty {
            lines.append(
                "  images: "
                    + s.images.map { image in
                        image.width.map { "\(safe(image.path)) \($0)×\(image.height ?? 0)" } ?? "\(safe(image.path)) (not PNG)"
                    }.joined(separator: ", "))
        }
        if !s.localizations.isEmpty { lines.append("  languages: " + s.localizations.map(safe).joined(separator: ", ")) }
        // The heading names the file; each finding only needs its place inside the pass.
        let findings = inspection.findings.map { finding in
            var local = finding
            local.location.file = nil
            return local
        }
        lines += FindingsText.render(findings, style: style).split(separator: "\n").map { "  " + $0 }
        return lines.joined(separator: "\n")
    }

}
