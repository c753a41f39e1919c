import KinemaGeometry
import KinemaGraphics
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The colour a gradient should have at `t`, worked out independently of the library: stops
/// padded at both ends and interpolated linearly on straight (not premultiplied) components.
func expectedColor(_ stops: [(Double, Color)], at t: Double) -> Color {
    guard let first = stops.first, let last = stops.last else { return .clear }
    if t <= first.0 { return first.1 }
    if t >= last.0 { return last.1 }
    let i = stops.lastIndex { $0.0 <= t } ?? 0
    let (l0, c0) = stops[i]
    let (l1, c1) = stops[i + 1]
    let f = (t - l0) / (l1 - l0)
    return Color(
        red: c0.red + (c1.red - c0.red) * f, green: c0.green + (c1.green - c0.green) * f, blue: c0.blue + (c1.blue - c0.blue) * f,
        alpha: c0.alpha + (c1.alpha - c0.alpha) * f)
}

@Suite("Gradients")
struct GradientTests {
    static let twoStops = [(0.0, Color.red), (1.0, Color.blue)]
    static let threeStops = [(0.0, Color.yellow), (0.2, Color.green.withAlpha(0.5)), (1.0, Color(red: 0.1, green: 0.2, blue: 0.9))]

    static func gradient(_ stops: [(Double, Color)]) -> Gradient {
        Gradient(colors: stops.map(\.1), locations: stops.map(\.0))
    }

    struct AxisCase: CustomTestStringConvertible, Sendable {
        var name: String
        var start: Point
        var end: Point
        var testDescription: String { name }
    }

    /// Probes every 7th pixel of a 120 × 90 bitmap: the colour depends on the projection of the
    /// pixel centre onto start → end, padded outside.
    @Test(arguments: [
        AxisCase(name: "horizontal", start: Point(x: 10, y: 0), end: Point(x: 110, y: 0)),
        AxisCase(name: "vertical", start: Point(x: 0, y: 80), end: Point(x: 0, y: 20)),
        AxisCase(name: "diagonal", start: Point(x: 20, y: 10), end: Point(x: 90, y: 70)),
    ])
    func linearGradientColoursFollowTheAxis(_ c: AxisCase) throws {
        for stops in [Self.twoStops, Self.threeStops] {
            let (bitmap, context) = try makeCanvas(120, 90)
            context.fillLinearGradient(Self.gradient(stops), start: c.start, end: c.end)
            let dx = c.end.x - c.start.x
            let dy = c.end.y - c.start.y
            for y in stride(from: 0, to: 90, by: 7) {
                for x in stride(from: 0, to: 120, by: 7) {
                    let t = ((Double(x) + 0.5 - c.start.x) * dx + (Double(y) + 0.5 - c.start.y) * dy) / (dx * dx + dy * dy)
                    expectPixel(bitmap, x, y, expectedColor(stops, at: t), tolerance: PixelTolerance.interpolated, "t = \(t)")
                }
            }
        }
    }

    /// cairo interpolates straight colours, as Core Graphics does: transparent black to white
    /// is grey and half transparent in the middle, not half-transparent white.
    @Test func interpolationIsOnStraightComponents() throws {
        let (bitmap, context) = try makeCanvas(100, 4)
        context.fillLinearGradient(Gradient(colors: [.clear, .white]), start: .zero, end: Point(x: 100, y: 0))
        let t = 0.495  // the centre of pixel 49
        expectPixel(bitmap, 49, 1, expectedColor([(0, .clear), (1, .white)], at: t), tolerance: 1)
        let premultipliedMix = Bitmap.premultipliedPixel(Color(white: 1, alpha: t))
        #expect(channelDifference(bitmap.pixel(x: 49, y: 1), premultipliedMix) > 50)
    }

    @Test func radialGradientColoursFollowTheRadius() throws {
        let (bitmap, context) = try makeCanvas(100, 100)
        let centre = Point(x: 50, y: 45)
        context.fillRadialGradient(Self.gradient(Self.threeStops), startCenter: centre, startRadius: 10, endCenter: centre, endRadius: 40)
        for y in stride(from: 0, to: 100, by: 6) {
            for x in stride(from: 0, to: 100, by: 6) {
                let d = Point(x: Double(x) + 0.5, y: Double(y) + 0.5).distance(to: centre)
                expectPixel(
                    bitmap, x, y, expectedColor(Self.threeStops, at: (d - 10) / 30), tolerance: PixelTolerance.interpolated, "r = \(d)")
            }
        }
    }

    struct ConicCase: CustomTestStringConvertible, Sendable {
        /// The pixel probed; its centre lies exactly at `angle` around (50.5, 50.5).
        var x: Int
        var y: Int
        /// Degrees clockwise from +x on the y-down bitmap.
        var angle: Double
        var testDescription: String { "\(angle)° at (\(x), \(y))" }
    }

    static let conicCases = [
        ConicCase(x: 80, y: 50, angle: 0), ConicCase(x: 71, y: 71, angle: 45), ConicCase(x: 50, y: 80, angle: 90),
        ConicCase(x: 30, y: 70, angle: 135), ConicCase(x: 20, y: 50, angle: 180), ConicCase(x: 50, y: 20, angle: 270),
        ConicCase(x: 79, y: 21, angle: 315),
    ]

    @Test(arguments: conicCases, [0.0, 90.0, 200.0])
    func conicGradientColoursFollowTheAngleClockwise(_ c: ConicCase, startDegrees: Double) throws {
        let (bitmap, context) = try makeCanvas(100, 100)
        context.fillConicGradient(Self.gradient(Self.threeStops), center: Point(x: 50.5, y: 50.5), startAngle: startDegrees * .pi / 180)
        var t = (c.angle - startDegrees) / 360
        t -= t.rounded(.down)
        expectPixel(bitmap, c.x, c.y, expectedColor(Self.threeStops, at: t), tolerance: PixelTolerance.interpolated)
    }

    /// The angle is measured in user space: after a quarter turn, user angle 0 points down.
    @Test func conicGradientAnglesAreInUserSpace() throws {
        let (bitmap, context) = try makeCanvas(100, 100)
        context.translateBy(x: 50.5, y: 50.5)
        context.rotate(by: .pi / 2)
        context.scaleBy(x: 1, y: 2)
        context.fillConicGradient(Self.gradient(Self.twoStops), center: .zero, startAngle: 0)
        // Straight down on the bitmap is user angle 0; straight left is user angle 90°.
        expectPixel(bitmap, 50, 80, expectedColor(Self.twoStops, at: 0), tolerance: PixelTolerance.interpolated)
        expectPixel(bitmap, 20, 50, expectedColor(Self.twoStops, at: 0.25), tolerance: PixelTolerance.interpolated)
        expectPixel(bitmap, 50, 20, expectedColor(Self.twoStops, at: 0.5), tolerance: PixelTolerance.interpolated)
    }

    @Test func conicGradientFillsOnlyTheClip() throws {
        let (bitmap, context) = try makeCanvas(100, 100)
        context.clip(to: Path(ellipseIn: Rect(x: 20, y: 30, width: 40, height: 30)))
        context.fillConicGradient(Self.gradient(Self.twoStops), center: Point(x: 40, y: 45), startAngle: 0)
        let ink = try #require(inkBounds(bitmap))
        #expect(ink.minX == 20 && ink.maxX == 59 && ink.minY == 30 && ink.maxY == 59)
        #expect(alpha(bitmap, 40, 45) == 255)
    }

    @Test func gradientsExtendPastBothEnds() throws {
        let (bitmap, context) = try makeCanvas(100, 10)
        context.fillLinearGradient(Self.gradient(Self.twoStops), start: Point(x: 40, y: 0), end: Point(x: 60, y: 0))
        expectPixel(bitmap, 0, 5, .red)
        expectPixel(bitmap, 99, 5, .blue)
    }

    @Test func emptyGradientsDrawNothingAndOneColourIsSolid() throws {
        let (bitmap, context) = try makeCanvas(30, 10)
        context.fillLinearGradient(Gradient(colors: []), start: .zero, end: Point(x: 30, y: 0))
        context.fillRadialGradient(Gradient(colors: []), startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: 10)
        context.fillConicGradient(Gradient(colors: []), center: .zero, startAngle: 0)
        #expect(inkBounds(bitmap) == nil)
        context.fillRadialGradient(Gradient(colors: [.orange]), startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: 10)
        expectPixel(bitmap, 29, 9, .orange)
    }

    @Test func gradientsFillTheClipOnly() throws {
        let (bitmap, context) = try makeCanvas(40, 40)
        context.clip(to: Rect(x: 10, y: 10, width: 10, height: 10))
        context.fillLinearGradient(Self.gradient(Self.twoStops), start: .zero, end: Point(x: 40, y: 0))
        let ink = try #require(inkBounds(bitmap))
        #expect(ink.minX == 10 && ink.minY == 10 && ink.maxX == 19 && ink.maxY == 19)
    }
}
