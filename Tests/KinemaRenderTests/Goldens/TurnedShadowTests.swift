import KinemaGeometry
import KinemaGraphics
import KinemaLayers
import Testing

@testable import KinemaRender

/// A shadow part made of turned sublayers is put together from their own shadows, cast once
/// unturned and turned into place, instead of being drawn and blurred again at every angle.
@Suite("Shadows of turned sublayers")
struct TurnedShadowTests {
    /// A card with a shadow whose two sublayers fell below it, near each other but apart: a
    /// rounded rectangle and a text layer, turned by `angles`.
    static func fallenCard(angles: (Double, Double), radius: Double = 6) throws -> (card: Layer, pieces: [Layer]) {
        let card = Build.layer(Rect(20, 20, 200, 60), .white)
        card.shadowOpacity = 1
        card.shadowRadius = radius
        card.shadowOffset = Size(width: 0, height: 4)
        let tile = Build.layer(Rect(10, 180, 60, 30), .blue) { $0.cornerRadius = 8 }
        let text = TextLayer()
        text.frame = Rect(90, 185, 90, 24)
        text.string = "Falls"
        text.fontSize = 18
        text.foregroundColor = .black
        tile.setAffineTransform(AffineTransform(rotationAngle: angles.0))
        text.setAffineTransform(AffineTransform(rotationAngle: angles.1))
        try Build.adding([tile, text], to: card)
        return (card, [tile, text])
    }

    /// The part of the card's shadow below its body.
    static func fallenPart(_ composer: FrameComposer, _ node: RenderNode) throws -> Rect {
        let parts = composer.shadowParts(of: node)
        #expect(parts.count == 2, "the card and what fell: \(parts)")
        return try #require(parts.first { $0.minY > 100 })
    }

    static func composer() -> FrameComposer {
        var composer = FrameComposer(cache: ContentCache(), images: ImageStore(), scale: 2)
        composer.clip = nil
        return composer
    }

    /// Put together or blurred whole, the part's shadow is the same within a few levels, at
    /// full shadow opacity (a blur commutes with turning; the difference is the resampling).
    @Test(arguments: [(0.4, -0.3), (1.1, 2.5), (-0.05, 0.7)], [1.0, 6.0])
    func aPartPutTogetherMatchesThePartBlurredWhole(angles: (Double, Double), radius: Double) throws {
        let (card, _) = try Self.fallenCard(angles: angles, radius: radius)
        let node = card.renderTree(at: 0)
        let composer = Self.composer()
        // A narrow blur leaves the two apart, each a part of its own.
        let parts = composer.shadowParts(of: node).filter { $0.minY > 100 }
        #expect(parts.count == (radius > 1 ? 1 : 2), "\(parts)")
        for part in parts { try Self.compare(composer, node, part: part, radius: radius) }
    }

    static func compare(_ composer: FrameComposer, _ node: RenderNode, part: Rect, radius: Double) throws {
        let rs = composer.rasterScale(for: part)
        let color = try #require(FrameComposer.shadowColor(of: node.state))
        let sigma = radius * shadowSigmaPerRadius
        let together = try #require(try composer.turnedSublayersShadow(node, extent: part, scale: rs, sigma: sigma, color: color))
        let whole = try composer.makeSubtreeShadow(
            composer.shadowSource(of: node, within: part), extent: part, scale: rs, sigma: sigma, color: color)
        #expect(together.padding == whole.padding)
        let a = together.store.bitmap, b = whole.store.bitmap
        try #require(a.width == b.width && a.height == b.height)
        var largest = 0, total = 0, covered = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.row(y)[x] >> 24, q = b.row(y)[x] >> 24
                largest = max(largest, abs(Int(p) - Int(q)))
                total += abs(Int(p) - Int(q))
                if q > 0 { covered += 1 }
            }
        }
        #expect(covered > 2000, "the part casts a shadow")
        #expect(largest <= (radius > 1 ? 2 : 8), "largest difference \(largest)")
        #expect(Double(total) / Double(covered) < (radius > 1 ? 0.5 : 1.5), "mean difference \(Double(total) / Double(covered))")
    }

    /// Turning the sublayers further makes no new shadow of either: both come from the cache.
    @Test func turningFurtherReusesEachSublayersShadow() throws {
        let (card, pieces) = try Self.fallenCard(angles: (0.4, -0.3))
        let composer = Self.composer()
        var counts: [Int] = []
        for angle in [0.4, 0.55, 0.7] {
            pieces[0].setAffineTransform(AffineTransform(rotationAngle: angle))
            pieces[1].setAffineTransform(AffineTransform(rotationAngle: -angle))
            let node = card.renderTree(at: 0)
            let part = try Self.fallenPart(composer, node)
            let color = try #require(FrameComposer.shadowColor(of: node.state))
            let made = try composer.turnedSublayersShadow(node, extent: part, scale: 2, sigma: 6, color: color)
            #expect(made != nil)
            counts.append(composer.cache.count)
        }
        #expect(counts[0] > 0)
        #expect(counts.allSatisfy { $0 == counts[0] }, "cache entries after each angle: \(counts)")
    }

    /// Overlapping, unturned, quarter-turned or scaled sublayers, a sublayer over the layer's
    /// own content, and a transform layer are blurred whole.
    @Test func partsThatAreNotTurnedAndApartAreBlurredWhole() throws {
        let cases: [(String, ([Layer]) -> Void)] = [
            ("overlapping", { $0[1].position = $0[0].position }),
            ("unturned", { $0[0].setAffineTransform(.identity) }),
            ("a quarter turn", { $0[0].setAffineTransform(AffineTransform(rotationAngle: .pi / 2)) }),
            ("scaled", { $0[0].setAffineTransform(AffineTransform(rotationAngle: 0.4).scaledBy(x: 1.5, y: 1.5)) }),
        ]
        let composer = Self.composer()
        // A hard shadow keeps its edge: resampling would soften it.
        let (hard, _) = try Self.fallenCard(angles: (0.4, -0.3), radius: 0.5)
        for part in composer.shadowParts(of: hard.renderTree(at: 0)) {
            #expect(try composer.turnedSublayersShadow(hard.renderTree(at: 0), extent: part, scale: 2, sigma: 0.5, color: .black) == nil)
        }
        for (name, change) in cases {
            let (card, pieces) = try Self.fallenCard(angles: (0.4, -0.3))
            change(pieces)
            let node = card.renderTree(at: 0)
            let color = try #require(FrameComposer.shadowColor(of: node.state))
            for part in composer.shadowParts(of: node) where part.minY > 60 {
                #expect(try composer.turnedSublayersShadow(node, extent: part, scale: 2, sigma: 6, color: color) == nil, "\(name)")
            }
        }
        // Still on the card: its own content is in the part.
        let (card, pieces) = try Self.fallenCard(angles: (0.4, -0.3))
        pieces[0].position = Point(x: 50, y: 30)
        pieces[1].position = Point(x: 150, y: 200)
        let node = card.renderTree(at: 0)
        let color = try #require(FrameComposer.shadowColor(of: node.state))
        let onCard = try #require(composer.shadowParts(of: node).first { $0.minY < 20 })
        #expect(try composer.turnedSublayersShadow(node, extent: onCard, scale: 2, sigma: 6, color: color) == nil)
        let fallen = try #require(composer.shadowParts(of: node).first { $0.minY > 100 })
        #expect(try composer.turnedSublayersShadow(node, extent: fallen, scale: 2, sigma: 6, color: color) != nil)
    }

    @Test func separatedPolygonsHaveALineBetweenThem() {
        func square(_ x: Double, _ y: Double, _ side: Double) -> [Point] {
            [Point(x: x, y: y), Point(x: x + side, y: y), Point(x: x + side, y: y + side), Point(x: x, y: y + side)]
        }
        #expect(FrameComposer.areSeparated(square(0, 0, 10), square(11, 0, 10)))
        #expect(!FrameComposer.areSeparated(square(0, 0, 10), square(9, 9, 10)))
        // A diamond off the square's corner: their boxes overlap, they do not.
        let diamond = [Point(x: 17, y: 10), Point(x: 24, y: 17), Point(x: 17, y: 24), Point(x: 10, y: 17)]
        #expect(FrameComposer.areSeparated(square(0, 0, 12), diamond))
        #expect(!FrameComposer.areSeparated(square(0, 0, 14), diamond))
    }

    @Test func isTurnedRigidlyTakesRotationsOffTheGrid() {
        #expect(FrameComposer.isTurnedRigidly(Homography(AffineTransform(rotationAngle: 0.3).translatedBy(x: 10, y: 4))))
        #expect(FrameComposer.isTurnedRigidly(Homography(AffineTransform(a: -0.6, b: 0.8, c: 0.8, d: 0.6, tx: 0, ty: 0))))
        #expect(!FrameComposer.isTurnedRigidly(Homography(AffineTransform(rotationAngle: .pi))))
        #expect(!FrameComposer.isTurnedRigidly(Homography(translationX: 3, y: 4)))
        #expect(!FrameComposer.isTurnedRigidly(Homography(AffineTransform(rotationAngle: 0.3).scaledBy(x: 2, y: 2))))
    }

    /// Adding onto transparency is compositing onto it; adding again sums, saturating.
    @Test func addSumsWhereCompositeBlends() throws {
        let source = try BackingStore(contentWidth: 20, contentHeight: 20)
        for y in 0..<20 {
            for x in 0..<20 { source.bitmap.row(y + 2)[x + 2] = 0xA050_2810 }
        }
        // Content (10, 10), the middle, lands on destination (20.6, 18.5).
        let t = Homography(AffineTransform(rotationAngle: 0.3)).concatenating(Homography(translationX: 14, y: 6))
        let added = try Bitmap(width: 40, height: 40), blended = try Bitmap(width: 40, height: 40)
        #expect(Compositor.add(source, transform: t, into: added))
        Compositor.composite(source, transform: t, opacity: 1, into: blended)
        #expect(added.hasSamePixels(as: blended))
        #expect(Compositor.add(source, transform: t, into: added))
        // Alpha 0xA0 twice saturates; red 0x50 twice is 0xA0.
        let inside = added.row(18)[20]
        #expect(inside >> 24 == 0xFF && (inside >> 16) & 0xFF == 0xA0)
        // Whole-pixel moves and scales are not this path's.
        #expect(!Compositor.add(source, transform: Homography(translationX: 3, y: 3), into: added))
        #expect(!Compositor.add(source, transform: Homography(scaleX: 1.5, y: 1.5), into: added))
    }
}
