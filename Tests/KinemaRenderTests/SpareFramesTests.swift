import KinemaGeometry
import KinemaGraphics
import KinemaLayers
import Testing

@testable import KinemaRender

/// A frame drawn over a spare one has the pixels of a frame drawn anew, whatever the spare held.
@Suite("Drawing over spare frames")
struct SpareFramesTests {
    static func tree() throws -> RenderNode {
        let card = Build.layer(Rect(10, 8, 40, 30), Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.7)) { $0.cornerRadius = 6 }
        card.shadowOpacity = 0.5
        card.shadowRadius = 3
        return try Build.tree(Size(width: 64, height: 48), [card])
    }

    @Test(arguments: [nil, Color.white])
    func aFrameDrawnOverASpareIsAFrameDrawnAnew(background: Color?) throws {
        let renderer = Renderer()
        let fresh = try renderer.render(Self.tree(), size: Size(width: 64, height: 48), scale: 2, background: background)
        let spare = try Bitmap(width: 128, height: 96)
        spare.fill(Color(red: 1, green: 0, blue: 0, alpha: 1))
        let reused = try renderer.render(Self.tree(), size: Size(width: 64, height: 48), scale: 2, background: background, reusing: spare)
        #expect(reused === spare)
        #expect(reused.hasSamePixels(as: fresh))
        // A spare of another size is left alone.
        let small = try Bitmap(width: 10, height: 10)
        let other = try renderer.render(Self.tree(), size: Size(width: 64, height: 48), scale: 2, background: background, reusing: small)
        #expect(other !== small && other.hasSamePixels(as: fresh))
    }

    @Test func sparesKeepAtMostTheirCapacity() throws {
        let spares = SpareFrames(capacity: 2)
        #expect(spares.take() == nil)
        for _ in 0..<3 { spares.give(try Bitmap(width: 2, height: 2)) }
        #expect(spares.count == 2)
        #expect(spares.take() != nil && spares.take() != nil && spares.take() == nil)
    }
}
