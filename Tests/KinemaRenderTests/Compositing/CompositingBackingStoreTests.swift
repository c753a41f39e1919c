import Dispatch
import KinemaGeometry
import KinemaGraphics
import KinemaRender
import Testing

@Suite("Compositing backing stores")
struct CompositingBackingStoreTests {
    @Test("Content pixels sit inside the margin", arguments: [0, 2, 5])
    func layout(_ margin: Int) throws {
        let store = try BackingStore(contentWidth: 7, contentHeight: 3, margin: margin)
        #expect(store.bitmap.width == 7 + 2 * margin && store.bitmap.height == 3 + 2 * margin)
        #expect(store.contentWidth == 7 && store.contentHeight == 3 && store.margin == margin)
        let wrapped = try BackingStore(bitmap: store.bitmap, margin: margin)
        #expect(wrapped.contentWidth == 7 && wrapped.contentHeight == 3)
    }

    @Test("Bad sizes and margins throw errors that name them")
    func errors() throws {
        for margin in [-1, 65] {
            #expect {
                _ = try BackingStore(contentWidth: 4, contentHeight: 4, margin: margin)
            } throws: { error in
                guard case RenderError.invalidArgument(let name, _, _) = error else { return false }
                return name == "margin"
            }
        }
        #expect(throws: RenderError.graphics(.invalidSize(width: 0, height: 4))) {
            _ = try BackingStore(contentWidth: 0, contentHeight: 4)
        }
        #expect(throws: RenderError.graphics(.invalidSize(width: 20000, height: 4))) {
            _ = try BackingStore(contentWidth: 20000, contentHeight: 4)
        }
        let small = try Bitmap(width: 4, height: 9)
        #expect {
            _ = try BackingStore(bitmap: small, margin: 2)
        } throws: { error in
            guard case RenderError.invalidArgument(let name, _, _) = error else { return false }
            return name == "margin"
        }
    }

    @Test("Downscaled copies follow the content once told it changed")
    func contentsDidChange() throws {
        let store = try #require(Fixture.opaque(width: 64, height: 64, pixel: 0xff00_00ff))
        let minified = Homography(scaleX: 0.25, y: 0.25)
        let first = try #require(Fixture.destination(16, 16))
        Compositor.composite(store, transform: minified, opacity: 1, into: first)
        #expect(first.pixel(x: 8, y: 8) == 0xff00_00ff)
        store.bitmap.fill(Color(red: 1, green: 0, blue: 0))
        // The margin must stay transparent.
        for y in 0..<store.bitmap.height {
            for x in 0..<store.bitmap.width
            where x < store.margin || y < store.margin || x >= store.margin + 64 || y >= store.margin + 64 {
                store.bitmap.row(y)[x] = 0
            }
        }
        let stale = try #require(Fixture.destination(16, 16))
        Compositor.composite(store, transform: minified, opacity: 1, into: stale)
        #expect(stale.pixel(x: 8, y: 8) == 0xff00_00ff)
        store.contentsDidChange()
        let fresh = try #require(Fixture.destination(16, 16))
        Compositor.composite(store, transform: minified, opacity: 1, into: fresh)
        #expect(fresh.pixel(x: 8, y: 8) == 0xffff_0000)
    }

    @Test("Bands composited on several threads give the same bytes", arguments: CompositingDeterminismTests.cases)
    func parallelBands(_ c: TransformCase) throws {
        let whole = try #require(CompositingDeterminismTests.render(c, clips: [nil]))
        let source = try #require(Fixture.detailed(width: 150, height: 110))
        let dst = try #require(RandomPixels.bitmap(320, 240, seed: 11))
        let h = Fixture.layer(width: 150, height: 110, transform: c.transform, position: Point(x: 160.3, y: 119.6))
        // Eight bands of 30 rows; mip levels are built by whichever thread needs them first.
        DispatchQueue.concurrentPerform(iterations: 8) { band in
            Compositor.composite(source, transform: h, opacity: 0.7, into: dst, clip: PixelRect(x: 0, y: band * 30, width: 320, height: 30))
        }
        #expect(dst.hasSamePixels(as: whole))
    }
}
