import KinemaGeometry
import KinemaGraphics
import Testing

@Suite("Bitmap")
struct BitmapTests {
    @Test(arguments: [(0, 10), (10, 0), (-1, 5), (GraphicsError.maximumDimension + 1, 1)])
    func rejectsBadSizes(width: Int, height: Int) {
        #expect(throws: GraphicsError.invalidSize(width: width, height: height)) { try Bitmap(width: width, height: height) }
    }

    @Test func newBitmapsAreTransparentAndFillPremultiplies() throws {
        let b = try Bitmap(width: 3, height: 2)
        #expect(b.pixel(x: 2, y: 1) == 0)
        b.fill(Color(red: 1, green: 0.5, blue: 0, alpha: 0.5))
        // a = 128, r = 0.5·255 → 128, g = 0.25·255 → 64, b = 0.
        #expect(b.pixel(x: 2, y: 1) == 0x8080_4000)
        #expect(b.pixel(x: 3, y: 0) == 0, "outside the bitmap")
        let c = b.color(x: 0, y: 0)
        #expect(abs(c.red - 1) < 0.01 && abs(c.green - 0.5) < 0.01 && c.blue == 0 && abs(c.alpha - 0.5) < 0.01)
    }

    @Test func copiesAndHashesCompareContent() throws {
        let a = try Bitmap(width: 4, height: 4)
        a.fill(.red)
        let b = a.copy()
        #expect(b.hasSamePixels(as: a) && b.contentHash == a.contentHash)
        b.row(3)[3] = 0xff00_ff00
        #expect(!b.hasSamePixels(as: a) && b.contentHash != a.contentHash)
    }

    /// A view shows part of a bitmap's pixels: drawing into it (with cairo, which reads the
    /// stride) or clearing it changes those pixels of the bitmap and no others.
    @Test func aViewSharesItsPixelsWithTheBitmap() throws {
        let whole = try Bitmap(width: 8, height: 6)
        whole.fill(.red)
        let view = whole.view(x: 2, y: 1, width: 4, height: 3)
        #expect(view.width == 4 && view.height == 3 && view.stride == whole.stride)
        #expect(view.byteCount == whole.stride * 2 + 16, "up to the view's last pixel, not past it")
        let ctx = GraphicsContext(bitmap: view)
        ctx.fill(Rect(x: 0, y: 0, width: 1, height: 1), color: .blue)
        ctx.flush()
        #expect(whole.pixel(x: 2, y: 1) == Bitmap.premultipliedPixel(.blue))
        #expect(whole.pixel(x: 3, y: 1) == Bitmap.premultipliedPixel(.red))
        view.clear()
        for y in 0..<6 {
            for x in 0..<8 {
                let inside = (2..<6).contains(x) && (1..<4).contains(y)
                #expect(whole.pixel(x: x, y: y) == (inside ? 0 : Bitmap.premultipliedPixel(.red)), "(\(x), \(y))")
            }
        }
    }
}
