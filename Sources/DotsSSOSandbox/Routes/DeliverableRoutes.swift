import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials
import Hummingbird

/// The deliverables a partner hands over besides its endpoints (seed 000): the loading animation and the legal
/// documents; plus the sandbox's own pass-signing root for `--trust`, and an index page for people.
extension SandboxRoutes {
    static let loadingAnimationPath = "/deliverables/loading.json"
    static let privacyPolicyPath = "/legal/privacy-policy.pdf"
    static let termsPath = "/legal/terms.html"
    static let jointControllerPath = "/legal/joint-controller-statement.html"
    static let trustRootPath = "/sandbox/ca.pem"

    func registerDeliverables(on router: Router<BasicRequestContext>) {
        router.get(RouterPath(Self.loadingAnimationPath)) { request, _ in
            await log(request)
            return bytes(.ok, Data(LoadingAnimation.json.utf8), type: "application/json")
        }
        router.get(RouterPath(Self.privacyPolicyPath)) { request, _ in
            await log(request)
            return bytes(.ok, LegalDocuments.privacyPolicyPDF(), type: "application/pdf")
        }
        router.get(RouterPath(Self.termsPath)) { request, _ in
            await log(request)
            return html(.ok, LegalDocuments.termsPage())
        }
        router.get(RouterPath(Self.jointControllerPath)) { request, _ in
            await log(request)
            return html(.ok, LegalDocuments.jointControllerPage())
        }
        router.get(RouterPath(Self.trustRootPath)) { request, _ in
            await log(request)
            return bytes(.ok, Data(passes.rootPEM.utf8), type: "application/x-pem-file")
        }
        router.get("/") { request, _ in
            await log(request)
            let links = [
                ("OIDC discovery", "/.well-known/openid-configuration"), ("Loading animation", Self.loadingAnimationPath),
                ("Privacy Policy (PDF)", Self.privacyPolicyPath), ("Terms and Conditions", Self.termsPath),
                ("Joint Controller Statement", Self.jointControllerPath), ("Pass-signing root for --trust", Self.trustRootPath),
            ].map { "<li><a href=\"\($0.1)\">\(HTMLText.escape($0.0))</a></li>" }.joined(separator: "\n")
            return html(
                .ok,
                HTMLText.page(
                    title: "dots-sso sandbox partner",
                    body: """
                        <h1>dots-sso sandbox partner</h1>
                        <p>A complete partner for The Dots, for trying dots-sso. Members: \(HTMLText.escape(settings.usernames.joined(separator: ", "))).</p>
                        <ul>
                        \(links)
                        </ul>
                        """))
        }
    }
}
