import KinemaGraphics

/// A small, dependency-free PNG writer: 8-bit RGB (when every pixel is opaque) or RGBA, straight
/// alpha, no filtering, and zlib "stored" (uncompressed) deflate blocks.
///
/// Files are about as large as the raw pixels (3 or 4 bytes per pixel), but any PNG reader opens
/// them, the bytes depend only on the pixels, and single frames need no ffmpeg. When the graphics
/// module gains a compressing encoder (cairo's `cairo_surface_write_to_png_stream`), ``PNGSink``
/// can switch to it without changing its interface.
package enum PNGEncoder {
    /// The PNG file for `bitmap`, un-premultiplying translucent pixels.
    package static func encode(_ bitmap: Bitmap) -> [UInt8] {
        let opaque = PixelConversion.isOpaque(bitmap)
        let channels = opaque ? 3 : 4
        let w = bitmap.width, h = bitmap.height
        var raw = [UInt8](repeating: 0, count: (w * channels + 1) * h)
        raw.withUnsafeMutableBufferPointer { out in
            var o = 0
            for y in 0..<h {
                out[o] = 0  // filter type None
                o += 1
                let row = bitmap.row(y)
                for x in 0..<w {
                    let p = row[x], a = p >> 24
                    let r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff
                    if opaque {
                        out[o] = UInt8(r)
                        out[o + 1] = UInt8(g)
                        out[o + 2] = UInt8(b)
                    } else {
                        out[o] = PixelConversion.straight(r, alpha: a)
                        out[o + 1] = PixelConversion.straight(g, alpha: a)
                        out[o + 2] = PixelConversion.straight(b, alpha: a)
                        out[o + 3] = UInt8(a)
                    }
                    o += channels
                }
            }
        }
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = [UInt8]()
        header.appendBigEndian(UInt32(w))
        header.appendBigEndian(UInt32(h))
        header += [8, opaque ? 2 : 6, 0, 0, 0]  // bit depth, colour type, compression, filter, interlace
        appendChunk("IHDR", header, to: &file)
        appendChunk("IDAT", zlibStored(raw), to: &file)
        appendChunk("IEND", [], to: &file)
        return file
    }

    /// Appends a chunk: length, type, data, and the CRC-32 of type and data.
    static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        file.appendBigEndian(UInt32(data.count))
        file += typeBytes
        file += data
        var crc = CRC32()
        crc.update(typeBytes)
        crc.update(data)
        file.appendBigEndian(crc.value)
    }

    /// A zlib stream (RFC 1950) holding `data` in deflate "stored" blocks (RFC 1951 § 3.2.4) of at
    /// most 65,535 bytes each.
    package static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        let blockSize = 65_535
        var out: [UInt8] = [0x78, 0x01]  // deflate, 32 KiB window, no preset dictionary, FCHECK
        out.reserveCapacity(data.count + data.count / blockSize * 5 + 11)
        var start = 0
        repeat {
            let end = min(start + blockSize, data.count)
            let length = UInt16(end - start)
            out.append(end == data.count ? 1 : 0)  // BFINAL, BTYPE 00
            out += [UInt8(length & 0xff), UInt8(length >> 8), UInt8(~length & 0xff), UInt8(~length >> 8)]
            out += data[start..<end]
            start = end
        } while start < data.count
        out.appendBigEndian(adler32(data))
        return out
    }

    /// The Adler-32 checksum (RFC 1950 § 8.2) of `data`.
    package static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        var index = 0
        while index < data.count {
            // 5552 bytes is the most that cannot overflow 32 bits before the reduction.
            let end = min(index + 5552, data.count)
            for i in index..<end {
                a &+= UInt32(data[i])
                b &+= a
            }
            a %= 65_521
            b %= 65_521
            index = end
        }
        return b << 16 | a
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8((value >> 16) & 0xff), UInt8((value >> 8) & 0xff), UInt8(value & 0xff)])
    }
}
