import KinemaGeometry
import KinemaGraphics
import KinemaRender
import Testing

@Suite("Compositing: our samplers against pixman")
struct CompositingSamplerTests {
    static let cases = [
        TransformCase(name: "rotate 30°", transform: .makeRotation(30 * .pi / 180, 0, 0, 1)),
        TransformCase(name: "rotate −17° scale 1.3", transform: Transform3D.makeScale(1.3, 1.3, 1).rotatedBy(-17 * .pi / 180, 0, 0, 1)),
        TransformCase(name: "rotate 100° scale 0.6", transform: Transform3D.makeScale(0.6, 0.6, 1).rotatedBy(100 * .pi / 180, 0, 0, 1)),
        TransformCase(name: "skew", transform: Transform3D(affine: AffineTransform(a: 1, b: 0.2, c: 0.45, d: 0.9, tx: 0, ty: 0))),
        TransformCase(name: "mirror and rotate", transform: Transform3D.makeScale(-1, 1, 1).rotatedBy(0.7, 0, 0, 1)),
    ]

    // Perspective only where one mip level serves the whole layer: elsewhere our sampler picks a
    // level per pixel and the pixman recipe one per layer.
    @Test(
        "Rotated, skewed and perspective layers match pixman's bilinear output",
        arguments: cases + CompositingGeometryTests.projectiveCases.filter { $0.level == 0 })
    func matchesPixman(_ c: TransformCase) throws {
        let source = try #require(Fixture.detailed(width: 150, height: 110))
        let h = Fixture.layer(width: 150, height: 110, transform: c.transform, position: Point(x: 160.3, y: 119.6))
        // In perspective our sampler clamps to the content's edge where pixman fades over the
        // margin, so there only pixels 1.5 px or more inside the quad are compared.
        let quad = Compositor.projectedQuad(width: 150, height: 110, transform: h)
        let minimumDepth = TransformClass(h) == .projective ? 1.5 : -Double.infinity
        for opacity in [1.0, 0.55] {
            let ours = try #require(RandomPixels.bitmap(320, 240, seed: 12)), theirs = ours.copy(), before = ours.copy()
            Compositor.composite(source, transform: h, opacity: opacity, into: ours)
            Compositor.compositeWithPixman(source, transform: h, opacity: opacity, into: theirs)
            // Compare the pixels either composite changed, channel by channel.
            var total = 0, largest = 0, changed = 0
            for y in 0..<240 {
                for x in 0..<320 {
                    let a = ours.pixel(x: x, y: y), b = theirs.pixel(x: x, y: y), o = before.pixel(x: x, y: y)
                    guard a != o || b != o, Fixture.depth(of: Point(x: Double(x) + 0.5, y: Double(y) + 0.5), inConvex: quad) >= minimumDepth
                    else { continue }
                    changed += 1
                    for shift in [UInt32(0), 8, 16, 24] {
                        let d = abs(Int((a >> shift) & 0xff) - Int((b >> shift) & 0xff))
                        total += d
                        largest = max(largest, d)
                    }
                }
            }
            let mean = Double(total) / Double(4 * max(changed, 1))
            // Tolerance: mean below 1/255 over the changed pixels, and at most 6/255 anywhere: our
            // positions are 32.32 or double where pixman's are 16.16, so a 7-bit weight can differ
            // by one step (2/255 across a black–white edge), and we round where pixman truncates.
            #expect(mean < 1 && largest <= 6, "opacity \(opacity): mean \(mean), max \(largest)")
            #expect(changed > 5_000)
        }
    }
}
