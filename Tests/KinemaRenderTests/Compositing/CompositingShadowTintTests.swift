import KinemaGeometry
import KinemaGraphics
import TestSupport
import Testing

@testable import KinemaRender

@Suite("Compositing shadows: the fast paths give the reference pixels")
struct CompositingShadowTintTests {
    /// Below the smallest box blur (σ < 0.8 pixels), a shadow is the source's alpha tinted, made
    /// without the float plane: exactly what the plane gives, padding included.
    @Test(arguments: [0.0, 0.3, 0.5, 0.79])
    func tintingTheAlphaEqualsColouringItsPlane(sigma: Double) throws {
        #expect(AlphaPlane.boxes(sigma: sigma).isEmpty)
        var g = SeededGenerator(seed: 77)
        let source = try #require(Fixture.store(width: 31, height: 19) { _, _ in RandomPixels.pixel(&g) })
        for tint in [
            Color(red: 0, green: 0, blue: 0), Color(red: 1, green: 0.5, blue: 0.25, alpha: 0.8),
            Color(red: 0.1, green: 0.9, blue: 0.6, alpha: 0.3),
        ] {
            let (fast, padding) = try Shadow.make(from: source, sigma: sigma, color: tint)
            let slow = try Shadow.colored(Shadow.alphaPlane(of: source, padding: padding), color: tint)
            #expect(fast.bitmap.hasSamePixels(as: slow.bitmap), "σ \(sigma), tint \(tint)")
            #expect(fast.margin == slow.margin && fast.contentWidth == 31 + 2 * padding)
        }
    }

    /// The banded blur (each band's three passes in the cache, coloured as it leaves) gives
    /// exactly the pixels of the whole-plane passes, for planes narrower and wider than a band
    /// and not a multiple of it, odd and even boxes.
    @Test(arguments: [(150, 97, 1.3), (7, 300, 2.5), (300, 5, 4.0), (65, 129, 10.0), (200, 140, 16.0)])
    func bandsGiveTheWholePlanesPixels(width: Int, height: Int, sigma: Double) throws {
        var g = SeededGenerator(seed: UInt64(width * 1000 + height))
        var plane = AlphaPlane(width: width, height: height)
        for i in plane.values.indices where Int.random(in: 0..<5, using: &g) == 0 {
            plane.values[i] = Float(Int.random(in: 0...255, using: &g))
        }
        let tint = Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.7)
        let reference = try Shadow.colored(plane.blurred(sigma: sigma), color: tint)
        let banded = try Shadow.blurredAndColored(plane, sigma: sigma, color: tint)
        #expect(banded.bitmap.hasSamePixels(as: reference.bitmap), "\(width)×\(height), σ \(sigma)")
        #expect(!AlphaPlane.boxes(sigma: sigma).isEmpty)
    }
}
