import DotsSSOBasics
import DotsSSOCore
import Hummingbird

/// The loopback listening the executable puts on the context: one GET path on a `LoopbackServer`, each request's raw
/// query handed to the core's answer, the page written with its headers.
package struct HummingbirdLoopback: LoopbackListening {
    package init() {}

    package func listen(
        host: String, port: Int, path: String, label: String, answer: @escaping @Sendable (String) async -> LoopbackPage,
        onExit: @escaping @Sendable () -> Void
    ) async throws -> any LoopbackListener {
        // The same headers for every page: made once per listener, not once per request.
        var headers = HTTPFields()
        for (name, value) in LoopbackPage.headers {
            if let field = HTTPFields.Element.Name(name) { headers[field] = value }
        }
        let router = Router()
        router.get(RouterPath(path)) { [headers] request, _ -> Response in
            let page = await answer(request.uri.query ?? "")
            return Response(
                status: HTTPResponse.Status(code: page.status), headers: headers,
                body: ResponseBody(byteBuffer: ByteBuffer(string: page.html)))
        }
        return try await LoopbackServer.start(router: router, host: host, port: port, label: label, onExit: onExit)
    }
}

extension LoopbackServer: LoopbackListener {}
