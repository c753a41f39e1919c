import KinemaGeometry
import KinemaGraphics
import KinemaRender
import Testing

@Suite("Compositing determinism")
struct CompositingDeterminismTests {
    static let cases =
        [
            TransformCase(name: "integer translation", transform: .makeTranslation(3, -2, 0)),
            TransformCase(name: "minified rotation", transform: Transform3D.makeScale(0.3, 0.3, 1).rotatedBy(0.4, 0, 0, 1)),
            TransformCase(
                name: "minified perspective", transform: Transform3D.makeScale(0.35, 0.35, 1).concatenating(Fixture.rotationY(35))),
        ] + CompositingGeometryTests.affineCases + CompositingGeometryTests.projectiveCases

    /// A composite of the detailed content with `c`'s transform at opacity 0.7, optionally clipped.
    static func render(_ c: TransformCase, clips: [PixelRect?]) -> Bitmap? {
        guard let source = Fixture.detailed(width: 150, height: 110), let dst = RandomPixels.bitmap(320, 240, seed: 11) else { return nil }
        let h = Fixture.layer(width: 150, height: 110, transform: c.transform, position: Point(x: 160.3, y: 119.6))
        for clip in clips { Compositor.composite(source, transform: h, opacity: 0.7, into: dst, clip: clip) }
        return dst
    }

    @Test("The same inputs give the same bytes", arguments: cases)
    func repeatable(_ c: TransformCase) throws {
        let a = try #require(Self.render(c, clips: [nil])), b = try #require(Self.render(c, clips: [nil]))
        #expect(a.contentHash == b.contentHash)
        #expect(a.hasSamePixels(as: b))
        let untouched = try #require(RandomPixels.bitmap(320, 240, seed: 11))
        #expect(!a.hasSamePixels(as: untouched))
    }

    @Test("Two horizontal bands give the same bytes as one composite", arguments: cases)
    func bands(_ c: TransformCase) throws {
        let whole = try #require(Self.render(c, clips: [nil]))
        for split in [97, 120, 143] {
            let banded = try #require(
                Self.render(
                    c,
                    clips: [PixelRect(x: 0, y: 0, width: 320, height: split), PixelRect(x: 0, y: split, width: 320, height: 240 - split)]))
            #expect(banded.hasSamePixels(as: whole), "split at row \(split)")
        }
    }
}
