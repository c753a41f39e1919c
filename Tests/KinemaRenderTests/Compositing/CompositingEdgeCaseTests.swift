import KinemaGeometry
import KinemaGraphics
import KinemaRender
import Testing

/// A transform that must draw nothing.
struct BadTransformCase: CustomTestStringConvertible, Sendable {
    let name: String
    let h: Homography
    /// Whether ``Compositor/bounds(of:transform:in:)`` knows that nothing shows (an edge-on
    /// layer is not exactly singular in floating point, so it keeps a 1-pixel box).
    var hasNoBounds = true
    var testDescription: String { name }
}

@Suite("Compositing edge cases")
struct CompositingEdgeCaseTests {
    @Test("A layer crossing the eye plane draws only its front part")
    func eyePlane() throws {
        // 1600 × 200 content: green where it is behind the eye (x < 200), red, then blue.
        let source = try #require(
            Fixture.store(width: 1600, height: 200) { i, _ in i < 200 ? 0xff00_ff00 : i < 800 ? 0xffff_0000 : 0xff00_00ff })
        let h = Fixture.layer(width: 1600, height: 200, transform: Fixture.rotationY(70), position: Point(x: 400, y: 300))
        let quad = Compositor.projectedQuad(width: 1600, height: 200, transform: h)
        #expect(quad.count == 4)
        // w = 1 + x·sin 70°/500 is negative on the left: the quad is cut there.
        #expect(h.applyHomogeneous(Point(x: 0, y: 0)).w < 0)
        let dst = try #require(Fixture.destination(800, 600))
        Compositor.composite(source, transform: h, opacity: 1, into: dst)
        Fixture.dump(dst, "eye-plane")
        var red = 0, blue = 0, green = 0
        for y in 0..<600 {
            for x in 0..<800 {
                let p = dst.pixel(x: x, y: y)
                let (g, r, b) = ((p >> 8) & 0xff, (p >> 16) & 0xff, p & 0xff)
                if g > 8 { green += 1 }
                if r > 200 { red += 1 }
                if b > 200 { blue += 1 }
            }
        }
        #expect(green == 0, "content behind the eye shows in \(green) pixels")
        #expect(red > 10_000 && blue > 1_000, "red \(red), blue \(blue)")
        #expect(Fixture.strayPixels(dst, outside: quad) == 0)
    }

    static let badCases = [
        BadTransformCase(name: "zero", h: Homography(m: (0, 0, 0, 0, 0, 0, 0, 0, 0))),
        BadTransformCase(name: "rank one", h: Homography(m: (1, 2, 0, 2, 4, 0, 10, 10, 1))),
        BadTransformCase(name: "zero x scale", h: Homography(scaleX: 0, y: 1)),
        BadTransformCase(name: "NaN", h: Homography(m: (1, 0, 0, 0, 1, 0, .nan, 0, 1))),
        BadTransformCase(name: "infinite", h: Homography(m: (.infinity, 0, 0, 0, 1, 0, 0, 0, 1))),
        BadTransformCase(name: "huge", h: Homography(scaleX: 1e300, y: 1e300)),
        BadTransformCase(name: "all behind the eye", h: Homography(m: (1, 0, 0, 0, 1, 0, 5, 5, -1))),
        BadTransformCase(name: "perspective all behind", h: Homography(m: (1, 0, -0.1, 0, 1, 0, 5, 5, -0.5))),
        BadTransformCase(name: "far off the destination", h: Homography(translationX: 1e12, y: -3e15)),
        BadTransformCase(
            name: "edge-on",
            h: Fixture.layer(width: 40, height: 30, transform: .makeRotation(.pi / 2, 0, 1, 0), position: Point(x: 50, y: 50)),
            hasNoBounds: false),
    ]

    @Test("Singular, non-finite and invisible transforms draw nothing", arguments: badCases)
    func badTransforms(_ c: BadTransformCase) throws {
        let source = try #require(Fixture.detailed(width: 40, height: 30))
        let dst = try #require(RandomPixels.bitmap(100, 80, seed: 7))
        let before = dst.copy()
        for filter in [SamplingFilter.bilinear, .nearest] {
            Compositor.composite(source, transform: c.h, opacity: 1, into: dst, filter: filter)
        }
        #expect(dst.hasSamePixels(as: before))
        if c.hasNoBounds { #expect(Compositor.bounds(of: source, transform: c.h, in: (100, 80)) == nil) }
    }

    @Test("Tiny layers neither crash nor break premultiplication", arguments: [1e-3, 1e-9, 1e-150])
    func tinyLayers(_ scale: Double) throws {
        let source = try #require(Fixture.detailed(width: 40, height: 30))
        let dst = try #require(Fixture.destination(100, 80))
        let h = Fixture.layer(
            width: 40, height: 30, transform: Fixture.rotationY(30).scaledBy(scale, scale, 1), position: Point(x: 50, y: 40))
        Compositor.composite(source, transform: h, opacity: 1, into: dst)
        for y in 0..<80 {
            for x in 0..<100 {
                let p = dst.pixel(x: x, y: y), a = p >> 24
                #expect((p >> 16) & 0xff <= a && (p >> 8) & 0xff <= a && p & 0xff <= a)
            }
        }
    }

    @Test(
        "The clip limits the pixels that change", arguments: CompositingGeometryTests.affineCases + CompositingGeometryTests.projectiveCases
    )
    func clip(_ c: TransformCase) throws {
        let source = try #require(Fixture.detailed(width: 90, height: 70))
        let h = Fixture.layer(width: 90, height: 70, transform: c.transform, position: Point(x: 80.5, y: 60.25))
        let clip = PixelRect(x: 50, y: 41, width: 37, height: 23)
        let full = try #require(RandomPixels.bitmap(160, 120, seed: 8))
        let clipped = full.copy(), before = full.copy()
        Compositor.composite(source, transform: h, opacity: 0.8, into: full)
        Compositor.composite(source, transform: h, opacity: 0.8, into: clipped, clip: clip)
        var changedInside = 0
        for y in 0..<120 {
            for x in 0..<160 {
                let inside = x >= clip.x && x < clip.maxX && y >= clip.y && y < clip.maxY
                let expected = inside ? full.pixel(x: x, y: y) : before.pixel(x: x, y: y)
                #expect(clipped.pixel(x: x, y: y) == expected, "pixel (\(x), \(y))")
                if inside, expected != before.pixel(x: x, y: y) { changedInside += 1 }
            }
        }
        #expect(changedInside > 100)
    }
}
