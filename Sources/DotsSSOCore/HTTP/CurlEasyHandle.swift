import CCurl
import Foundation

/// Owns one `CURL` easy handle and the header list it points at; both are freed in `deinit`.
final class CurlEasyHandle {
    let raw: UnsafeMutableRawPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?
    /// curl writes its detailed error text here; it must live as long as the handle.
    let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)

    private static let globalInit: CURLcode = dots_curl_global_init()

    init() throws {
        guard Self.globalInit == CURLE_OK, let handle = curl_easy_init() else {
            throw HTTPError.transport(url: "-", detail: "libcurl could not be initialised")
        }
        raw = handle
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        set(CURLOPT_ERRORBUFFER, pointer: UnsafeMutableRawPointer(errorBuffer))
    }

    deinit {
        curl_easy_cleanup(raw)
        if let headerList { curl_slist_free_all(headerList) }
        errorBuffer.deallocate()
    }

    func set(_ option: CURLoption, _ value: Int) {
        _ = dots_curl_setopt_long(raw, option, value)
    }

    func set(_ option: CURLoption, _ value: String) {
        _ = value.withCString { dots_curl_setopt_string(raw, option, $0) }  // curl copies strings (7.17+)
    }

    func set(_ option: CURLoption, pointer: UnsafeMutableRawPointer?) {
        _ = dots_curl_setopt_pointer(raw, option, pointer)
    }

    func set(_ option: CURLoption, offset value: Int64) {
        _ = dots_curl_setopt_off(raw, option, value)
    }

    func setHeaders(_ lines: [String]) {
        if let headerList { curl_slist_free_all(headerList) }
        headerList = nil
        for line in lines {
            headerList = curl_slist_append(headerList, line)
        }
        _ = dots_curl_setopt_slist(raw, CURLOPT_HTTPHEADER, headerList)
    }

    func long(_ info: CURLINFO) -> Int {
        var value = 0
        _ = dots_curl_getinfo_long(raw, info, &value)
        return value
    }

    func offset(_ info: CURLINFO) -> Int64 {
        var value: Int64 = 0
        _ = dots_curl_getinfo_off(raw, info, &value)
        return value
    }

    func string(_ info: CURLINFO) -> String? {
        var value: UnsafePointer<CChar>?
        guard dots_curl_getinfo_string(raw, info, &value) == CURLE_OK, let value else { return nil }
        return String(cString: value)
    }

    var errorText: String { String(cString: errorBuffer) }
}
