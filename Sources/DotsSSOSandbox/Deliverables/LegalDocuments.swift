import DotsSSOBasics
import FoundationEssentials

/// The three legal documents seed 000 asks for, in both accepted forms: the Privacy Policy as a PDF, the Terms
/// and Conditions and the Joint Controller Statement as web pages.
enum LegalDocuments {
    static let privacyPolicyText = [
        "Sandbox Partner - Privacy Policy",
        "This is a sample document served by the dots-sso sandbox.",
        "It stands in for the Privacy Policy a partner delivers to The Dots.",
    ]

    /// A one-page PDF 1.4 with the policy's lines, its cross-reference table computed from the real offsets.
    static func privacyPolicyPDF() -> Data {
        var content = "BT /F1 14 Tf 72 760 Td 18 TL\n"
        for line in privacyPolicyText {
            let escaped = line.replacing("\\", with: "\\\\").replacing("(", with: "\\(").replacing(
                ")", with: "\\)")
            content += "(\(escaped)) Tj T*\n"
        }
        content += "ET\n"
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)endstream",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        ]
        var pdf = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(pdf.utf8.count)
            pdf += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = pdf.utf8.count
        pdf += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { pdf += PlainNumber.zeroPadded(offset, width: 10) + " 00000 n \n" }
        pdf += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Data(pdf.utf8)
    }

    static func termsPage() -> String {
        HTMLText.page(
            title: "Sandbox Partner - Terms and Conditions",
            body: """
                <h1>Terms and Conditions</h1>
                <p>A sample document served by the dots-sso sandbox. It stands in for the Terms and Conditions a partner delivers to The Dots.</p>
                """)
    }

    static func jointControllerPage() -> String {
        HTMLText.page(
            title: "Sandbox Partner - Joint Controller Statement",
            body: """
                <h1>Joint Controller Statement</h1>
                <p>A sample document served by the dots-sso sandbox. It stands in for the statement of how the partner and The Dots \
                share responsibility for members' personal data.</p>
                """)
    }
}
