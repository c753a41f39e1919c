import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaLayers
import KinemaScenes
import Testing

@testable import KinemaRender

/// What a later layer covers with opaque pixels is not drawn, and the frame stays the same bit
/// for bit.
@Suite("Occlusion culling")
struct OcclusionTests {
    static let size = Size(width: 120, height: 90)
    static let scale = 2.0

    /// A layer configuration and whether it should have an opaque cover.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let hasCover: Bool
        let make: @Sendable () throws -> Layer
        var testDescription: String { name }
    }

    /// 16 × 16 pixels, opaque orange but one pixel at half alpha.
    static let translucentImage: String? = {
        guard let bitmap = try? Bitmap(width: 16, height: 16) else { return nil }
        let ctx = GraphicsContext(bitmap: bitmap)
        ctx.fill(Rect(0, 0, 16, 16), color: Color(red: 1, green: 0.5, blue: 0))
        ctx.flush()
        bitmap.row(7)[9] = 0x8040_2000
        let path = NSTemporaryDirectory() + "kinema-occlusion-\(ProcessInfo.processInfo.processIdentifier)-translucent.png"
        do { try bitmap.writePNG(to: path) } catch { return nil }
        return path
    }()

    static let teal = Color(red: 0.1, green: 0.6, blue: 0.6)

    static let cases: [Case] = [
        Case(name: "opaque background at a fractional place", hasCover: true) { Build.layer(Rect(10.3, 7.7, 70.4, 50.2), teal) },
        Case(name: "opaque background scaled by 0.37", hasCover: true) {
            Build.layer(Rect(10, 8, 90, 70), teal) { $0.transform = Transform3D.makeScale(0.37, 0.37, 1) }
        },
        Case(name: "opaque background scaled by 2.6 and 0.8", hasCover: true) {
            Build.layer(Rect(30, 30, 30, 30), teal) { $0.transform = Transform3D.makeScale(2.6, 0.8, 1) }
        },
        Case(name: "opaque image, aspect fill, clipped", hasCover: true) {
            Build.layer(Rect(12.5, 6, 80, 60)) {
                $0.contents = TestImage.quadrants.map { LayerContents(source: $0) }
                $0.contentsGravity = .resizeAspectFill
                $0.masksToBounds = true
            }
        },
        Case(name: "opaque image, aspect fit (letterboxed)", hasCover: true) {
            Build.layer(Rect(12.5, 6, 80, 60)) {
                $0.contents = TestImage.quadrants.map { LayerContents(source: $0) }
                $0.contentsGravity = .resizeAspect
            }
        },
        Case(name: "sublayer's cover inside a clip that is not on whole pixels", hasCover: true) {
            let parent = Build.layer(Rect(10.3, 10.6, 80, 60)) { $0.masksToBounds = true }
            try parent.addSublayer(Build.layer(Rect(-10, -10, 120, 90), teal))
            parent.transform = Transform3D.makeScale(0.9, 0.9, 1)
            return parent
        },
        Case(name: "sublayer's cover inside an opaque mask", hasCover: true) {
            let parent = Build.layer(Rect(10, 10, 90, 70), teal)
            parent.mask = Build.layer(Rect(5.5, 4.25, 60, 50), .black)
            try parent.addSublayer(Build.layer(Rect(20, 20, 20, 20), .red))
            return parent
        },
        Case(name: "translucent background", hasCover: false) {
            Build.layer(Rect(10, 8, 90, 70), Color(red: 0.1, green: 0.6, blue: 0.6, alpha: 0.99))
        },
        Case(name: "rounded corners", hasCover: false) { Build.layer(Rect(10, 8, 90, 70), teal) { $0.cornerRadius = 4 } },
        Case(name: "turned", hasCover: false) {
            Build.layer(Rect(10, 8, 90, 70), teal) { $0.transform = Transform3D.makeRotation(0.01, 0, 0, 1) }
        },
        Case(name: "opacity below 1", hasCover: false) { Build.layer(Rect(10, 8, 90, 70), teal) { $0.opacity = 0.999 } },
        Case(name: "inside a translucent superlayer", hasCover: false) {
            let parent = Build.layer(Rect(0, 0, 120, 90)) { $0.opacity = 0.9 }
            try parent.addSublayer(Build.layer(Rect(10, 8, 90, 70), teal))
            try parent.addSublayer(Build.layer(Rect(0, 0, 4, 4), .red))
            return parent
        },
        Case(name: "multiply blend mode", hasCover: false) {
            Build.layer(Rect(10, 8, 90, 70), teal) { $0.compositingFilter = .multiply }
        },
        Case(name: "mirrored", hasCover: false) {
            Build.layer(Rect(10, 8, 90, 70), teal) { $0.transform = Transform3D.makeScale(-1, 1, 1) }
        },
        Case(name: "image with a translucent pixel", hasCover: false) {
            Build.layer(Rect(10, 8, 90, 70)) { $0.contents = OcclusionTests.translucentImage.map { LayerContents(source: $0) } }
        },
        Case(name: "nine-part image", hasCover: false) {
            Build.layer(Rect(10, 8, 90, 70)) {
                $0.contents = TestImage.nineSlice.map { LayerContents(source: $0) }
                $0.contentsCenter = Rect(0.25, 0.25, 0.5, 0.5)
            }
        },
        Case(name: "translucent mask", hasCover: false) {
            let parent = Build.layer(Rect(10, 10, 90, 70), teal)
            parent.mask = Build.layer(Rect(5, 5, 60, 50), Color(red: 0, green: 0, blue: 0, alpha: 0.98))
            return parent
        },
    ]

    /// The cover of the only sublayer of a transparent root holding `layer`, as the renderer
    /// finds it for a frame at ``scale``.
    static func cover(of layer: Layer) throws -> (tree: RenderNode, cover: PixelRect?) {
        let tree = try Build.tree(size, [layer])
        let images = ImageStore()
        // Images have covers once decoded (a frame never waits for a decode to find one).
        for node in tree.flattened { if let contents = node.state.contents { _ = try? images.image(at: contents.source) } }
        let composer = FrameComposer(cache: ContentCache(), images: images, scale: scale)
        let h = Homography(flattening: tree.transformToSuperlayer).concatenating(Renderer.windowPlane(scale: scale).toTarget)
        let covers = composer.sublayerCovers(tree, transform: h, opacity: 1)
        return (tree, covers.first ?? nil)
    }

    /// A layer with a cover leaves every pixel of it opaque and the same whatever is below (a
    /// frame over red and one over blue agree there), and the cover reaches to within a few
    /// pixels of the layer's edges; the others have none.
    @Test(arguments: cases)
    func coversAreOpaqueAndIndependentOfWhatIsBelow(_ c: Case) throws {
        let (tree, cover) = try Self.cover(of: try c.make())
        guard c.hasCover else {
            #expect(cover == nil)
            return
        }
        let r = try #require(cover)
        let renderer = Renderer()
        let overRed = try renderer.render(tree, size: Self.size, scale: Self.scale, background: .red)
        let overBlue = try renderer.render(tree, size: Self.size, scale: Self.scale, background: .blue)
        var differing = 0, translucent = 0
        for y in r.y..<r.maxY {
            for x in r.x..<r.maxX {
                let a = overRed.row(y)[x], b = overBlue.row(y)[x]
                if a != b { differing += 1 }
                if a >> 24 != 0xFF { translucent += 1 }
            }
        }
        #expect(differing == 0 && translucent == 0, "cover \(r): \(differing) pixels show what is below")
        // Just outside the cover, the red and blue frames differ somewhere (the cover is not
        // merely inside the opaque region by luck of a generous margin) within 6 pixels.
        let ring = r.grown(by: 6)
        var outside = 0
        for y in max(ring.y, 0)..<min(ring.maxY, overRed.height) {
            for x in max(ring.x, 0)..<min(ring.maxX, overRed.width) where !(r.x..<r.maxX).contains(x) || !(r.y..<r.maxY).contains(y) {
                if overRed.row(y)[x] != overBlue.row(y)[x] { outside += 1 }
            }
        }
        #expect(outside > 0, "cover \(r) is more than 6 pixels inside the layer's opaque pixels")
    }

    /// An image is known opaque once decoded, and not before: finding a cover never waits for a
    /// decode.
    @Test func anImageIsKnownOpaqueOnceDecoded() throws {
        let opaque = try #require(TestImage.quadrants), translucent = try #require(Self.translucentImage)
        let images = ImageStore()
        #expect(!images.isOpaque(opaque), "not decoded yet")
        _ = try images.image(at: opaque)
        _ = try images.image(at: translucent)
        #expect(images.isOpaque(opaque))
        #expect(!images.isOpaque(translucent))
    }

    /// A layer wholly under an opaque one is never drawn: its backing store is not made.
    @Test func aLayerWhollyUnderAnOpaqueOneIsNotDrawn() throws {
        let hidden = Build.layer(Rect(30, 20, 40, 30), .red)
        let top = Build.layer(Rect(10.5, 10.5, 90, 60), Self.teal)
        let tree = try Build.tree(Self.size, [hidden, top])
        let culling = Renderer(), plain = Renderer()
        plain.cullsOccludedPixels = false
        let a = try culling.render(tree, size: Self.size, scale: Self.scale, background: .white)
        let b = try plain.render(tree, size: Self.size, scale: Self.scale, background: .white)
        #expect(a.hasSamePixels(as: b))
        #expect(culling.cache.count == plain.cache.count - 1, "the hidden layer's store was made")
    }

    /// How many pixels of `a` and `b` (of one size) differ, and the box around them.
    static func differences(_ a: Bitmap, _ b: Bitmap) -> String {
        var count = 0, box = PixelRect.zero
        var list = ""
        for y in 0..<a.height {
            for x in 0..<a.width where a.row(y)[x] != b.row(y)[x] {
                count += 1
                if count < 12 { list += " (\(x),\(y)) \(String(a.row(y)[x], radix: 16)) vs \(String(b.row(y)[x], radix: 16));" }
                box = box.union(PixelRect(x: x, y: y, width: 1, height: 1))
            }
        }
        return "\(count) pixels differ, within \(box)" + list
    }

    /// Many overlapping opaque sublayers (each passes on only the nearest later covers): the
    /// same frame culled or not.
    @Test func manyOverlappingOpaqueSublayersDrawTheSameFrame() throws {
        let layers = (0..<40).map { (i: Int) -> Layer in
            let x: Double = 3.3 + Double(i % 7) * 9.7, y: Double = 2.6 + Double(i / 7) * 8.1
            let color = Color(red: Double(i % 5) / 4, green: Double(i % 3) / 2, blue: Double(i % 7) / 6)
            return Build.layer(Rect(x, y, 40.5, 30.25), color)
        }
        let tree = try Build.tree(Self.size, layers)
        let culling = Renderer(), plain = Renderer()
        plain.cullsOccludedPixels = false
        let a = try culling.render(tree, size: Self.size, scale: Self.scale, background: .white)
        let b = try plain.render(tree, size: Self.size, scale: Self.scale, background: .white)
        #expect(a.hasSamePixels(as: b), "\(Self.differences(a, b))")
    }

    /// Frames of every demo at the live window's scale, and the zoom's flights frame by frame,
    /// drawn whole and redrawn in part on two threads: the same pixels culled or not.
    @Test(arguments: DemoScenes.names)
    func demoFramesAreTheSameCulledOrNot(_ demo: String) throws {
        let document = try #require(try DemoScenes.document(named: demo))
        var times = stride(from: 0.0, through: min(document.duration, 14), by: 0.5).map { $0 }
        if demo == "zoom" {
            times += (0..<24).map { 4.25 + Double($0) / 60 } + (0..<24).map { 8.2 + Double($0) / 60 }
            times.sort()
        }
        let scene = Scene(document: document)
        let culling = Renderer(), plain = Renderer()
        plain.cullsOccludedPixels = false
        let retained = try RetainedFrame(size: document.size, scale: 2, background: document.background, renderer: culling)
        retained.threads = 2
        for t in times {
            scene.advance(to: t)
            let tree = scene.rootLayer.renderTree(at: t)
            let reference = try plain.render(tree, size: document.size, scale: 2, background: document.background)
            let whole = try culling.render(tree, size: document.size, scale: 2, background: document.background)
            #expect(whole.hasSamePixels(as: reference), "\(demo) at \(t) s, drawn whole: \(Self.differences(whole, reference))")
            try retained.render(tree)
            #expect(
                retained.bitmap.hasSamePixels(as: reference),
                "\(demo) at \(t) s, redrawn in part: \(Self.differences(retained.bitmap, reference))")
        }
    }
}
