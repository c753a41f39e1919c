import Foundation
import Kinema

/// The grid's "photos": little landscapes drawn in code (a sky, a sun, three rows of hills),
/// each with its own colours, 320 × 480 points like the post's sample images, drawn at 2 pixels
/// per point and written as PNG files, since a Kinema ``Image`` is a file.
///
/// The post's sample draws its images with `UIGraphicsBeginImageContextWithOptions` (three
/// random circles on light grey, drawn anew each time a cell is shown); here the same index
/// always gives the same picture.
public enum PhotoLibrary {
    /// The size of every photo, points.
    public static let photoSize = Size(width: 320, height: 480)
    /// Pixels per point of the files.
    public static let scale = 2.0
    /// How many photos there are.
    public static let count = 24

    /// The folder the files go to: `kinema-photo-zoom` in the temporary directory.
    public static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinema-photo-zoom")

    /// The photos, drawn and written once per process, on first use.
    public static let photos: [Image] = makePhotos()

    /// Draws every photo and writes it to ``folder``. Each file is written under a name of its
    /// own, then renamed into place, so that two processes (two test runs, the app and its
    /// tests) never read a half-written file.
    static func makePhotos() -> [Image] {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let pid = ProcessInfo.processInfo.processIdentifier
        return (0..<count).map { index in
            let path = folder.appendingPathComponent("photo-\(index)@2x.png").path
            let scratch = path + ".\(pid).tmp"
            // A photo that cannot be written stays missing: the renderer then reports its path.
            if (try? makeBitmap(index: index).writePNG(to: scratch)) != nil, rename(scratch, path) != 0 {
                try? FileManager.default.removeItem(atPath: scratch)
            }
            return Image(
                source: path, pixelSize: Size(width: photoSize.width * scale, height: photoSize.height * scale), scale: scale)
        }
    }

    /// Photo `index` as a bitmap, 640 × 960 pixels.
    public static func makeBitmap(index: Int) throws -> Bitmap {
        let bitmap = try Bitmap(width: Int(photoSize.width * scale), height: Int(photoSize.height * scale))
        let ctx = GraphicsContext(bitmap: bitmap)
        ctx.scaleBy(x: scale, y: scale)
        draw(index: index, in: ctx)
        ctx.flush()
        return bitmap
    }

    /// Draws photo `index` in points, in a 320 × 480 area.
    static func draw(index: Int, in ctx: GraphicsContext) {
        var random = SplitMix(seed: UInt64(index) &+ 0x9E37_79B9)
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
            let shade = Color(
                hue: (hue + 0.25 + 0.05 * Double(row)).truncatingRemainder(dividingBy: 1), saturation: 0.5,
                brightness: 0.75 - 0.2 * Double(row) - (isDusk ? 0.25 : 0))
            ctx.fill(hills, color: shade)
        }
    }
}

/// A small seeded generator (SplitMix64), so that a photo's index decides its picture.
private struct SplitMix {
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
