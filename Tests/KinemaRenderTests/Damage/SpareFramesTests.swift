import KinemaGeometry
import KinemaGraphics
import KinemaLayers
import KinemaScenes
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

    /// A frame comes back with the tree it shows only when ``Renderer/render(_:size:scale:background:drawingOver:)``
    /// drew it; one taken with `take()` (and drawn over some other way) or never drawn comes back without.
    @Test func aFrameComesBackWithWhatItShowsOnlyWhenARenderNotedIt() throws {
        let renderer = Renderer()
        let spares = SpareFrames()
        let size = Size(width: 64, height: 48)
        let drawn = try renderer.render(Self.tree(), size: size, scale: 2, drawingOver: spares)
        spares.give(drawn)
        let back = try #require(spares.takeShown())
        let tree = try Self.tree()
        #expect(back.bitmap === drawn && back.shown?.tree == tree && back.shown?.scale == 2)
        spares.give(back.bitmap)
        let taken = try #require(spares.take())
        spares.give(taken)
        #expect(spares.takeShown()?.shown == nil, "taken by take(): what it shows is not known any more")
        spares.give(try Bitmap(width: 128, height: 96))
        #expect(spares.takeShown()?.shown == nil)
    }

    /// Frames of the tutorial demo drawn over spares, given back one to three frames late as a
    /// sink does, are the frames drawn anew, and most of them are redrawn only in part: a frame
    /// given back with a pixel changed where nothing moves keeps the change.
    @Test func framesDrawnOverSparesAreFullRenders() throws {
        let document = try #require(try DemoScenes.document(named: "tutorial"))
        let scene = Scene(document: document)
        let renderer = Renderer(), reference = Renderer()
        let spares = SpareFrames(capacity: 3)
        var waiting: [Bitmap] = []
        for i in 0..<90 {
            let t = Double(i) / 30
            scene.advance(to: t)
            let tree = scene.rootLayer.renderTree(at: t)
            let frame = try renderer.render(tree, size: document.size, scale: 1, background: document.background, drawingOver: spares)
            let full = try reference.render(tree, size: document.size, scale: 1, background: document.background)
            #expect(frame.hasSamePixels(as: full), "frame \(i): \(OcclusionTests.differences(frame, full))")
            waiting.append(frame)
            if waiting.count > 1 + i % 3 { spares.give(waiting.removeFirst()) }
        }
    }

    /// Proof that a frame is redrawn only in part: a pixel of a spare changed where nothing
    /// moves between its tree and the next stays changed.
    @Test func aSpareIsRedrawnOnlyWhereTheTreesDiffer() throws {
        let renderer = Renderer()
        let spares = SpareFrames(capacity: 1)
        let size = Size(width: 64, height: 48)
        let first = try renderer.render(Self.tree(), size: size, scale: 2, drawingOver: spares)
        first.row(90)[120] = 0xFF12_3456
        spares.give(first)
        let second = try renderer.render(Self.tree(), size: size, scale: 2, drawingOver: spares)
        #expect(second === first && second.row(90)[120] == 0xFF12_3456, "the same tree redraws nothing")
    }
}
