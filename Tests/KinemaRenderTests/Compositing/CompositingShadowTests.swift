import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaRender
import TestSupport
import Testing

@Suite("Compositing shadows")
struct CompositingShadowTests {
    /// The alpha of result content pixel (i, j).
    static func alpha(_ s: BackingStore, _ i: Int, _ j: Int) -> Int { Int(s.bitmap.pixel(x: s.margin + i, y: s.margin + j) >> 24) }

    /// The sum of the content's alpha.
    static func mass(_ s: BackingStore) -> Double {
        var total = 0.0
        for j in 0..<s.contentHeight {
            for i in 0..<s.contentWidth { total += Double(alpha(s, i, j)) }
        }
        return total
    }

    /// The standard normal distribution function.
    static func phi(_ z: Double) -> Double { 0.5 * (1 + erf(z / 2.0.squareRoot())) }

    @Test("A blurred hard square matches the analytic Gaussian", arguments: [4.0, 6.5, 10, 20])
    func analytic(_ sigma: Double) throws {
        let side = 40
        let source = try #require(Fixture.opaque(width: side, height: side))
        let (store, padding) = try Shadow.make(from: source, sigma: sigma, color: Color(red: 0, green: 0, blue: 0))
        #expect(padding == Int((3 * sigma).rounded(.up)))
        #expect(store.contentWidth == side + 2 * padding && store.contentHeight == side + 2 * padding)
        let p = Double(padding), s = Double(side)
        var worst = 0.0
        for j in stride(from: 0, to: store.contentHeight, by: 3) {
            for i in stride(from: 0, to: store.contentWidth, by: 3) {
                let x = Double(i) + 0.5, y = Double(j) + 0.5
                let expected =
                    255 * (Self.phi((x - p) / sigma) - Self.phi((x - p - s) / sigma))
                    * (Self.phi((y - p) / sigma) - Self.phi((y - p - s) / sigma))
                worst = max(worst, abs(Double(Self.alpha(store, i, j)) - expected))
            }
        }
        // Tolerance: 8/255, the three-box approximation's error at the square's corners.
        #expect(worst <= 8, "largest difference \(worst)")
        // The box support fits the padding, so no alpha is lost: mass within 1 %.
        #expect(abs(Self.mass(store) / (255 * s * s) - 1) <= 0.01)
    }

    @Test("Sigma 0 is a hard shadow: the source's alpha, coloured")
    func hardShadow() throws {
        var g = SeededGenerator(seed: 10)
        let source = try #require(Fixture.store(width: 23, height: 17) { _, _ in RandomPixels.pixel(&g) })
        let (black, padding) = try Shadow.make(from: source, sigma: 0, color: Color(red: 0, green: 0, blue: 0))
        #expect(padding == 0)
        let tint = Color(red: 1, green: 0.5, blue: 0.25, alpha: 0.8)
        let (tinted, _) = try Shadow.make(from: source, sigma: 0, color: tint)
        for j in 0..<17 {
            for i in 0..<23 {
                let a = source.bitmap.pixel(x: source.margin + i, y: source.margin + j) >> 24
                #expect(black.bitmap.pixel(x: black.margin + i, y: black.margin + j) == a << 24)
                let p = tinted.bitmap.pixel(x: tinted.margin + i, y: tinted.margin + j)
                let expected = [0.8, 0.8, 0.4, 0.2].map { Double(a) * $0 }
                for (k, shift) in [UInt32(24), 16, 8, 0].enumerated() {
                    #expect(abs(Double((p >> shift) & 0xff) - expected[k]) <= 0.5 + 1e-6, "(\(i), \(j)) channel \(k)")
                }
            }
        }
    }

    @Test("A shadow path gives the shadow of the shape it outlines", arguments: [0.0, 3, 8])
    func shadowPath(_ sigma: Double) throws {
        let source = try #require(Fixture.store(width: 50, height: 40) { i, j in i >= 10 && i < 40 && j >= 5 && j < 30 ? 0xff00_0000 : 0 })
        let fromContent = try Shadow.make(from: source, sigma: sigma, color: Color(red: 0, green: 0, blue: 0))
        let fromPath = try Shadow.make(
            path: Path(rect: Rect(x: 10, y: 5, width: 30, height: 25)), width: 50, height: 40, sigma: sigma,
            color: Color(red: 0, green: 0, blue: 0))
        #expect(fromPath.padding == fromContent.padding)
        #expect(fromPath.store.bitmap.hasSamePixels(as: fromContent.store.bitmap))
        // A circle's shadow keeps the circle's area (π r² of full alpha) within 1 %.
        let circle = try Shadow.make(
            path: Path(ellipseIn: Rect(x: 5, y: 5, width: 30, height: 30)), width: 50, height: 40, sigma: sigma,
            color: Color(red: 0, green: 0, blue: 0))
        #expect(abs(Self.mass(circle.store) / (255 * Double.pi * 225) - 1) <= 0.01)
    }

    @Test("Bad sigmas and sizes throw errors that name them", arguments: [-1, .nan, .infinity, 1e9])
    func badSigma(_ sigma: Double) throws {
        let source = try #require(Fixture.opaque(width: 4, height: 4))
        #expect {
            _ = try Shadow.make(from: source, sigma: sigma, color: Color(red: 0, green: 0, blue: 0))
        } throws: { error in
            guard case RenderError.invalidArgument(let name, _, _) = error else { return false }
            return name == "sigma"
        }
        #expect(throws: RenderError.graphics(.invalidSize(width: 0, height: 5))) {
            _ = try Shadow.make(path: Path(), width: 0, height: 5, sigma: 1, color: Color(red: 0, green: 0, blue: 0))
        }
    }
}
