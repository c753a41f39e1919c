import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaRender
import Testing

/// A transform case: a name for the test report and the layer's 3D transform.
struct TransformCase: CustomTestStringConvertible, Sendable {
    let name: String
    let transform: Transform3D
    /// The deepest mip level the compositor should sample (perspective cases).
    var level = 0
    /// Whether the naïve pixman composite shows stray pixels here (perspective cases).
    var naiveStrays = false
    var testDescription: String { name }
}

@Suite("Compositing geometry")
struct CompositingGeometryTests {
    static let affineCases = [
        TransformCase(name: "scale 1.5 × 1.25", transform: .makeScale(1.5, 1.25, 1)),
        TransformCase(name: "scale 0.8 × 1.2", transform: .makeScale(0.8, 1.2, 1)),
        TransformCase(name: "rotate 30°", transform: .makeRotation(30 * .pi / 180, 0, 0, 1)),
        TransformCase(name: "rotate −17° scale 1.3", transform: Transform3D.makeScale(1.3, 1.3, 1).rotatedBy(-17 * .pi / 180, 0, 0, 1)),
    ]

    static let projectiveCases = [
        // At −55° the far side is foreshortened to a scale of 0.42, so level 1 is sampled there.
        TransformCase(name: "rotY 40°", transform: Fixture.rotationY(40), level: 0, naiveStrays: true),
        TransformCase(name: "rotY −55°", transform: Fixture.rotationY(-55), level: 1, naiveStrays: false),
    ]

    /// Checks that the rendered edges of an opaque layer lie on its mapped edges: the alpha
    /// integrated across each edge at three places is within `tolerance` pixels of the line,
    /// and whole pixels at least 1 px inside (outside) the line are opaque (transparent).
    func checkEdges(_ dst: Bitmap, corners: [Point], tolerance: Double, opaqueInside: Int = 250) {
        let centre = Point(x: corners.map(\.x).reduce(0, +) / 4, y: corners.map(\.y).reduce(0, +) / 4)
        for k in 0..<4 {
            let a = corners[k], b = corners[(k + 1) % 4]
            let n = Fixture.outwardNormal(from: a, to: b, centre: centre)
            for t in [0.25, 0.5, 0.75] {
                let offset = Fixture.edgeOffset(dst, from: a, to: b, at: t, outward: n)
                #expect(abs(offset) <= tolerance, "edge \(k) at \(t): offset \(offset) px")
            }
            // Probe pixels whose centres are 1–2 px from the edge, away from the corners.
            let length = a.distance(to: b)
            var probedIn = 0, probedOut = 0
            for y in 0..<dst.height {
                for x in 0..<dst.width {
                    let c = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                    let along = ((c.x - a.x) * (b.x - a.x) + (c.y - a.y) * (b.y - a.y)) / length
                    guard along > 3, along < length - 3 else { continue }
                    let d = (c.x - a.x) * n.x + (c.y - a.y) * n.y
                    if d <= -1, d >= -2 {
                        probedIn += 1
                        #expect(Fixture.alpha(dst, x, y) >= opaqueInside, "edge \(k) pixel (\(x), \(y)) 1 px inside")
                    } else if d >= 1, d <= 2 {
                        probedOut += 1
                        #expect(Fixture.alpha(dst, x, y) <= 5, "edge \(k) pixel (\(x), \(y)) 1 px outside")
                    }
                }
            }
            #expect(probedIn > 10 && probedOut > 10)
        }
    }

    @Test("Scaled and rotated layers land on their mapped corners", arguments: affineCases)
    func affineCorners(_ c: TransformCase) throws {
        let source = try #require(Fixture.opaque(width: 120, height: 80))
        let dst = try #require(Fixture.destination(400, 300))
        let h = Fixture.layer(width: 120, height: 80, transform: c.transform, position: Point(x: 200.3, y: 150.7))
        Compositor.composite(source, transform: h, opacity: 1, into: dst)
        Fixture.dump(dst, "affine-\(c.name)")
        let corners = [Point(x: 0, y: 0), Point(x: 120, y: 0), Point(x: 120, y: 80), Point(x: 0, y: 80)].compactMap { h.apply($0) }
        checkEdges(dst, corners: corners, tolerance: 0.3)
    }

    @Test("Perspective layers land on their mapped corners", arguments: projectiveCases)
    func projectiveCorners(_ c: TransformCase) throws {
        let source = try #require(Fixture.detailed(width: 200, height: 140))
        let dst = try #require(Fixture.destination(500, 400))
        let h = Fixture.layer(width: 200, height: 140, transform: c.transform, position: Point(x: 250.4, y: 200.2))
        #expect(TransformClass(h) == .projective)
        Compositor.composite(source, transform: h, opacity: 1, into: dst)
        Fixture.dump(dst, "projective-\(c.name)")
        let corners = [Point(x: 0, y: 0), Point(x: 200, y: 0), Point(x: 200, y: 140), Point(x: 0, y: 140)].compactMap { h.apply($0) }
        checkEdges(dst, corners: corners, tolerance: 0.5)
    }

    @Test("No stray pixels outside a perspective layer (pixman's sign bug)", arguments: projectiveCases)
    func noStrayPixels(_ c: TransformCase) throws {
        let source = try #require(Fixture.detailed(width: 200, height: 140))
        let h = Fixture.layer(width: 200, height: 140, transform: c.transform, position: Point(x: 250.4, y: 200.2))
        let quad = Compositor.projectedQuad(width: 200, height: 140, transform: h)
        // Our sampler, and pixman through the recipe of docs/rendering-notes.md (bilinear, and
        // nearest as used for nearest sampling).
        for path in ["ours", "pixman bilinear", "pixman nearest"] {
            let ours = try #require(Fixture.destination(500, 400))
            switch path {
            case "ours": Compositor.composite(source, transform: h, opacity: 0.9, into: ours)
            case "pixman bilinear": Compositor.compositeWithPixman(source, transform: h, opacity: 0.9, into: ours)
            default: Compositor.composite(source, transform: h, opacity: 0.9, into: ours, filter: .nearest)
            }
            #expect(Fixture.strayPixels(ours, outside: quad) == 0, "\(path)")
        }
        // The naïve composite of the same content does show the bug, so this test can fail.
        let naive = try #require(Fixture.destination(500, 400))
        Compositor.compositeNaively(source, transform: h, into: naive)
        Fixture.dump(naive, "naive-\(c.name)")
        if c.naiveStrays { #expect(Fixture.strayPixels(naive, outside: quad) > 0) }
    }

    /// The content, box-averaged over `2^level` pixels in double precision, then bilinearly
    /// sampled at content point `p` (pixel centres at +0.5, transparent outside), per channel
    /// (alpha, red, green, blue), 0…255.
    static func referenceSample(_ s: BackingStore, at p: Point, level: Int) -> [Double] {
        let unit = 1 << level
        let x = p.x / Double(unit) - 0.5, y = p.y / Double(unit) - 0.5
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        let fx = x - Double(x0), fy = y - Double(y0)
        func ch(_ i: Int, _ j: Int, _ shift: UInt32) -> Double {
            var sum = 0.0
            for v in 0..<unit {
                for u in 0..<unit {
                    let ci = i * unit + u, cj = j * unit + v
                    guard i >= 0, j >= 0, ci < s.contentWidth, cj < s.contentHeight else { continue }
                    sum += Double((s.bitmap.pixel(x: s.margin + ci, y: s.margin + cj) >> shift) & 0xff)
                }
            }
            return sum / Double(unit * unit)
        }
        return [24, 16, 8, 0].map { (shift: UInt32) -> Double in
            (ch(x0, y0, shift) * (1 - fx) + ch(x0 + 1, y0, shift) * fx) * (1 - fy)
                + (ch(x0, y0 + 1, shift) * (1 - fx) + ch(x0 + 1, y0 + 1, shift) * fx) * fy
        }
    }

    /// Which mip levels the reference samples.
    enum LevelChoice {
        /// One level for the whole layer (the pixman recipe).
        case fixed(Int)
        /// Per pixel (our sampler): level k = `floor(log2 s)` for the largest stretch s of the map
        /// there (content pixels per destination pixel), 0 below s = 2, at most `deepest`; blended
        /// towards level k + 1 linearly in s² over the last half octave, s² from 2·4^k to 4^(k+1).
        case perPixel(deepest: Int)

        /// The level at destination point `c` and the weight of the next level.
        func levels(at c: Point, inverse m: Homography) -> (level: Int, next: Double) {
            guard case .perPixel(let deepest) = self else {
                if case .fixed(let k) = self { return (k, 0) }
                return (0, 0)
            }
            let (X, Y, W) = m.applyHomogeneous(c)
            let px = X / W, py = Y / W, e = m.m
            let a = (e.0 - px * e.2) / W, b = (e.3 - px * e.5) / W, cc = (e.1 - py * e.2) / W, d = (e.4 - py * e.5) / W
            let sum = a * a + b * b + cc * cc + d * d, det = a * d - b * cc
            let stretch2 = (sum + max(sum * sum - 4 * det * det, 0).squareRoot()) / 2
            var k = 0
            while k < deepest, stretch2 >= pow(4, Double(k + 1)) { k += 1 }
            guard k < deepest else { return (k, 0) }
            let next = pow(4, Double(k + 1)), start = next / 2
            return (k, stretch2 > start ? (stretch2 - start) / (next - start) : 0)
        }
    }

    /// The mean and largest channel difference between `dst` and the double-precision
    /// reference, over pixels at least 2 px inside the quad.
    static func differenceFromReference(
        _ dst: Bitmap, source: BackingStore, transform h: Homography, level choice: LevelChoice
    ) -> (
        mean: Double, max: Double
    ) {
        let quad = Compositor.projectedQuad(width: Double(source.contentWidth), height: Double(source.contentHeight), transform: h)
        guard let inverse = h.inverted() else { return (.infinity, .infinity) }
        let centre = Point(x: quad.map(\.x).reduce(0, +) / 4, y: quad.map(\.y).reduce(0, +) / 4)
        var total = 0.0, largest = 0.0, count = 0
        for y in 0..<dst.height {
            for x in 0..<dst.width {
                let c = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                let inside = quad.indices.allSatisfy { k in
                    let a = quad[k], b = quad[(k + 1) % quad.count]
                    let n = Fixture.outwardNormal(from: a, to: b, centre: centre)
                    return (c.x - a.x) * n.x + (c.y - a.y) * n.y <= -2
                }
                guard inside, let p = inverse.apply(c) else { continue }
                let (level, next) = choice.levels(at: c, inverse: inverse)
                var expected = referenceSample(source, at: p, level: level)
                if next > 0 {
                    let deeper = referenceSample(source, at: p, level: level + 1)
                    expected = zip(expected, deeper).map { $0 * (1 - next) + $1 * next }
                }
                let got = dst.pixel(x: x, y: y)
                for (k, shift) in [UInt32(24), 16, 8, 0].enumerated() {
                    let d = abs(Double((got >> shift) & 0xff) - expected[k])
                    total += d
                    largest = max(largest, d)
                    count += 1
                }
            }
        }
        return (total / Double(max(count, 1)), largest)
    }

    @Test("Perspective sampling matches a double-precision reference", arguments: projectiveCases)
    func projectivePrecision(_ c: TransformCase) throws {
        let source = try #require(Fixture.detailed(width: 200, height: 140))
        let h = Fixture.layer(width: 200, height: 140, transform: c.transform, position: Point(x: 250.4, y: 200.2))
        // Both our sampler and the pixman recipe (used for nearest sampling) must be precise.
        for usesPixman in [false, true] {
            let ours = try #require(Fixture.destination(500, 400))
            if usesPixman {
                Compositor.compositeWithPixman(source, transform: h, opacity: 1, into: ours)
            } else {
                Compositor.composite(source, transform: h, opacity: 1, into: ours)
            }
            let choice = usesPixman ? LevelChoice.fixed(c.level) : .perPixel(deepest: c.level)
            let d = Self.differenceFromReference(ours, source: source, transform: h, level: choice)
            // Tolerance: mean 0.5/255 per channel, at most 6/255; 7-bit bilinear weights alone
            // give up to about 2/255 on black–white edges.
            #expect(d.mean <= 0.5 && d.max <= 6, "pixman \(usesPixman): mean \(d.mean), max \(d.max)")
        }
        let naive = try #require(Fixture.destination(500, 400))
        Compositor.compositeNaively(source, transform: h, into: naive)
        let n = Self.differenceFromReference(naive, source: source, transform: h, level: .fixed(c.level))
        #expect(n.mean > 2, "naive mean \(n.mean)")
    }
}
