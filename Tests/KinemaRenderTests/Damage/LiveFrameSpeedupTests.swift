import Dispatch
import KinemaGeometry
import KinemaGraphics
import KinemaLayers
import KinemaScenes
import Synchronization
import Testing

@testable import KinemaRender

/// What makes a live frame cheaper without changing its pixels: drawing a region on several
/// threads, clipping a rectangular `masksToBounds` by pixels instead of an offscreen group, and
/// decoding a scene's images before they are drawn.
@Suite("Live frame speed-ups keep the pixels")
struct LiveFrameSpeedupTests {
    // MARK: Threads

    @Test(arguments: [1, 2, 3, 4, 8])
    func sharesCoverTheRegionOnceAndBalanceTheArea(threads: Int) {
        // Damage regions may overlap: the second and third rectangles share pixels.
        let rects = [
            PixelRect(x: 0, y: 0, width: 750, height: 600), PixelRect(x: 0, y: 700, width: 300, height: 200),
            PixelRect(x: 250, y: 650, width: 200, height: 100), PixelRect(x: 400, y: 900, width: 41, height: 3),
        ]
        let shares = Renderer.shares(of: rects, threads: threads)
        #expect(shares.count == threads)
        // Every pixel of the region is in exactly one band, when the work is shared: no two
        // threads draw one pixel.
        var seen: [Int: Int] = [:]
        for band in shares.joined() {
            for y in band.y..<band.maxY { for x in band.x..<band.maxX { seen[y * 1000 + x, default: 0] += 1 } }
        }
        var union = Set<Int>()
        for r in rects { for y in r.y..<r.maxY { for x in r.x..<r.maxX { union.insert(y * 1000 + x) } } }
        #expect(Set(seen.keys) == union)
        if threads > 1 { #expect(seen.values.allSatisfy { $0 == 1 }) }
        let total = union.count
        // No thread gets much more than its share: a band is at most one share, plus a row.
        let loads = shares.map { $0.reduce(0) { $0 + $1.area } }
        #expect(loads.max()! <= 2 * total / threads + 750, "loads \(loads)")
    }

    @Test(arguments: [
        PixelRect(x: 5, y: 5, width: 10, height: 10), PixelRect(x: -5, y: 2, width: 40, height: 4),
        PixelRect(x: 0, y: 0, width: 20, height: 20),
        PixelRect(x: 30, y: 30, width: 5, height: 5), PixelRect(x: 15, y: -3, width: 10, height: 30),
    ])
    func subtractingLeavesExactlyThePixelsOutside(_ other: PixelRect) {
        let a = PixelRect(x: 0, y: 0, width: 20, height: 20)
        let pieces = a.subtracting(other)
        var seen: [Int: Int] = [:]
        for p in pieces { for y in p.y..<p.maxY { for x in p.x..<p.maxX { seen[y * 100 + x, default: 0] += 1 } } }
        let inOther = { (x: Int, y: Int) in x >= other.x && x < other.maxX && y >= other.y && y < other.maxY }
        var expected = Set<Int>()
        for y in 0..<20 { for x in 0..<20 where !inOther(x, y) { expected.insert(y * 100 + x) } }
        #expect(Set(seen.keys) == expected)
        #expect(seen.values.allSatisfy { $0 == 1 }, "pieces overlap: \(pieces)")
    }

    @Test func aSmallRegionStaysOnOneThread() {
        let small = [PixelRect(x: 10, y: 10, width: 40, height: 40)]
        #expect(Renderer.shares(of: small, threads: 4) == [small])
        #expect(Renderer.shares(of: [], threads: 4) == [[]])
    }

    @Test(arguments: [0.7, 0.9, 4.4, 8.5])
    func zoomFramesDrawnOnTwoThreadsMatchFullRenders(at t: Double) throws {
        let document = try #require(try DemoScenes.document(named: "zoom"))
        let scene = Scene(document: document)
        let renderer = Renderer()
        let frame = try RetainedFrame(size: document.size, scale: 2, background: document.background, renderer: renderer)
        frame.threads = 2
        scene.advance(to: t)
        let tree = scene.rootLayer.renderTree(at: t)
        let region = try frame.render(tree)
        let full = try renderer.render(tree, size: document.size, scale: 2, background: document.background)
        #expect(region.area == frame.bitmap.width * frame.bitmap.height)
        #expect(frame.bitmap.hasSamePixels(as: full), "zoom at \(t) s")
    }

    /// A masked layer moving off the pixel grid is drawn offscreen every frame; frames drawn on
    /// two threads take its surfaces from the renderer's pool, larger than the group and holding
    /// the last frame's pixels outside what is drawn, and still equal full renders.
    @Test func groupsDrawnFrameAfterFrameReuseTheirSurfacesAndKeepThePixels() throws {
        let size = Size(width: 400, height: 300)
        let card = Build.layer(Rect(30, 30, 300, 200), Color(red: 0.2, green: 0.6, blue: 0.3))
        try card.addSublayer(Build.layer(Rect(40, 40, 120, 80), Color(red: 0.9, green: 0.2, blue: 0.2, alpha: 0.7)))
        card.mask = Build.layer(Rect(10, 10, 280, 180), .black) { $0.cornerRadius = 24 }
        let root = try Build.adding([card], to: Build.layer(Rect(0, 0, 400, 300), .white))
        let renderer = Renderer()
        let frame = try RetainedFrame(size: size, scale: 2, background: .white, renderer: renderer)
        frame.threads = 2
        for k in 0..<6 {
            card.position = Point(x: 180 + 3.3 * Double(k), y: 130 + 1.7 * Double(k))
            let tree = root.renderTree(at: 0)
            try frame.render(tree)
            let full = try renderer.render(tree, size: size, scale: 2, background: .white)
            #expect(frame.bitmap.hasSamePixels(as: full), "frame \(k)")
        }
        #expect(renderer.surfacePool.count > 0, "no surface was kept")
    }

    // MARK: Scissor

    /// A 60 × 40 clipping layer at (20, 20) whose two opaque sublayers reach outside it, in a
    /// white 100 × 80 root; `clip` chooses how it clips.
    static func clippingTree(clip: (Layer) throws -> Void) throws -> RenderNode {
        let inside = Build.layer(Rect(-10, 5, 40, 20), .red)
        let across = Build.layer(Rect(35, -8, 40, 60), .blue)
        let clipping = try Build.adding([inside, across], to: Build.layer(Rect(20, 20, 60, 40), .lightGray))
        try clip(clipping)
        let root = try Build.adding([clipping], to: Build.layer(Rect(0, 0, 100, 80), .white))
        return root.renderTree(at: 0)
    }

    @Test(arguments: [1.0, 2.0, 1.5])
    func aRectangularMasksToBoundsClipsAsAGroupWithAMaskDoes(scale: Double) throws {
        let size = Size(width: 100, height: 80)
        let scissored = try Self.clippingTree { $0.masksToBounds = true }
        // An opaque mask layer covering the bounds clips the same pixels, through a group.
        let grouped = try Self.clippingTree { $0.mask = Build.layer(Rect(0, 0, 60, 40), .black) }
        let a = try Renderer().render(scissored, size: size, scale: scale, background: .white)
        let b = try Renderer().render(grouped, size: size, scale: scale, background: .white)
        #expect(a.hasSamePixels(as: b))
        // And it does clip: the blue sublayer stops at the clipping layer's top edge.
        let top = Int(20 * scale)
        #expect(a.color(x: Int(60 * scale), y: top - 1) == .white)
        #expect(a.color(x: Int(60 * scale), y: top + 1) == .blue)
    }

    @Test func theScissorIsOnlyForBoundsOnWholePixels() throws {
        var composer = FrameComposer(cache: ContentCache(), images: ImageStore(), scale: 2)
        composer.clip = nil
        let aligned = try Self.clippingTree { $0.masksToBounds = true }.sublayers[0]
        let h = Homography(translationX: 40, y: 40)
        let size = (width: 200, height: 160)
        #expect(composer.scissor(aligned, transform: h.concatenating(Homography(scaleX: 2, y: 2)), opacity: 1, within: size) != nil)
        // Half a pixel off the grid, turned, rounded, faded or shadowed: an offscreen group.
        #expect(composer.scissor(aligned, transform: Homography(translationX: 40.5, y: 40), opacity: 1, within: size) == nil)
        let turned = Homography(KinemaGeometry.AffineTransform(rotationAngle: 0.1))
        #expect(composer.scissor(aligned, transform: turned, opacity: 1, within: size) == nil)
        #expect(composer.scissor(aligned, transform: h, opacity: 0.5, within: size) == nil)
        for change in [{ (s: inout LayerState) in s.cornerRadius = 4 }, { $0.shadowOpacity = 0.5 }] {
            var node = aligned
            change(&node.state)
            #expect(composer.scissor(node, transform: h, opacity: 1, within: size) == nil)
        }
    }

    // MARK: Turned text

    /// A turned text layer is drawn from its backing store, which the next angle finds in the
    /// cache; a turned shape is drawn straight into the frame and leaves nothing there.
    @Test func turnedTextIsResampledFromItsStoreAndTurnedShapesAreDrawn() throws {
        let text = TextLayer()
        text.frame = Rect(20, 20, 120, 40)
        text.string = "Turning"
        text.fontSize = 24
        let shape = ShapeLayer()
        shape.frame = Rect(20, 80, 60, 40)
        shape.path = Path(ellipseIn: Rect(0, 0, 60, 40))
        let renderer = Renderer()
        for (k, layer) in [text, shape].enumerated() {
            let root = try Build.adding([layer], to: Build.layer(Rect(0, 0, 160, 140)))
            for angle in [0.3, 0.5] {
                layer.setAffineTransform(AffineTransform(rotationAngle: angle))
                renderer.cache.removeAll()
                _ = try renderer.render(root.renderTree(at: 0), size: Size(width: 160, height: 140), scale: 2)
                #expect(renderer.cache.count == (k == 0 ? 1 : 0), "\(k == 0 ? "text" : "shape") at \(angle)")
            }
        }
        #expect(FrameComposer.keepsStoreWhenTurned(text.renderTree(at: 0).state, piece: .whole))
        #expect(!FrameComposer.keepsStoreWhenTurned(text.renderTree(at: 0).state, piece: .border))
        #expect(!FrameComposer.keepsStoreWhenTurned(shape.renderTree(at: 0).state, piece: .whole))
    }

    // MARK: Images

    @Test func preparedImagesDrawTheSamePixels() throws {
        let path = try #require(TestImage.quadrants)
        let l = Build.layer(Rect(8, 8, 64, 32), .lightGray) { $0.contents = LayerContents(source: path) }
        let tree = try Build.tree(Size(width: 80, height: 48), [l])
        let prepared = Renderer()
        prepared.prepareImages(in: tree)
        let a = try prepared.render(tree, size: Size(width: 80, height: 48), scale: 2)
        let b = try Renderer().render(tree, size: Size(width: 80, height: 48), scale: 2)
        #expect(a.hasSamePixels(as: b))
    }

    @Test func aMissingImageThatWasPreparedFailsWhenDrawnNamingTheFile() throws {
        let path = "/nonexistent/kinema-prepared-image.png"
        let l = Build.layer(Rect(8, 8, 64, 32)) { $0.contents = LayerContents(source: path) }
        let tree = try Build.tree(Size(width: 80, height: 48), [l])
        let renderer = Renderer()
        renderer.prepareImages(in: tree)
        #expect {
            _ = try renderer.render(tree, size: Size(width: 80, height: 48), scale: 1)
        } throws: { error in
            "\(error)".contains(path)
        }
    }

    @Test func manyThreadsAskingForOneImageGetOneDecode() throws {
        let path = try #require(TestImage.quadrants)
        let store = ImageStore()
        let images = Mutex<[ObjectIdentifier]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            if let b = try? store.image(at: path) { images.withLock { $0.append(ObjectIdentifier(b)) } }
        }
        let decoded = images.withLock { $0 }
        #expect(decoded.count == 8)
        #expect(Set(decoded).count == 1, "the image was decoded more than once")
    }
}
