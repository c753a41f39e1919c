import Foundation
import KinemaGeometry
import KinemaGraphics

/// The demos' "photos": little landscapes drawn in code (a sky, a sun with a glow, three rows of
/// hills), each with colours of its own, 320 × 480 points, so that a photo grid needs no image
/// files that someone else made. The same index always gives the same picture.
///
/// A Kinema image is a file, so ``write(count:to:)`` draws them at 2 pixels per point and saves
/// them as PNG files, each under a scratch name first and then renamed into place, so that two
/// processes writing the same folder never read a half-written file.
public enum DemoPhotos {
    /// The size of every photo, in points.
    public static let photoSize = Size(width: 320, height: 480)
    /// Pixels per point of the files. 2.
    public static let scale = 2.0

    /// The file name of photo `index`: `photo-INDEX@2x.png` (the `@2x` gives the image its scale).
    public static func fileName(index: Int) -> String { "photo-\(index)@2x.png" }

    /// Photo `index` as a bitmap, 640 × 960 pixels.
    public static func bitmap(index: Int) throws -> Bitmap {
        let bitmap = try Bitmap(width: Int(photoSize.width * scale), height: Int(photoSize.height * scale))
        let ctx = GraphicsContext(bitmap: bitmap)
        ctx.scaleBy(x: scale, y: scale)
        draw(index: index, in: ctx)
        ctx.flush()
        return bitmap
    }

    /// Writes photos `0..<count` into `folder` (created if missing) unless a file of that name is
    /// already there, and returns their paths.
    ///
    /// - Throws: the first error creating the folder or writing a file.
    public static func write(count: Int, to folder: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return try (0..<max(count, 0)).map { index in
            let path = (folder as NSString).appendingPathComponent(fileName(index: index))
            guard !FileManager.default.fileExists(atPath: path) else { return path }
            // Whole or not at all: a process writing the same photo at once replaces it with the
            // same bytes.
            try bitmap(index: index).writePNG(to: path)
            return path
        }
    }

    /// Draws photo `index` in points, in a 320 × 480 area from the origin.
    public static func draw(index: Int, in ctx: GraphicsContext) {
        var random = SplitMix(seed: UInt64(truncatingIfNeeded: index) &+ 0x9E37_79B9)
        let w = photoSize.width, h = photoSize.height
        let hue = (Double(index) * 0.137 + 0.55).truncatingRemainder(dividingBy: 1)
        let isDusk = index % 3 == 2
        // The sky.
        let top = Color(hue: hue, saturation: isDusk ? 0.55 : 0.45, brightness: isDusk ? 0.55 : 0.95)
        let horizon = Color(hue: (hue + 0.1).truncatingRemainder(dividingBy: 1), saturation: 0.35, brightness: 1)
        ctx.fillLinearGradient(Gradient(colors: [top, horizon]), start: Point(x: 0, y: 0), end: Point(x: 0, y: h * 0.7))
        // The sun, with a glow.
        let sun = Point(x: w * random.next(in: 0.2...0.8), y: h * random.next(in: 0.15...0.45))
        let radius = random.next(in: 24...48)
        let warm = Color(hue: random.next(in: 0.05...0.14), saturation: 0.7, brightness: 1)
        ctx.saveGState()
        ctx.clip(to: Rect(x: 0, y: 0, width: w, height: h))
        ctx.fillRadialGradient(
            Gradient(colors: [warm.withAlpha(0.55), warm.withAlpha(0)]), startCenter: sun, startRadius: radius,
            endCenter: sun, endRadius: radius * 3)
        ctx.restoreGState()
        ctx.fill(Path(ellipseIn: Rect(x: sun.x - radius, y: sun.y - radius, width: radius * 2, height: radius * 2)), color: warm)
        // Three rows of hills, darker towards the front.
        for row in 0..<3 {
            let shade = Color(
                hue: (hue + 0.25 + 0.05 * Double(row)).truncatingRemainder(dividingBy: 1), saturation: 0.5,
                brightness: 0.75 - 0.2 * Double(row) - (isDusk ? 0.25 : 0))
            ctx.fill(hills(row: row, width: w, height: h, random: &random), color: shade)
        }
    }

    /// One row of hills: quadratic humps along a base line, closed along the bottom.
    static func hills(row: Int, width w: Double, height h: Double, random: inout SplitMix) -> Path {
        let base = h * (0.55 + 0.13 * Double(row))
        var hills = Path()
        hills.move(to: Point(x: 0, y: h))
        hills.addLine(to: Point(x: 0, y: base))
        var x = 0.0
        while x < w {
            let step = random.next(in: 70...140)
            let peak = base - random.next(in: 20...70)
            hills.addQuadCurve(to: Point(x: x + step, y: base + random.next(in: -10...10)), control: Point(x: x + step / 2, y: peak))
            x += step
        }
        hills.addLine(to: Point(x: w, y: h))
        hills.closeSubpath()
        return hills
    }
}

/// A small seeded generator (SplitMix64, Steele, Lea and Flood 2014), so that a photo's index
/// decides its picture.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range`, uniformly.
    mutating func next(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * Double(next() >> 11) / Double(1 << 53)
    }
}
