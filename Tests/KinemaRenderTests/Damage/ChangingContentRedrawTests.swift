import KinemaGeometry
import KinemaGraphics
import KinemaLayers
import KinemaScenes
import Testing

@testable import KinemaRender

/// A partial redraw of content that changes every frame gives the pixels of a full render,
/// wherever the damage cuts it.
@Suite("Redrawing changing content in part")
struct ChangingContentRedrawTests {
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

    /// The hole moving by fractions of a pixel, frame after frame: each frame is redrawn only
    /// around the hole, and equals the full render.
    @Test(arguments: [false, true])
    func aMovingHoleIsRedrawnOnlyAroundItself(stroked: Bool) throws {
        let (root, dim) = try Self.scene(hole: Rect(20, 20, 40, 30), stroked: stroked)
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
            try renderer.render(tree, size: size, scale: scale, background: .white, into: frame, region: region)
            let full = try reference.render(tree, size: size, scale: scale, background: .white)
            #expect(frame.hasSamePixels(as: full), "frame \(i), redrawn in \(region)")
            previous = tree
        }
    }

    /// The tutorial at 30 frames a second, 2.8 to 3 s (a coach mark springing out while the
    /// dimming's cutout moves): each frame redrawn over each of the six frames before it equals
    /// its full render. Rasterising only the damaged part of a changed path's store, shifted
    /// by whole pixels, gave a pixel one level off here: a path's points land on cairo's 1/256
    /// grid from coordinates rounded after the shift.
    @Test func framesRedrawnOverEarlierOnesAreFullRenders() throws {
        let document = try #require(try DemoScenes.document(named: "tutorial"))
        let scene = Scene(document: document)
        var trees: [Int: RenderNode] = [:]
        for i in 0..<90 {
            let t = Double(i) / 30
            scene.advance(to: t)
            if i >= 78 { trees[i] = scene.rootLayer.renderTree(at: t) }
        }
        let reference = Renderer()
        for new in 84..<90 {
            let tree = try #require(trees[new])
            let full = try reference.render(tree, size: document.size, scale: 1, background: document.background)
            for old in (new - 6)..<new {
                let frame = try RetainedFrame(size: document.size, scale: 1, background: document.background, renderer: Renderer())
                try frame.render(try #require(trees[old]))
                let region = try frame.render(tree)
                #expect(frame.bitmap.hasSamePixels(as: full), "frame \(new) over frame \(old), redrawn in \(region)")
            }
        }
    }
}
