import DotsSSOBasics
import DotsSSOCore

/// An animated GIF written frame by frame: each frame gets its own 255-colour palette (the most used colours, 5 bits a
/// channel) plus one transparent entry, LZW-compressed, looping forever. Enough for a flat-coloured loader; no dithering.
struct GIFEncoder {
    let width: Int
    let height: Int
    private(set) var bytes: [UInt8] = []
    private(set) var frameCount = 0

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        bytes += Array("GIF89a".utf8)
        append16(width)
        append16(height)
        bytes += [0x00, 0x00, 0x00]  // no global colour table
        bytes += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0x00, 0x00, 0x00]  // loop forever
    }

    /// Adds a frame of premultiplied ARGB pixels (`stride` bytes a row) shown for `delay` hundredths of a second.
    mutating func add(_ pixels: UnsafePointer<UInt32>, stride: Int, delay: Int) {
        var sums = [Int](repeating: 0, count: 32768 * 4)  // per 15-bit colour: count, red, green, blue
        var keys = [Int32](repeating: -1, count: width * height)
        for y in 0..<height {
            let row = pixels + y * (stride / 4)
            for x in 0..<width {
                let pixel = row[x]
                let alpha = Int(pixel >> 24)
                guard alpha >= 128 else { continue }
                let red = Int(pixel >> 16 & 0xFF) * 255 / alpha, green = Int(pixel >> 8 & 0xFF) * 255 / alpha,
                    blue = Int(pixel & 0xFF) * 255 / alpha
                let key = (min(red, 255) >> 3) << 10 | (min(green, 255) >> 3) << 5 | min(blue, 255) >> 3
                keys[y * width + x] = Int32(key)
                sums[key * 4] += 1
                sums[key * 4 + 1] += min(red, 255)
                sums[key * 4 + 2] += min(green, 255)
                sums[key * 4 + 3] += min(blue, 255)
            }
        }
        let used = (0..<32768).filter { sums[$0 * 4] > 0 }
        let chosen = used.sorted { sums[$0 * 4] > sums[$1 * 4] }.prefix(255)
        var palette: [(Int, Int, Int)] = [(0, 0, 0)]  // entry 0: transparent
        for key in chosen {
            let count = sums[key * 4]
            palette.append((sums[key * 4 + 1] / count, sums[key * 4 + 2] / count, sums[key * 4 + 3] / count))
        }
        var index = [UInt8](repeating: 0, count: 32768)
        for key in used {
            let r = (key >> 10) << 3 + 4, g = (key >> 5 & 31) << 3 + 4, b = (key & 31) << 3 + 4
            var best = 1, bestDistance = Int.max
            for entry in 1..<palette.count {
                let (pr, pg, pb) = palette[entry]
                let distance = (pr - r) * (pr - r) + (pg - g) * (pg - g) + (pb - b) * (pb - b)
                if distance < bestDistance { best = entry; bestDistance = distance }
            }
            index[key] = UInt8(best)
        }
        let indices = keys.map { $0 < 0 ? UInt8(0) : index[Int($0)] }

        bytes += [0x21, 0xF9, 0x04, 0x09]  // graphic control: restore to background after, entry 0 transparent
        append16(max(2, delay))
        bytes += [0x00, 0x00]
        bytes += [0x2C, 0, 0, 0, 0]
        append16(width)
        append16(height)
        bytes.append(0x87)  // a local colour table of 256 entries
        for entry in 0..<256 {
            let (r, g, b) = entry < palette.count ? palette[entry] : (0, 0, 0)
            bytes += [UInt8(r), UInt8(g), UInt8(b)]
        }
        bytes.append(8)
        let compressed = Self.lzw(indices)
        var offset = 0
        while offset < compressed.count {
            let length = min(255, compressed.count - offset)
            bytes.append(UInt8(length))
            bytes += compressed[offset..<offset + length]
            offset += length
        }
        bytes.append(0)
        frameCount += 1
    }

    /// The file, with its trailer.
    func finished() -> [UInt8] { bytes + [0x3B] }

    private mutating func append16(_ value: Int) {
        bytes += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)]
    }

    /// GIF's variable-width LZW over 8-bit indices: clear code 256, end 257, codes up to 12 bits, a clear when full.
    static func lzw(_ indices: [UInt8]) -> [UInt8] {
        let clear = 256, end = 257
        var output: [UInt8] = []
        var bitBuffer = 0, bitCount = 0
        var codeSize = 9
        func emit(_ code: Int) {
            bitBuffer |= code << bitCount
            bitCount += codeSize
            while bitCount >= 8 {
                output.append(UInt8(bitBuffer & 0xFF))
                bitBuffer >>= 8
                bitCount -= 8
            }
        }
        var table: [Int: Int] = [:]
        table.reserveCapacity(4096)
        var next = 258
        emit(clear)
        guard var prefix = indices.first.map(Int.init) else {
            emit(end)
            if bitCount > 0 { output.append(UInt8(bitBuffer & 0xFF)) }
            return output
        }
        for byte in indices.dropFirst() {
            let key = prefix << 8 | Int(byte)
            if let code = table[key] {
                prefix = code
                continue
            }
            emit(prefix)
            if next < 4096 {
                table[key] = next
                next += 1
                if next > (1 << codeSize) && codeSize < 12 { codeSize += 1 }
            } else {
                emit(clear)
                table.removeAll(keepingCapacity: true)
                next = 258
                codeSize = 9
            }
            prefix = Int(byte)
        }
        emit(prefix)
        emit(end)
        if bitCount > 0 { output.append(UInt8(bitBuffer & 0xFF)) }
        return output
    }
}
