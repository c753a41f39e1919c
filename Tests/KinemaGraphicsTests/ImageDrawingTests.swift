import KinemaGeometry
import KinemaGraphics
import Testing

@Suite("Drawing images")
struct ImageDrawingTests {
    /// A 2 × 2 image: red, green / blue, white.
    static func quadrants() throws -> Bitmap {
        let image = try Bitmap(width: 2, height: 2)
        image.row(0)[0] = Bitmap.premultipliedPixel(.red)
        image.row(0)[1] = Bitmap.premultipliedPixel(.green)
        image.row(1)[0] = Bitmap.premultipliedPixel(.blue)
        image.row(1)[1] = Bitmap.premultipliedPixel(.white)
        return image
    }

    struct PlacementCase: CustomTestStringConvertible, Sendable {
        var name: String
        var rect: Rect
        /// Probe points and the quadrant colour expected there.
        var probes: [(Int, Int, Color)]
        var testDescription: String { name }
    }

    static let placements: [PlacementCase] = [
        PlacementCase(
            name: "upright", rect: Rect(x: 10, y: 20, width: 40, height: 60),
            probes: [(12, 22, .red), (48, 22, .green), (12, 78, .blue), (48, 78, .white)]),
        PlacementCase(
            name: "mirrored horizontally", rect: Rect(x: 50, y: 20, width: -40, height: 60),
            probes: [(12, 22, .green), (48, 22, .red), (12, 78, .white), (48, 78, .blue)]),
        PlacementCase(
            name: "mirrored vertically", rect: Rect(x: 10, y: 80, width: 40, height: -60),
            probes: [(12, 22, .blue), (48, 22, .white), (12, 78, .red), (48, 78, .green)]),
    ]

    @Test(arguments: placements, ImageFilter.allCases)
    func imagesFillTheirRectangle(_ c: PlacementCase, filter: ImageFilter) throws {
        let (bitmap, context) = try makeCanvas(60, 100)
        context.draw(try Self.quadrants(), in: c.rect, filter: filter)
        for (x, y, color) in c.probes { expectPixel(bitmap, x, y, color, tolerance: PixelTolerance.interpolated) }
        let ink = try #require(inkBounds(bitmap))
        #expect(ink.minX == 10 && ink.maxX == 49 && ink.minY == 20 && ink.maxY == 79, "exactly the rectangle, edges not faded outward")
        // Edge pixels are not faded: the image's border is repeated, not blended with nothing.
        #expect(alpha(bitmap, 10, 20) == 255 && alpha(bitmap, 49, 79) == 255)
    }

    /// Nearest keeps the quadrants' hard edge; bilinear blends across it.
    @Test(arguments: ImageFilter.allCases)
    func filtersSampleDifferently(_ filter: ImageFilter) throws {
        let (bitmap, context) = try makeCanvas(60, 100)
        context.draw(try Self.quadrants(), in: Rect(x: 10, y: 20, width: 40, height: 60), filter: filter)
        let justLeftOfTheMiddle = bitmap.color(x: 29, y: 22)
        if filter == .nearest {
            expectPixel(bitmap, 29, 22, .red)
        } else {
            // Pixel 29's centre maps to x = 0.975 in the image, 0.475 of the way from the red
            // sample's centre (0.5) to the green one's (1.5).
            let f = (19.5 / 20 - 0.5)
            expectPixel(
                bitmap, 29, 22, Color(red: 1 - f, green: f, blue: 0), tolerance: PixelTolerance.interpolated, "\(justLeftOfTheMiddle)")
        }
    }

    @Test func aContextCanDrawItsOwnBitmap() throws {
        let (bitmap, context) = try makeCanvas(40, 20)
        context.fill(Rect(x: 0, y: 0, width: 20, height: 20), color: .red)
        context.draw(bitmap, in: Rect(x: 20, y: 0, width: 20, height: 10), filter: .nearest)
        expectPixel(bitmap, 25, 5, .red)
        expectBlank(bitmap, 35, 5)
        expectBlank(bitmap, 25, 15)
    }

    @Test(arguments: [
        Rect(x: 0, y: 0, width: 0, height: 10), Rect(x: .nan, y: 0, width: 10, height: 10),
        Rect(x: 0, y: 0, width: Double.leastNonzeroMagnitude, height: 5),
    ])
    func degenerateRectanglesDrawNothing(_ rect: Rect) throws {
        let (bitmap, context) = try makeCanvas(20, 20)
        context.draw(try Self.quadrants(), in: rect)
        #expect(inkBounds(bitmap) == nil)
        #expect(context.cairoError == nil)
    }
}
