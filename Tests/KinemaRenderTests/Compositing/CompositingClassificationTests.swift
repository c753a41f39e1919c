import KinemaGeometry
import KinemaRender
import Testing

/// A classification case: a homography and its expected class.
struct ClassCase: CustomTestStringConvertible, Sendable {
    let name: String
    let h: Homography
    let expected: TransformClass
    var testDescription: String { name }
}

/// A projected-quad case: how many corners lie behind the eye, and the expected point count.
struct QuadCase: CustomTestStringConvertible, Sendable {
    let name: String
    let h: Homography
    let count: Int
    var testDescription: String { name }
}

@Suite("Compositing classification and geometry")
struct CompositingClassificationTests {
    static let classCases = [
        ClassCase(name: "identity", h: .identity, expected: .integerTranslation(dx: 0, dy: 0)),
        ClassCase(name: "integer translation", h: Homography(translationX: 7, y: -3), expected: .integerTranslation(dx: 7, dy: -3)),
        ClassCase(
            name: "translation within 1e-9", h: Homography(translationX: 7 + 4e-10, y: -3 - 4e-10),
            expected: .integerTranslation(dx: 7, dy: -3)),
        ClassCase(name: "fractional translation", h: Homography(translationX: 7.25, y: 3), expected: .scaleTranslation),
        ClassCase(name: "translation off by 1e-6", h: Homography(translationX: 7 + 1e-6, y: 3), expected: .scaleTranslation),
        ClassCase(name: "scale", h: Homography(scaleX: 2, y: 0.5), expected: .scaleTranslation),
        ClassCase(name: "mirror", h: Homography(scaleX: -1, y: 1), expected: .scaleTranslation),
        ClassCase(name: "rotation", h: Homography(m: (0.6, 0.8, 0, -0.8, 0.6, 0, 10, 20, 1)), expected: .affine),
        ClassCase(name: "skew", h: Homography(m: (1, 0, 0, 0.5, 1, 0, 0, 0, 1)), expected: .affine),
        ClassCase(
            name: "affine scaled by m33 = 2", h: Homography(m: (2, 0, 0, 0, 2, 0, 14, -6, 2)), expected: .integerTranslation(dx: 7, dy: -3)),
        ClassCase(name: "perspective", h: Homography(m: (1, 0, -0.002, 0, 1, 0, 0, 0, 1)), expected: .projective),
        ClassCase(
            name: "perspective below tolerance", h: Homography(m: (1, 0, 1e-10, 0, 1, 0, 3, 4, 1)),
            expected: .integerTranslation(dx: 3, dy: 4)),
        ClassCase(name: "NaN entry", h: Homography(m: (1, 0, 0, 0, .nan, 0, 0, 0, 1)), expected: .projective),
        ClassCase(name: "m33 zero", h: Homography(m: (1, 0, 0, 0, 1, 0, 0, 0, 0)), expected: .projective),
        ClassCase(name: "m33 negative (behind the eye)", h: Homography(m: (1, 0, 0, 0, 1, 0, 0, 0, -1)), expected: .projective),
    ]

    @Test("Transforms are classified by structure", arguments: classCases)
    func classification(_ c: ClassCase) {
        #expect(TransformClass(c.h) == c.expected)
    }

    static let quadCases: [QuadCase] = {
        // w = 1 + k·x over the content [0, 100] × [0, 50]; k chooses how many corners are behind.
        func tilt(_ kx: Double, _ ky: Double) -> Homography { Homography(m: (1, 0, kx, 0, 1, ky, 0, 0, 1)) }
        return [
            QuadCase(name: "all in front", h: tilt(-0.002, 0), count: 4),
            QuadCase(name: "one corner behind", h: tilt(-0.008, -0.012), count: 5),
            QuadCase(name: "two corners behind", h: tilt(-0.02, 0), count: 4),
            QuadCase(name: "three corners behind", h: tilt(-0.02, -0.04), count: 3),
            QuadCase(name: "all behind", h: Homography(m: (1, 0, 0, 0, 1, 0, 0, 0, -1)), count: 0),
            QuadCase(name: "singular", h: Homography(m: (1, 0, 0, 2, 0, 0, 0, 0, 1)), count: 0),
            QuadCase(name: "infinite entry", h: Homography(m: (1, 0, 0, 0, .infinity, 0, 0, 0, 1)), count: 0),
        ]
    }()

    @Test("The projected quad is clipped at the eye plane", arguments: quadCases)
    func projectedQuad(_ c: QuadCase) {
        let quad = Compositor.projectedQuad(width: 100, height: 50, transform: c.h)
        #expect(quad.count == c.count)
        // Every point is the image of a content point in front of the eye, inside the content.
        if let inverse = c.h.inverted() {
            for p in quad {
                let (x, y, w) = inverse.applyHomogeneous(p)
                #expect(w > 0)
                #expect(x / w >= -1e-6 && x / w <= 100 + 1e-6 && y / w >= -1e-6 && y / w <= 50 + 1e-6, "\(p)")
            }
        }
    }

    @Test(
        "Pixel rectangles intersect and enclose",
        arguments: [
            (
                PixelRect(x: 0, y: 0, width: 10, height: 8), PixelRect(x: 5, y: -2, width: 10, height: 5),
                PixelRect(x: 5, y: 0, width: 5, height: 3)
            ),
            (PixelRect(x: 0, y: 0, width: 10, height: 8), PixelRect(x: 10, y: 0, width: 3, height: 3), PixelRect.zero),
            (PixelRect(x: 0, y: 0, width: 10, height: 8), PixelRect(x: 2, y: 3, width: 0, height: 3), PixelRect.zero),
            (
                PixelRect(x: -5, y: -5, width: Int.max, height: 4), PixelRect(x: 0, y: -4, width: 6, height: 9),
                PixelRect(x: 0, y: -4, width: 6, height: 3)
            ),
        ])
    func pixelRectIntersection(_ a: PixelRect, _ b: PixelRect, _ expected: PixelRect) {
        #expect(a.intersection(b) == expected)
        #expect(b.intersection(a) == expected)
    }

    @Test(
        "Enclosing rounds outwards",
        arguments: [
            (Rect(x: 0.5, y: 1.25, width: 2, height: 3.5), PixelRect(x: 0, y: 1, width: 3, height: 4)),
            (Rect(x: -0.5, y: -3, width: 1, height: 1), PixelRect(x: -1, y: -3, width: 2, height: 1)),
            (Rect(x: 4, y: 6, width: -2, height: 2), PixelRect(x: 2, y: 6, width: 2, height: 2)),
            (Rect(x: .nan, y: 0, width: 1, height: 1), PixelRect.zero),
            (Rect(x: -1e300, y: 0, width: 1e300, height: 1), PixelRect(x: -(1 << 30), y: 0, width: 1 << 30, height: 1)),
        ])
    func enclosing(_ r: Rect, _ expected: PixelRect) {
        #expect(PixelRect.enclosing(r) == expected)
    }

    @Test(
        "Bounds cover every pixel a composite changes",
        arguments: CompositingGeometryTests.affineCases + CompositingGeometryTests.projectiveCases)
    func boundsCoverChanges(_ c: TransformCase) throws {
        let source = try #require(Fixture.detailed(width: 90, height: 70))
        let dst = try #require(Fixture.destination(300, 200))
        let h = Fixture.layer(width: 90, height: 70, transform: c.transform, position: Point(x: 150.5, y: 99.3))
        let bounds = try #require(Compositor.bounds(of: source, transform: h, in: (300, 200)))
        Compositor.composite(source, transform: h, opacity: 1, into: dst)
        var touched: PixelRect?
        for y in 0..<dst.height {
            for x in 0..<dst.width where dst.pixel(x: x, y: y) != 0 {
                let p = PixelRect(x: x, y: y, width: 1, height: 1)
                #expect(bounds.intersection(p) == p, "pixel (\(x), \(y)) outside \(bounds)")
                touched =
                    touched.map { t in
                        let x0 = min(t.x, x), y0 = min(t.y, y)
                        return PixelRect(x: x0, y: y0, width: max(t.maxX, x + 1) - x0, height: max(t.maxY, y + 1) - y0)
                    } ?? p
            }
        }
        // Tight: the bounds are at most two pixels wider than what changed on each side.
        let t = try #require(touched)
        #expect(t.x - bounds.x <= 2 && t.y - bounds.y <= 2 && bounds.maxX - t.maxX <= 2 && bounds.maxY - t.maxY <= 2, "\(t) in \(bounds)")
    }

    @Test("Bounds are nil off the destination, behind the eye and for bad transforms")
    func boundsNil() throws {
        let source = try #require(Fixture.opaque(width: 20, height: 20))
        for h in [
            Homography(translationX: 500, y: 0), Homography(translationX: -20, y: 0), Homography(m: (1, 0, 0, 0, 1, 0, 0, 0, -1)),
            Homography(m: (0, 0, 0, 0, 0, 0, 0, 0, 0)), Homography(m: (1, 0, 0, 0, 1, 0, .nan, 0, 1)),
        ] {
            #expect(Compositor.bounds(of: source, transform: h, in: (100, 100)) == nil, "\(h.entries)")
        }
        #expect(
            Compositor.bounds(of: source, transform: Homography(translationX: -19, y: 90), in: (100, 100))
                == PixelRect(x: 0, y: 90, width: 1, height: 10))
    }
}
