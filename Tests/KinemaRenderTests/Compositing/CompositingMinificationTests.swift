import KinemaGeometry
import KinemaGraphics
import KinemaRender
import Testing

/// A minification case: scale 0.25 with a translation.
struct MinificationCase: CustomTestStringConvertible, Sendable {
    let tx: Double, ty: Double
    var testDescription: String { "scale 0.25 at (\(tx), \(ty))" }
}

@Suite("Compositing under minification")
struct CompositingMinificationTests {
    /// The content's grey value box-filtered over the footprint of destination pixel (x, y)
    /// at scale 1/4 and offset (tx, ty): the mean of the 4 × 4 content pixels under it,
    /// interpolated bilinearly between footprints for fractional offsets, in double precision.
    static func boxReference(_ grey: [Double], width: Int, height: Int, x: Int, y: Int, tx: Double, ty: Double) -> Double {
        func box(_ i: Int, _ j: Int) -> Double {
            guard i >= 0, j >= 0, i * 4 + 3 < width, j * 4 + 3 < height else { return .nan }
            var sum = 0.0
            for v in 0..<4 {
                for u in 0..<4 { sum += grey[(j * 4 + v) * width + i * 4 + u] }
            }
            return sum / 16
        }
        // Destination pixel centre in units of 4-pixel blocks, relative to block centres.
        let bx = Double(x) + 0.5 - tx - 0.5, by = Double(y) + 0.5 - ty - 0.5
        let i0 = Int(bx.rounded(.down)), j0 = Int(by.rounded(.down))
        let fx = bx - Double(i0), fy = by - Double(j0)
        return (box(i0, j0) * (1 - fx) + box(i0 + 1, j0) * fx) * (1 - fy) + (box(i0, j0 + 1) * (1 - fx) + box(i0 + 1, j0 + 1) * fx) * fy
    }

    @Test(
        "Scale 0.25 matches a box-filtered reference",
        arguments: [MinificationCase(tx: 10, ty: 12), MinificationCase(tx: 10.37, ty: 12.61), MinificationCase(tx: 7.5, ty: 3.25)])
    func boxFiltered(_ c: MinificationCase) throws {
        let w = 160, h = 128
        let source = try #require(Fixture.noise(width: w, height: h, seed: 9))
        let grey = (0..<(w * h)).map { Double(source.bitmap.pixel(x: source.margin + $0 % w, y: source.margin + $0 / w) & 0xff) }
        let dst = try #require(Fixture.destination(64, 48))
        let transform = Homography(m: (0.25, 0, 0, 0, 0.25, 0, c.tx, c.ty, 1))
        Compositor.composite(source, transform: transform, opacity: 1, into: dst)
        var total = 0.0, largest = 0.0, count = 0
        var aliasTotal = 0.0
        for y in 0..<48 {
            for x in 0..<64 {
                let expected = Self.boxReference(grey, width: w, height: h, x: x, y: y, tx: c.tx, ty: c.ty)
                guard expected.isFinite else { continue }
                let d = abs(Double(dst.pixel(x: x, y: y) & 0xff) - expected)
                total += d
                largest = max(largest, d)
                count += 1
                // What point sampling at the pixel centre would give: the aliasing we avoid.
                let sx = Int(((Double(x) + 0.5 - c.tx) * 4).rounded(.down)), sy = Int(((Double(y) + 0.5 - c.ty) * 4).rounded(.down))
                aliasTotal += abs(grey[min(max(sy, 0), h - 1) * w + min(max(sx, 0), w - 1)] - expected)
            }
        }
        let mean = total / Double(count)
        // Tolerance: mean 1.0/255 and at most 3/255 (two levels of 8-bit rounding in the mip chain,
        // 7-bit bilinear weights); point sampling noise differs by about 30/255 on average.
        #expect(count > 1000)
        #expect(mean <= 1.0 && largest <= 3, "mean \(mean), max \(largest)")
        #expect(aliasTotal / Double(count) > 10)
    }

    @Test("A minified, rotated 1-pixel checkerboard averages to mid grey", arguments: [0.25, 0.3, 0.45])
    func checkerboard(_ scale: Double) throws {
        let source = try #require(Fixture.store(width: 400, height: 400) { i, j in (i + j) % 2 == 0 ? 0xff00_0000 : 0xffff_ffff })
        let dst = try #require(Fixture.destination(200, 200))
        let h = Fixture.layer(
            width: 400, height: 400, transform: Transform3D.makeScale(scale, scale, 1).rotatedBy(0.3, 0, 0, 1),
            position: Point(x: 100, y: 100))
        Compositor.composite(source, transform: h, opacity: 1, into: dst)
        Fixture.dump(dst, "checker-\(scale)")
        var worst = 0.0
        for y in 90..<110 {
            for x in 90..<110 { worst = max(worst, abs(Double(dst.pixel(x: x, y: y) & 0xff) - 127.5)) }
        }
        // Tolerance: within 4/255 of the true average everywhere near the centre.
        #expect(worst <= 4, "largest deviation \(worst)")
    }
}
