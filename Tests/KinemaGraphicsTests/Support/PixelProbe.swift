import KinemaGeometry
import KinemaGraphics
import Testing

/// The one tolerance helper for pixel probes: channels are compared as premultiplied 8-bit
/// values, and `tolerance` is the largest difference allowed in any channel (in 1/255 steps).
enum PixelTolerance {
    /// Exact colours from solid fills: cairo rounds each premultiplied channel once.
    static let exact = 0
    /// Interpolated colours (gradients, bilinear sampling): ≤ 2/255 per channel.
    static let interpolated = 2
}

/// The largest per-channel difference between two `0xAARRGGBB` pixels, in 1/255 steps.
func channelDifference(_ a: UInt32, _ b: UInt32) -> Int {
    var largest = 0
    for shift: UInt32 in [0, 8, 16, 24] {
        let x = Int((a >> shift) & 0xff)
        let y = Int((b >> shift) & 0xff)
        largest = max(largest, abs(x - y))
    }
    return largest
}

/// Expects the pixel at (x, y) to be `expected` (straight colour, premultiplied for comparison)
/// within `tolerance` steps of 1/255 in every channel.
func expectPixel(
    _ bitmap: Bitmap, _ x: Int, _ y: Int, _ expected: Color, tolerance: Int = PixelTolerance.exact,
    _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    let actual = bitmap.pixel(x: x, y: y)
    let wanted = Bitmap.premultipliedPixel(expected)
    #expect(
        channelDifference(actual, wanted) <= tolerance,
        "pixel (\(x), \(y)) is \(hex(actual)), expected \(hex(wanted)) ± \(tolerance)/255 \(comment.map { "— \($0)" } ?? "")",
        sourceLocation: sourceLocation)
}

/// Expects the pixel at (x, y) to be fully transparent.
func expectBlank(_ bitmap: Bitmap, _ x: Int, _ y: Int, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
    let actual = bitmap.pixel(x: x, y: y)
    #expect(
        actual == 0, "pixel (\(x), \(y)) is \(hex(actual)), expected blank \(comment.map { "— \($0)" } ?? "")",
        sourceLocation: sourceLocation)
}

/// `0xAARRGGBB` as hex.
func hex(_ p: UInt32) -> String {
    let digits = String(p, radix: 16)
    return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
}

/// The alpha (0…255) at (x, y).
func alpha(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> Int { Int(bitmap.pixel(x: x, y: y) >> 24) }

/// The smallest rectangle of pixels with non-zero alpha, as (minX, minY, maxX, maxY) inclusive,
/// or `nil` for a blank bitmap.
func inkBounds(_ bitmap: Bitmap, threshold: Int = 0) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
    var result: (Int, Int, Int, Int)?
    for y in 0..<bitmap.height {
        for x in 0..<bitmap.width where alpha(bitmap, x, y) > threshold {
            if let r = result {
                result = (min(r.0, x), min(r.1, y), max(r.2, x), max(r.3, y))
            } else {
                result = (x, y, x, y)
            }
        }
    }
    return result.map { (minX: $0.0, minY: $0.1, maxX: $0.2, maxY: $0.3) }
}

/// A new transparent bitmap and a context on it.
func makeCanvas(_ width: Int, _ height: Int) throws -> (Bitmap, GraphicsContext) {
    let bitmap = try Bitmap(width: width, height: height)
    return (bitmap, GraphicsContext(bitmap: bitmap))
}
