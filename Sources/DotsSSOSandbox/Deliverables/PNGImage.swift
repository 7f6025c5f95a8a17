import DotsSSOCore
import FoundationEssentials

/// Real PNG files (8-bit RGBA, stored deflate blocks) drawn from a pixel function: the sandbox's pass images.
enum PNGImage {
    typealias Pixel = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)

    static func draw(width: Int, height: Int, _ pixel: (Int, Int) -> Pixel) -> Data {
        var raw = Data(capacity: (width * 4 + 1) * height)
        for y in 0..<height {
            raw.append(0)  // filter: none
            for x in 0..<width {
                let p = pixel(x, y)
                raw.append(contentsOf: [p.r, p.g, p.b, p.a])
            }
        }
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        png.append(chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + Data([8, 6, 0, 0, 0])))
        png.append(chunk("IDAT", zlibStored(raw)))
        png.append(chunk("IEND", Data()))
        return png
    }

    /// A filled circle (the sandbox's "dot") on a transparent square.
    static func dot(size: Int, color: Pixel) -> Data {
        let centre = Double(size - 1) / 2, radius = Double(size) * 0.42
        return draw(width: size, height: size) { x, y in
            let distance = ((Double(x) - centre) * (Double(x) - centre) + (Double(y) - centre) * (Double(y) - centre)).squareRoot()
            return distance <= radius ? color : (0, 0, 0, 0)
        }
    }

    static func chunk(_ type: String, _ body: Data) -> Data {
        let typed = Data(type.utf8) + body
        return bigEndian(UInt32(body.count)) + typed + bigEndian(CRC32.of(typed))
    }

    /// A zlib stream of stored (uncompressed) deflate blocks: valid for every decoder, and these images are tiny.
    static func zlibStored(_ data: Data) -> Data {
        var out = Data([0x78, 0x01])
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let last: UInt8 = offset + length >= data.count ? 1 : 0
            out.append(last)
            out.append(contentsOf: [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)])
            out.append(data[data.startIndex + offset..<data.startIndex + offset + length])
            offset += length
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + bigEndian(b << 16 | a)
    }

    static func bigEndian(_ value: UInt32) -> Data {
        Data([UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }
}
