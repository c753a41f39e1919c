import KinemaGraphics

/// Converts the renderer's premultiplied pixels into the straight-alpha bytes that image and
/// video formats store.
enum PixelConversion {
    /// Whether every pixel of `bitmap` has alpha 255 (then premultiplied and straight agree).
    static func isOpaque(_ bitmap: Bitmap) -> Bool {
        for y in 0..<bitmap.height {
            let row = bitmap.row(y)
            for x in 0..<bitmap.width where row[x] >> 24 != 0xff { return false }
        }
        return true
    }

    /// The straight-alpha value of the premultiplied channel `c` under alpha `a`, rounded to
    /// nearest: `c · 255 / a`, at most 255; 0 when `a` is 0.
    @inline(__always)
    static func straight(_ c: UInt32, alpha a: UInt32) -> UInt8 {
        guard a != 0 else { return 0 }
        return UInt8(min(255, (c * 255 + a / 2) / a))
    }

    /// Writes `bitmap` as straight-alpha B, G, R, A bytes, rows packed, into `bytes` (resized to
    /// `width · height · 4`).
    static func straightBGRA(_ bitmap: Bitmap, into bytes: inout [UInt8]) {
        let w = bitmap.width, h = bitmap.height
        if bytes.count != w * h * 4 { bytes = [UInt8](repeating: 0, count: w * h * 4) }
        bytes.withUnsafeMutableBufferPointer { out in
            var o = 0
            for y in 0..<h {
                let row = bitmap.row(y)
                for x in 0..<w {
                    let p = row[x], a = p >> 24
                    if a == 0xff {
                        out[o] = UInt8(p & 0xff)
                        out[o + 1] = UInt8((p >> 8) & 0xff)
                        out[o + 2] = UInt8((p >> 16) & 0xff)
                    } else {
                        out[o] = straight(p & 0xff, alpha: a)
                        out[o + 1] = straight((p >> 8) & 0xff, alpha: a)
                        out[o + 2] = straight((p >> 16) & 0xff, alpha: a)
                    }
                    out[o + 3] = UInt8(a)
                    o += 4
                }
            }
        }
    }
}
