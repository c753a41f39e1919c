import KinemaGeometry
import KinemaGraphics
import KinemaRender
import TestSupport
import Testing

/// Random premultiplied pixels for exact-arithmetic tests.
enum RandomPixels {
    /// A valid premultiplied pixel: every colour channel at most the alpha.
    static func pixel(_ g: inout SeededGenerator) -> UInt32 {
        let a = UInt32(g.next() % 256)
        func ch() -> UInt32 { a == 0 ? 0 : UInt32(g.next() % UInt64(a + 1)) }
        return a << 24 | ch() << 16 | ch() << 8 | ch()
    }

    /// A bitmap of random premultiplied pixels.
    static func bitmap(_ width: Int, _ height: Int, seed: UInt64) -> Bitmap? {
        guard let b = try? Bitmap(width: width, height: height) else { return nil }
        var g = SeededGenerator(seed: seed)
        for y in 0..<height {
            for x in 0..<width { b.row(y)[x] = pixel(&g) }
        }
        return b
    }
}

/// An integer-translation case.
struct OffsetCase: CustomTestStringConvertible, Sendable {
    let dx: Int, dy: Int
    let opacity: Double
    var testDescription: String { "(\(dx), \(dy)) opacity \(opacity)" }
}

@Suite("Compositing by translation and groups")
struct CompositingTranslationTests {
    @Test(
        "Integer translation copies the content exactly",
        arguments: [OffsetCase(dx: 3, dy: 5, opacity: 1), OffsetCase(dx: -4, dy: 20, opacity: 1), OffsetCase(dx: 30, dy: -7, opacity: 1)])
    func exactCopy(_ c: OffsetCase) throws {
        var g = SeededGenerator(seed: 1)
        let source = try #require(Fixture.store(width: 33, height: 21) { _, _ in RandomPixels.pixel(&g) })
        let dst = try #require(Fixture.destination(50, 40))
        Compositor.composite(source, transform: Homography(translationX: Double(c.dx), y: Double(c.dy)), opacity: c.opacity, into: dst)
        for y in 0..<40 {
            for x in 0..<50 {
                let i = x - c.dx, j = y - c.dy
                let inside = i >= 0 && j >= 0 && i < 33 && j < 21
                let expected = inside ? source.bitmap.pixel(x: source.margin + i, y: source.margin + j) : 0
                #expect(dst.pixel(x: x, y: y) == expected, "pixel (\(x), \(y))")
            }
        }
    }

    @Test(
        "Integer translation with opacity rounds as premultiplied 8-bit arithmetic",
        arguments: [
            OffsetCase(dx: 2, dy: 3, opacity: 0.5), OffsetCase(dx: -5, dy: 1, opacity: 0.3), OffsetCase(dx: 7, dy: 9, opacity: 0.999),
            OffsetCase(dx: 1, dy: 1, opacity: 1), OffsetCase(dx: 0, dy: 0, opacity: 0), OffsetCase(dx: 0, dy: 0, opacity: .nan),
        ])
    func opacityRounding(_ c: OffsetCase) throws {
        var g = SeededGenerator(seed: 2)
        let source = try #require(Fixture.store(width: 30, height: 20) { _, _ in RandomPixels.pixel(&g) })
        let dst = try #require(RandomPixels.bitmap(40, 30, seed: 3))
        let before = dst.copy()
        Compositor.composite(source, transform: Homography(translationX: Double(c.dx), y: Double(c.dy)), opacity: c.opacity, into: dst)
        let a8 = c.opacity.isNaN ? 0 : UInt32((c.opacity * 255).rounded())
        for y in 0..<30 {
            for x in 0..<40 {
                let i = x - c.dx, j = y - c.dy
                var expected = before.pixel(x: x, y: y)
                if i >= 0, j >= 0, i < 30, j < 20, a8 > 0 {
                    let s = source.bitmap.pixel(x: source.margin + i, y: source.margin + j)
                    expected = Fixture.over(a8 == 255 ? s : Fixture.scaled(s, by: a8), expected)
                }
                #expect(dst.pixel(x: x, y: y) == expected, "pixel (\(x), \(y))")
            }
        }
    }

    /// A group case: opacity, whether there is a mask and how wide it is.
    struct GroupCase: CustomTestStringConvertible, Sendable {
        let opacity: Double
        let maskWidth: Int?
        var testDescription: String { "opacity \(opacity), mask \(maskWidth.map(String.init) ?? "none")" }
    }

    @Test(
        "Groups composite with opacity and a mask's alpha",
        arguments: [
            GroupCase(opacity: 1, maskWidth: nil), GroupCase(opacity: 0.6, maskWidth: nil), GroupCase(opacity: 1, maskWidth: 40),
            GroupCase(opacity: 0.6, maskWidth: 40), GroupCase(opacity: 0.35, maskWidth: 25),
        ])
    func group(_ c: GroupCase) throws {
        let source = try #require(RandomPixels.bitmap(40, 30, seed: 4))
        let mask = try c.maskWidth.map { w in try #require(RandomPixels.bitmap(w, 30, seed: 5)) }
        let dst = try #require(RandomPixels.bitmap(60, 50, seed: 6))
        let before = dst.copy()
        let origin = (x: 25, y: -3)
        Compositor.compositeGroup(
            source, at: origin, opacity: c.opacity, mask: mask, into: dst, clip: PixelRect(x: 0, y: 0, width: 58, height: 50))
        let a8 = UInt32((c.opacity * 255).rounded())
        for y in 0..<50 {
            for x in 0..<60 {
                let i = x - origin.x, j = y - origin.y
                var expected = before.pixel(x: x, y: y)
                if i >= 0, j >= 0, i < 40, j < 30, x < 58 {
                    var m = a8
                    if let mask { m = a8 == 255 ? mask.pixel(x: i, y: j) >> 24 : Fixture.mul(mask.pixel(x: i, y: j) >> 24, a8) }
                    let s = source.pixel(x: i, y: j)
                    expected = Fixture.over(m == 255 ? s : Fixture.scaled(s, by: m), expected)
                }
                #expect(dst.pixel(x: x, y: y) == expected, "pixel (\(x), \(y))")
            }
        }
    }
}
