import DotsSSOBasics

/// The codes `check`'s legal checks report about the Privacy Policy, Terms & Conditions and Joint Controller
/// Statement every partner delivers.
package enum LegalFindings {
    static let missing = FindingCode(
        "legal.missing", .error, source: "seed 000 (legal documents every partner delivers)",
        """
        The channel names no such document. Every partner delivers its Privacy Policy, Terms & Conditions and Joint \
        Controller Statement, as an https URL or a PDF, under the channel's "legal".
        """)
    static let insecure = FindingCode(
        "legal.insecure", .error, source: "seed 000 (TLS 1.2 or newer)",
        """
        The document's URL is not https (plain http is accepted only on loopback, for tests) or is not a URL. The app \
        opens it over TLS only.
        """)
    static let unreachable = FindingCode(
        "legal.unreachable", .error, source: "seed 000 (legal documents)",
        """
        The document could not be fetched: no answer, a refused connection, a TLS failure or a timeout. Members who \
        tap the link see nothing.
        """)
    static let status = FindingCode(
        "legal.status", .error, source: "seed 000 (legal documents); RFC 9110 §15",
        """
        The document's URL answered another status than 200 (a redirect to a login page, a 404, a 500). It must \
        answer 200 with the document itself.
        """)
    static let notPDF = FindingCode(
        "legal.not-pdf", .error, source: "ISO 32000 (a PDF starts with %PDF-)",
        """
        A file given as the document, or a response served as application/pdf, is not a PDF by its first bytes. \
        Members would get a file they cannot open.
        """)
    static let tooLarge = FindingCode(
        "legal.too-large", .error, source: "dots-sso's input limits",
        """
        The local document is larger than dots-sso reads for one legal document. No real policy is that large; check \
        the right file is named.
        """)
    static let unreadable = FindingCode(
        "legal.unreadable", .error, source: "seed 000 (legal documents)",
        """
        The local document's path does not exist or cannot be read.
        """)
    static let notDocument = FindingCode(
        "legal.not-document", .error, source: "seed 000 (a PDF or a web page)",
        """
        The URL answered neither a PDF nor an HTML page (an image, JSON, an empty body). The app shows the document \
        in a web view: serve the page or the PDF.
        """)
    static let noTitle = FindingCode(
        "legal.no-title", .error, source: "HTML Living Standard (the title element)",
        """
        The page has no <title>. A real policy page names itself; a page without one is usually a placeholder or a \
        script shell.
        """)
    static let errorPage = FindingCode(
        "legal.error-page", .error, source: "seed 000 (legal documents)",
        """
        The page answered 200 but its title says it is an error page (not found, forbidden, an error). Members would \
        see that instead of the document.
        """)

    /// Every code above, in the order a legal check reports them.
    package static let all: [FindingCode] = [
        missing, insecure, unreachable, status, notPDF, tooLarge, unreadable, notDocument, noTitle, errorPage,
    ]
}
