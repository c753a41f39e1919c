import KinemaGeometry
import KinemaGraphics
import KinemaLayers
import Testing

@testable import KinemaRender

/// A partial redraw rasterises a large layer's changed content only inside the damage, with the
/// pixels a full render gives there.
@Suite("Content drawn only inside the damage")
struct ClippedContentTests {
    /// A full-size dimming layer (even-odd, 60 % black) with its hole at `hole`, over the
    /// damage tests' scene, stroked or not.
    static func scene(hole: Rect, stroked: Bool) throws -> (root: Layer, dim: ShapeLayer) {
        let (root, _) = try DamageTests.scene()
        let dim = Build.shape(
            Rect(0, 0, 200, 150), DamageTests.dimming(hole: hole), fill: Color(red: 0, green: 0, blue: 0, alpha: 0.6),
            stroke: stroked ? Color(red: 1, green: 0.8, blue: 0.2) : nil, lineWidth: 2.5
        ) { $0.fillRule = .evenOdd }
        try root.addSublayer(dim)
        return (root, dim)
    }

    /// The hole moving by fractions of a pixel, frame after frame: each partial frame equals the
    /// full render, and the renderer keeps no store of the whole layer for a path it drew only
    /// in part (it was never rasterised whole).
    @Test(arguments: [false, true])
    func aMovingHoleIsRasterisedOnlyAroundItself(stroked: Bool) throws {
        let (root, dim) = try Self.scene(hole: Rect(20, 20, 40, 30), stroked: stroked)
        // Redrawing regions, as the live window's renderer does: it keeps the stores it made.
        let renderer = Renderer(keepsUnreusedStores: true)
        let reference = Renderer()
        let size = DamageTests.size, scale = DamageTests.scale
        let frame = try renderer.render(root.renderTree(at: 0), size: size, scale: scale, background: .white)
        var previous = root.renderTree(at: 0)
        for i in 1...12 {
            dim.path = DamageTests.dimming(hole: Rect(20 + Double(i) * 3.37, 20 + Double(i) * 1.61, 40, 30))
            let tree = root.renderTree(at: 0)
            let region = try renderer.damage(from: previous, to: tree, size: size, scale: scale)
            #expect(!region.isEmpty && region.area * 2 < 400 * 300, "\(region)")
            let stores = renderer.cache.count
            try renderer.render(tree, size: size, scale: scale, background: .white, into: frame, region: region)
            #expect(renderer.cache.count == stores, "frame \(i): the whole layer was rasterised and cached")
            let full = try reference.render(tree, size: size, scale: scale, background: .white)
            #expect(frame.hasSamePixels(as: full), "frame \(i), redrawn in \(region)")
            previous = tree
        }
    }

    /// Under a clip that covers most of a layer, the whole store is made and cached, so that
    /// later frames find it.
    @Test func aClipCoveringMostOfTheLayerMakesTheWholeStore() throws {
        let (root, dim) = try Self.scene(hole: Rect(20, 20, 40, 30), stroked: false)
        let renderer = Renderer()
        let size = DamageTests.size, scale = DamageTests.scale
        let frame = try renderer.render(root.renderTree(at: 0), size: size, scale: scale, background: .white)
        dim.path = DamageTests.dimming(hole: Rect(100, 60, 40, 30))
        let stores = renderer.cache.count
        let all = DamageRegion(PixelRect(x: 0, y: 0, width: 400, height: 300))
        try renderer.render(root.renderTree(at: 0), size: size, scale: scale, background: .white, into: frame, region: all)
        #expect(renderer.cache.count == stores + 1)
    }
}
