/// The pixel size an image file says it has (PNG's IHDR, a JPEG's start-of-frame, GIF's screen), read from its
/// header without decoding it: what decoding would cost is known before anything is decoded.
package enum ImageDimensions {
    /// Width and height, or nil when the header is not one of these or is cut short.
    package static func of(_ bytes: some Collection<UInt8>) -> (width: Int, height: Int)? {
        let data = Array(bytes.prefix(256 * 1024))
        func be16(_ at: Int) -> Int? { at + 1 < data.count ? Int(data[at]) << 8 | Int(data[at + 1]) : nil }
        func be32(_ at: Int) -> Int? {
            guard let high = be16(at), let low = be16(at + 2) else { return nil }
            return high << 16 | low
        }
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]), let width = be32(16), let height = be32(20) { return (width, height) }
        if data.starts(with: [0x47, 0x49, 0x46]), data.count >= 10 {
            return (Int(data[6]) | Int(data[7]) << 8, Int(data[8]) | Int(data[9]) << 8)
        }
        guard data.starts(with: [0xFF, 0xD8]) else { return nil }
        // JPEG: walk the marker segments to the first start-of-frame (SOF0–SOF15 but DHT, JPG and DAC).
        var at = 2
        while at + 3 < data.count, data[at] == 0xFF {
            let marker = data[at + 1]
            if marker == 0xFF {
                at += 1
                continue
            }
            guard let length = be16(at + 2), length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard let height = be16(at + 5), let width = be16(at + 7) else { return nil }
                return (width, height)
            }
            at += 2 + length
        }
        return nil
    }
}
