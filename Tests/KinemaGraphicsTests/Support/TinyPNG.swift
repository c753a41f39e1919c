/// A minimal PNG encoder for tests: builds files in colour types cairo's own encoder never
/// writes (grey, grey + alpha, 16-bit), with uncompressed ("stored") deflate blocks, so that
/// decoding can be tested independently of the encoder under test.
enum TinyPNG {
    enum ColorType: UInt8 {
        case grey = 0
        case rgb = 2
        case greyAlpha = 4
        case rgba = 6

        var channels: Int {
            switch self {
            case .grey: 1
            case .rgb: 3
            case .greyAlpha: 2
            case .rgba: 4
            }
        }
    }

    /// A PNG file of `width × height` pixels; `samples` holds each row's channel values in order
    /// (one byte per sample at depth 8, two big-endian bytes at depth 16). `filterTypes` gives
    /// rows a filter type byte other than None (0), by row index from 0, valid or not.
    static func make(
        width: Int, height: Int, colorType: ColorType, bitDepth: UInt8 = 8, samples: [UInt8], filterTypes: [Int: UInt8] = [:]
    ) -> [UInt8] {
        var header: [UInt8] = []
        header += be32(UInt32(width)) + be32(UInt32(height))
        header += [bitDepth, colorType.rawValue, 0, 0, 0]
        let rowBytes = width * colorType.channels * Int(bitDepth) / 8
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(filterTypes[y] ?? 0)  // filter type None unless given
            raw += samples[(y * rowBytes)..<((y + 1) * rowBytes)]
        }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xff), UInt8((v >> 8) & 0xff), UInt8(v & 0xff)] }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc32(body))
    }

    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let n = min(65535, data.count - offset)
            let isLast: UInt8 = offset + n == data.count ? 1 : 0
            out += [isLast, UInt8(n & 0xff), UInt8(n >> 8), UInt8(~n & 0xff), UInt8((~n >> 8) & 0xff)]
            out += data[offset..<(offset + n)]
            offset += n
        } while offset < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return out + be32(b << 16 | a)
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xffff_ffff
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xedb8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
