import DotsSSOBasics
import Foundation
import Testing

@testable import DotsSSOCore

/// How response header lines from libcurl become the headers every command reads.
@Suite("curl transfer headers")
struct CurlTransferTests {
    func take(_ lines: [String], into transfer: CurlTransfer) {
        for line in lines {
            let bytes = Array(line.utf8)
            bytes.withUnsafeBufferPointer { transfer.take(headerLine: $0) }
        }
    }

    @Test("names and values lose their optional whitespace and the CRLF; a value keeps its colons and its inner spaces")
    func fields() {
        let transfer = CurlTransfer(limit: 0)
        take(
            [
                "HTTP/1.1 200 OK\r\n", "Content-Type: \t application/vnd.apple.pkpass ; charset=x \r\n",
                "Location:https://a.example:8443/p?q=1\r\n",
                "X-Empty:\r\n", "X-Name: Zoë  Smith\r\n", "no colon here\r\n", "\r\n",
            ], into: transfer)
        #expect(transfer.statusLine == "HTTP/1.1 200 OK")
        #expect(transfer.headers.map(\.name) == ["Content-Type", "Location", "X-Empty", "X-Name"])
        #expect(
            transfer.headers.map(\.value) == ["application/vnd.apple.pkpass ; charset=x", "https://a.example:8443/p?q=1", "", "Zoë  Smith"])
        let response = HTTPResponse(
            status: 200, headers: transfer.headers, body: Data(), url: URL(string: "https://a.example/")!, duration: 0)
        #expect(response.mediaType == "application/vnd.apple.pkpass")
    }

    @Test("a second status line (after 100 Continue) starts the headers over")
    func interimResponse() {
        let transfer = CurlTransfer(limit: 0)
        take(
            ["HTTP/1.1 100 Continue\r\n", "X-Interim: 1\r\n", "\r\n", "HTTP/1.1 404 Not Found\r\n", "Content-Type: TEXT/HTML\r\n"],
            into: transfer)
        #expect(transfer.statusLine == "HTTP/1.1 404 Not Found")
        #expect(transfer.headers.map(\.name) == ["Content-Type"])
        let response = HTTPResponse(
            status: 404, headers: transfer.headers, body: Data(), url: URL(string: "https://a.example/")!, duration: 0)
        #expect(response.mediaType == "text/html")
    }
}
