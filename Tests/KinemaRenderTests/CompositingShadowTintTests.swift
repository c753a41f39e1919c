import KinemaGeometry
import KinemaGraphics
import TestSupport
import Testing

@testable import KinemaRender

@Suite("Compositing shadows without a blur")
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
}
