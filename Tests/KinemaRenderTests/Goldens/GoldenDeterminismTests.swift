import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaLayers
import TestSupport
import Testing

@testable import KinemaRender

/// A frame that uses most of the renderer at once: shadows, rounded borders, a mask, a group
/// at opacity 0.6, text, gradients, a contents image, a shape and a perspective card.
enum BusyFrame {
    static let size = Size(width: 160, height: 120)

    /// The frame's layers; `card` is the layer the cache tests change.
    static func make() throws -> (root: Layer, card: Layer, label: TextLayer) {
        let root = Build.layer(Rect(0, 0, 160, 120), Color(white: 0.95)) { $0.sublayerTransform = Build.perspective(400) }
        let card = Build.layer(Rect(8, 8, 72, 48), .white) {
            $0.cornerRadius = 10
            $0.borderWidth = 2
            $0.borderColor = .darkGray
            $0.shadowOpacity = 0.5
            $0.shadowOffset = Size(width: 2, height: 4)
            $0.shadowRadius = 4
        }
        let label = TextLayer()
        label.frame = Rect(6, 6, 60, 20)
        label.string = "Kinema 動き"
        label.fontName = "DejaVu Sans"
        label.fontSize = 12
        label.foregroundColor = .black
        try card.addSublayer(label)
        let gradient = GradientLayer()
        gradient.frame = Rect(6, 28, 60, 14)
        gradient.colors = [.orange, .purple]
        gradient.startPoint = Point(x: 0, y: 0.5)
        gradient.endPoint = Point(x: 1, y: 0.5)
        try card.addSublayer(gradient)

        let group = try Build.adding(
            [Build.layer(Rect(0, 0, 40, 40), .red), Build.layer(Rect(20, 10, 40, 40), .blue)],
            to: Build.layer(Rect(90, 8, 60, 50)) { $0.opacity = 0.6 })
        let masked = Build.layer(Rect(90, 64, 60, 48), .green)
        if let image = TestImage.quadrants { masked.contents = LayerContents(source: image) }
        masked.mask = Build.shape(Rect(0, 0, 60, 48), Path(rect: Rect(4, 4, 52, 40), cornerRadius: 14), fill: .black)
        let star = Build.shape(
            Rect(8, 64, 40, 48), GoldenShapeTests.star.applying(KinemaGeometry.AffineTransform(scaleX: 0.6, y: 0.6)), fill: .yellow)
        star.strokeColor = .black
        let tilted = Build.layer(Rect(50, 70, 36, 36), .cyan) {
            $0.transform = Build.rotationY(35).concatenating(.makeRotation(0.3, 0, 0, 1))
            $0.borderWidth = 3
            $0.borderColor = .blue
        }
        try Build.adding([card, group, masked, star, tilted], to: root)
        return (root, card, label)
    }

    static func tree() throws -> RenderNode { try make().root.renderTree(at: 0) }
}

/// Renders into slots from several threads.
final class FrameSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var frames: [Int: Bitmap] = [:]
    private var errors: [String] = []

    func store(_ i: Int, _ result: Result<Bitmap, RenderError>) {
        lock.lock()
        defer { lock.unlock() }
        switch result {
        case .success(let b): frames[i] = b
        case .failure(let e): errors.append("\(e)")
        }
    }

    var all: (frames: [Int: Bitmap], errors: [String]) {
        lock.lock()
        defer { lock.unlock() }
        return (frames, errors)
    }
}

/// Determinism of whole frames, and reuse of backing stores across frames.
@Suite("Golden images: determinism and caching")
struct GoldenDeterminismTests {
    @Test("The busy frame matches its golden image")
    func busyFrameGolden() throws {
        let bitmap = try Renderer().render(BusyFrame.tree(), size: BusyFrame.size, scale: 2, background: .white)
        let result = GoldenImage.check(bitmap, suite: "GoldenDeterminismTests", name: "busyFrame.scale2", tolerance: .rendering)
        #expect(result == .matches, "\(result)")
    }

    @Test("One renderer, twice: identical bytes (the second frame from the cache)")
    func sameRendererTwice() throws {
        let tree = try BusyFrame.tree()
        let renderer = Renderer()
        let a = try renderer.render(tree, size: BusyFrame.size, scale: 2, background: .white)
        let b = try renderer.render(tree, size: BusyFrame.size, scale: 2, background: .white)
        #expect(a.hasSamePixels(as: b))
        #expect(a.contentHash == b.contentHash)
    }

    @Test("Two renderers: identical bytes")
    func twoRenderers() throws {
        let tree = try BusyFrame.tree()
        let a = try Renderer().render(tree, size: BusyFrame.size, scale: 2, background: .white)
        let b = try Renderer().render(tree, size: BusyFrame.size, scale: 2, background: .white)
        #expect(a.hasSamePixels(as: b))
    }

    @Test("Four threads sharing one renderer: identical bytes", arguments: [true, false])
    func fourThreads(sharedRenderer: Bool) throws {
        let tree = try BusyFrame.tree()
        let reference = try Renderer().render(tree, size: BusyFrame.size, scale: 2, background: .white)
        let shared = Renderer()
        let slots = FrameSlots()
        DispatchQueue.concurrentPerform(iterations: 4) { i in
            let renderer = sharedRenderer ? shared : Renderer()
            slots.store(
                i, Result { () throws(RenderError) in try renderer.render(tree, size: BusyFrame.size, scale: 2, background: .white) })
        }
        let (frames, errors) = slots.all
        #expect(errors.isEmpty, "\(errors)")
        #expect(frames.count == 4)
        for (i, frame) in frames.sorted(by: { $0.key < $1.key }) {
            #expect(frame.hasSamePixels(as: reference), "thread \(i)")
        }
    }

    /// A change to the busy frame between two renders, and whether it needs new backing stores.
    struct CacheCase: CustomTestStringConvertible, Sendable {
        var name: String
        var rasterises: Bool
        var change: @Sendable (_ card: Layer, _ label: TextLayer) -> Void
        var testDescription: String { name }
    }

    static let cacheCases: [CacheCase] = [
        CacheCase(name: "moving the card reuses its stores and its shadow's", rasterises: false) { card, _ in
            card.position = Point(x: card.position.x + 7, y: card.position.y + 3)
        },
        CacheCase(name: "scaling the card reuses its stores", rasterises: false) { card, _ in
            card.transform = .makeScale(1.2, 1.2, 1)
        },
        CacheCase(name: "fading the card (a group) reuses its stores", rasterises: false) { card, _ in card.opacity = 0.5 },
        CacheCase(name: "fading the label reuses its store but recasts the card's shadow", rasterises: true) { _, label in
            label.opacity = 0.5
        },
        CacheCase(name: "recolouring the card makes new stores", rasterises: true) { card, _ in card.backgroundColor = .yellow },
        CacheCase(name: "a new string makes a new store", rasterises: true) { _, label in label.string = "Changed" },
    ]

    @Test(arguments: cacheCases)
    func cache(_ c: CacheCase) throws {
        let (root, card, label) = try BusyFrame.make()
        let renderer = Renderer()
        let first = try renderer.render(root.renderTree(at: 0), size: BusyFrame.size, scale: 2, background: .white)
        let stores = renderer.cache.count
        #expect(stores > 0)
        let again = try renderer.render(root.renderTree(at: 0), size: BusyFrame.size, scale: 2, background: .white)
        #expect(renderer.cache.count == stores, "an unchanged frame made new stores")
        #expect(again.hasSamePixels(as: first))
        c.change(card, label)
        let changed = try renderer.render(root.renderTree(at: 0), size: BusyFrame.size, scale: 2, background: .white)
        #expect(!changed.hasSamePixels(as: first), "the change did not show")
        if c.rasterises {
            #expect(renderer.cache.count > stores)
        } else {
            #expect(renderer.cache.count == stores, "\(renderer.cache.count - stores) new stores")
        }
    }

    /// A layer with sublayers is drawn in two pieces (below the sublayers, and the border
    /// above them); a new background colour re-rasterises only the first.
    @Test func recolouringKeepsTheBorderStore() throws {
        let layer = Layer()
        layer.bounds = Rect(x: 0, y: 0, width: 40, height: 30)
        layer.position = Point(x: 30, y: 20)
        layer.backgroundColor = .blue
        layer.borderWidth = 3
        layer.borderColor = .red
        layer.cornerRadius = 6
        let child = Layer()
        child.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        child.position = Point(x: 20, y: 15)
        child.backgroundColor = .green
        try layer.addSublayer(child)
        let renderer = Renderer()
        let size = Size(width: 60, height: 40)
        _ = try renderer.render(layer.renderTree(at: 0), size: size)
        let stores = renderer.cache.count
        #expect(stores == 3, "below, border and the child")
        layer.backgroundColor = .yellow
        let frame = try renderer.render(layer.renderTree(at: 0), size: size)
        #expect(renderer.cache.count == stores + 1, "only the part below the sublayers is new")
        #expect(frame.color(x: 30, y: 8).red > 0.99 && frame.color(x: 30, y: 8).green > 0.99, "yellow shows")
    }
}
