import KinemaGeometry
import KinemaGraphics
import KinemaLayers
import KinemaRender
import Testing

/// Damage rectangles from comparing two render trees: what they cover, and that redrawing only
/// them over the old frame gives the new frame bit for bit.
@Suite("Damage from comparing render trees")
struct DamageTests {
    /// 200 × 150 points at scale 2: 400 × 300 pixels.
    static let size = Size(width: 200, height: 150)
    static let scale = 2.0

    /// A white root with a blue card (20, 30, 40 × 40) and a grey bar along the bottom; the card
    /// is returned to be changed.
    static func scene() throws -> (root: Layer, card: Layer) {
        let card = Build.layer(Rect(20, 30, 40, 40), Color(red: 0.1, green: 0.3, blue: 0.9))
        let bar = Build.layer(Rect(0, 130, 200, 20), Color(red: 0.6, green: 0.6, blue: 0.6))
        let root = try Build.adding([bar, card], to: Build.layer(Rect(0, 0, 200, 150), .white))
        return (root, card)
    }

    /// The damage from `before` to `after`, after checking that redrawing it over `before`'s
    /// frame gives `after`'s full render exactly.
    static func checkedDamage(
        from before: RenderNode, to after: RenderNode, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> DamageRegion {
        let renderer = Renderer()
        let frame = try renderer.render(before, size: size, scale: scale, background: .white)
        let region = try renderer.damage(from: before, to: after, size: size, scale: scale)
        try renderer.render(after, size: size, scale: scale, background: .white, into: frame, region: region)
        let full = try renderer.render(after, size: size, scale: scale, background: .white)
        #expect(frame.hasSamePixels(as: full), "partial redraw of \(region) differs from the full render", sourceLocation: sourceLocation)
        return region
    }

    /// Whether `region` holds every pixel of `rect` (in points, scaled to pixels).
    static func covers(_ region: DamageRegion, _ rect: Rect) -> Bool {
        let x0 = Int(rect.minX * scale), y0 = Int(rect.minY * scale)
        let x1 = Int((rect.maxX * scale).rounded(.up)), y1 = Int((rect.maxY * scale).rounded(.up))
        for y in y0..<y1 {
            for x in x0..<x1 where !region.contains(x: x, y: y) { return false }
        }
        return true
    }

    @Test func nothingChangedGivesNoDamage() throws {
        let (root, _) = try Self.scene()
        // Different local times, same pixels.
        let region = try Self.checkedDamage(from: root.renderTree(at: 0), to: root.renderTree(at: 2.5))
        #expect(region.isEmpty, "\(region)")
    }

    @Test func aMovedLayerDamagesItsOldAndNewBoundsOnly() throws {
        let (root, card) = try Self.scene()
        let before = root.renderTree(at: 0)
        card.position = Point(x: 140, y: 90)
        let region = try Self.checkedDamage(from: before, to: root.renderTree(at: 0))
        #expect(Self.covers(region, Rect(20, 30, 40, 40)), "the old bounds: \(region)")
        #expect(Self.covers(region, Rect(120, 70, 40, 40)), "the new bounds: \(region)")
        #expect(!region.contains(x: 180, y: 20), "far from both")
        #expect(!region.contains(x: 30, y: 200), "between the two, below the old bounds")
        #expect(region.rects.count == 2)
        // Each rectangle is the layer's 80 × 80 pixels and a few pixels of reach around it.
        #expect(region.area <= 2 * 92 * 92, "\(region)")
    }

    enum Change: String, CaseIterable, CustomTestStringConvertible {
        case opacity, color, cornerRadius, hidden, border
        var testDescription: String { rawValue }

        func apply(to layer: Layer) {
            switch self {
            case .opacity: layer.opacity = 0.5
            case .color: layer.backgroundColor = Color(red: 0.9, green: 0.2, blue: 0.1)
            case .cornerRadius: layer.cornerRadius = 12
            case .hidden: layer.isHidden = true
            case .border:
                layer.borderWidth = 3
                layer.borderColor = .black
            }
        }
    }

    @Test(arguments: Change.allCases)
    func aChangedLookDamagesTheLayersBounds(change: Change) throws {
        let (root, card) = try Self.scene()
        let before = root.renderTree(at: 0)
        change.apply(to: card)
        let region = try Self.checkedDamage(from: before, to: root.renderTree(at: 0))
        #expect(Self.covers(region, Rect(20, 30, 40, 40)), "\(region)")
        #expect(region.rects.count == 1)
        #expect(!region.contains(x: 40 + 80 + 12, y: 100), "12 pixels right of the card")
        #expect(region.area <= 92 * 92, "\(region)")
    }

    @Test func aShadowExtendsTheDamage() throws {
        let (root, card) = try Self.scene()
        card.shadowOpacity = 0.8
        card.shadowRadius = 4
        card.shadowOffset = Size(width: 0, height: 12)
        let before = root.renderTree(at: 0)
        card.position.x += 30
        let region = try Self.checkedDamage(from: before, to: root.renderTree(at: 0))
        // The shadow reaches 12 points below the bounds and 3σ = 12 points beyond that.
        #expect(Self.covers(region, Rect(20, 30, 40, 40 + 12 + 10)), "the old shadow: \(region)")
        #expect(Self.covers(region, Rect(50, 30, 40, 40 + 12 + 10)), "the new shadow: \(region)")
        #expect(!region.contains(x: 100, y: 2 * (70 + 12 + 12 + 4)), "past the blur")
    }

    @Test func aTransformExtendsTheDamage() throws {
        let (root, card) = try Self.scene()
        card.bounds = Rect(0, 0, 100, 10)
        card.position = Point(x: 100, y: 60)
        let before = root.renderTree(at: 0)
        card.transform = .makeRotation(.pi / 2, 0, 0, 1)
        let region = try Self.checkedDamage(from: before, to: root.renderTree(at: 0))
        #expect(Self.covers(region, Rect(50, 55, 100, 10)), "the old bounds: \(region)")
        #expect(Self.covers(region, Rect(95, 10, 10, 100)), "the turned bounds: \(region)")
        #expect(!region.contains(x: 2 * 60, y: 2 * 20), "beside the turned card, above the old one")
    }

    @Test func aMovedMaskDamagesTheMaskedLayer() throws {
        let (root, card) = try Self.scene()
        card.bounds = Rect(0, 0, 120, 80)
        card.position = Point(x: 100, y: 60)
        let mask = Build.layer(Rect(0, 0, 30, 30), .black)
        card.mask = mask
        let before = root.renderTree(at: 0)
        mask.position = Point(x: 90, y: 50)
        let region = try Self.checkedDamage(from: before, to: root.renderTree(at: 0))
        #expect(Self.covers(region, Rect(40, 20, 30, 30)), "where the mask was: \(region)")
        #expect(Self.covers(region, Rect(115, 55, 30, 30)), "where it is: \(region)")
    }

    /// A shadow cast by a layer's content and sublayers changes with them: a sublayer moving
    /// out over the edge grows the shadow's extent, and the whole shadow is redrawn; one that
    /// falls far away casts a shadow of its own (a part), and the layer's shadow, cast from the
    /// same alpha as before, stays.
    @Test func aSublayerLeavingAShadowedLayerRedrawsItsShadowOnlyWhileNear() throws {
        let (root, card) = try Self.scene()
        card.bounds = Rect(0, 0, 60, 40)
        card.shadowOpacity = 1
        card.shadowRadius = 0
        card.shadowOffset = Size(width: 0, height: 8)
        let dot = Build.layer(Rect(10, 10, 10, 10), .black)
        try card.addSublayer(dot)
        let before = root.renderTree(at: 0)
        let shadowBand = Rect(card.frame.minX, card.frame.maxY, 60, 8)
        dot.position = Point(x: 40, y: 42)
        let near = try Self.checkedDamage(from: before, to: root.renderTree(at: 0))
        #expect(Self.covers(near, shadowBand), "over the edge, the whole shadow: \(near)")
        dot.position = Point(x: 40, y: 100)
        let far = try Self.checkedDamage(from: before, to: root.renderTree(at: 0))
        #expect(Self.covers(far, Rect(card.frame.minX + 35, card.frame.minY + 95, 10, 10 + 8)), "the dot and its shadow: \(far)")
        #expect(!far.contains(x: Int(2 * (card.frame.minX + 5)), y: Int(2 * (card.frame.maxY + 4))), "not the card's shadow: \(far)")
    }

    /// A sublayer moving over an opaque part of a layer leaves the layer's alpha, and so the
    /// shadow its sublayers cast with it, as it was: only where the sublayer moves is redrawn.
    @Test func aSublayerMovingOverAnOpaqueShadowedLayerDamagesOnlyWhereItMoves() throws {
        let (root, card) = try Self.scene()
        card.bounds = Rect(0, 0, 120, 80)
        card.position = Point(x: 100, y: 60)
        card.shadowOpacity = 0.5
        card.shadowRadius = 6
        card.shadowOffset = Size(width: 0, height: 4)
        let dot = Build.layer(Rect(10, 10, 20, 20), .black)
        try card.addSublayer(dot)
        let before = root.renderTree(at: 0)
        dot.position = Point(x: 80, y: 50)
        let region = try Self.checkedDamage(from: before, to: root.renderTree(at: 0))
        #expect(region.rects.count == 2, "\(region)")
        #expect(region.area <= 2 * 52 * 52, "\(region)")
        // Half out of the card: the alpha changes, and the whole shadow is redrawn.
        dot.position = Point(x: 120, y: 50)
        let out = try Self.checkedDamage(from: before, to: root.renderTree(at: 0))
        #expect(Self.covers(out, Rect(40, 20, 120, 80 + 4 + 18)), "\(out)")
    }

    /// A dimming layer's path: its bounds, and a rounded hole at `hole` (even-odd).
    static func dimming(hole: Rect) -> Path {
        var path = Path(rect: Rect(0, 0, 200, 150))
        path.addPath(Path(rect: hole, cornerRadius: 6))
        return path
    }

    /// A shape layer whose path changes in one subpath (a dimming layer's hole moving) changes
    /// only around that subpath, old and new; filled or stroked.
    @Test(arguments: [false, true])
    func aMovedHoleInAShapeDamagesOnlyAroundTheHole(stroked: Bool) throws {
        let (root, _) = try Self.scene()
        let dim = Build.shape(
            Rect(0, 0, 200, 150), Self.dimming(hole: Rect(20, 20, 40, 30)), fill: Color(red: 0, green: 0, blue: 0, alpha: 0.6),
            stroke: stroked ? .white : nil, lineWidth: 3
        ) { $0.fillRule = .evenOdd }
        try root.addSublayer(dim)
        let before = root.renderTree(at: 0)
        dim.path = Self.dimming(hole: Rect(110.5, 70.25, 50, 36))
        let region = try Self.checkedDamage(from: before, to: root.renderTree(at: 0))
        #expect(region.rects.count == 2, "\(region)")
        #expect(Self.covers(region, Rect(20, 20, 40, 30)) && Self.covers(region, Rect(110.5, 70.25, 50, 36)), "\(region)")
        // Each box is the larger hole grown by the stroke's miter reach (1.5 × 10 + 1 points)
        // or a point, at 2 pixels per point, and a few pixels of reach.
        let g = stroked ? 16.0 : 1
        #expect(Double(region.area) <= 2 * ((50 + 2 * g) * 2 + 12) * ((36 + 2 * g) * 2 + 12), "\(region)")
        // A hole reaching past the bounds grows the layer's extent (right and down): still local.
        dim.path = Self.dimming(hole: Rect(170.5, 120.25, 40, 36))
        let past = try Self.checkedDamage(from: before, to: root.renderTree(at: 0))
        #expect(past.rects.count == 2, "\(past)")
        // The outer subpath changing is not local: everything the layer covers.
        dim.path = Path(rect: Rect(0, 0, 190, 150))
        let outer = try Self.checkedDamage(from: before, to: root.renderTree(at: 0))
        #expect(Self.covers(outer, Rect(0, 0, 200, 150)))
    }

    /// The last visible sublayer hiding changes how a layer draws itself only when it has a
    /// border (drawn in one piece with the rest, or above the sublayers).
    @Test(arguments: [false, true])
    func theLastSublayerHidingDamagesItsParentOnlyWithABorder(bordered: Bool) throws {
        let (root, card) = try Self.scene()
        card.bounds = Rect(0, 0, 160, 100)
        card.position = Point(x: 100, y: 60)
        if bordered {
            card.borderWidth = 2.5
            card.borderColor = Color(red: 0.2, green: 0.8, blue: 0.3, alpha: 0.7)
        }
        let dot = Build.layer(Rect(10, 10, 20, 20), Color(red: 0.9, green: 0.4, blue: 0.2, alpha: 0.8))
        try card.addSublayer(dot)
        let before = root.renderTree(at: 0)
        dot.isHidden = true
        let region = try Self.checkedDamage(from: before, to: root.renderTree(at: 0))
        if bordered {
            #expect(Self.covers(region, Rect(20, 10, 160, 100)), "\(region)")
        } else {
            #expect(region.area <= 52 * 52, "\(region)")
        }
    }

    /// A sublayer moving in a transparent corner of a shadowed layer changes the alpha the
    /// shadow is cast from there only: the shadow, blurred anew, is redrawn where its pixels
    /// changed, not across the layer.
    @Test func aShadowChangingInACornerIsRedrawnInThatCorner() throws {
        let (root, card) = try Self.scene()
        card.bounds = Rect(0, 0, 120, 80)
        card.position = Point(x: 100, y: 60)
        card.cornerRadius = 30
        card.shadowOpacity = 0.6
        card.shadowRadius = 3
        card.shadowOffset = Size(width: 0, height: 2)
        let dot = Build.layer(Rect(1, 1, 8, 8), .black)
        try card.addSublayer(dot)
        let before = root.renderTree(at: 0)
        dot.position = Point(x: 9, y: 7)
        let region = try Self.checkedDamage(from: before, to: root.renderTree(at: 0))
        #expect(!region.isEmpty)
        // The card spans (40, 20)–(160, 100); its far corner's shadow stays.
        #expect(!region.contains(x: 2 * 150, y: 2 * 101), "\(region)")
        #expect(region.area <= 2 * 60 * 60, "\(region)")
    }

    @Test func aSublayerMovingInsideAClippedLayerDamagesOnlyWhereItMoves() throws {
        let (root, card) = try Self.scene()
        card.bounds = Rect(0, 0, 160, 100)
        card.position = Point(x: 100, y: 60)
        card.masksToBounds = true
        card.cornerRadius = 16
        let dot = Build.layer(Rect(10, 10, 20, 20), .black)
        try card.addSublayer(dot)
        let before = root.renderTree(at: 0)
        dot.position = Point(x: 120, y: 60)
        let region = try Self.checkedDamage(from: before, to: root.renderTree(at: 0))
        #expect(region.rects.count == 2, "\(region)")
        #expect(region.area <= 2 * 52 * 52, "\(region)")
    }

    /// A translucent layer is drawn as a group whose rectangle follows its sublayers: when one
    /// moves, the group's pixel grid moves under the others, whose pixels are sampled anew.
    @Test func aSublayerMovingInATranslucentGroupRedrawsExactly() throws {
        let (root, card) = try Self.scene()
        card.bounds = Rect(0, 0, 60.3, 40.7)
        card.position = Point(x: 70.37, y: 60.91)
        card.opacity = 0.7
        let turned = Build.shape(
            Rect(5.3, 7.1, 30.2, 20.9), Path(ellipseIn: Rect(0, 0, 30.2, 20.9)), fill: .black, stroke: .white, lineWidth: 1.3)
        turned.transform = Transform3D.makeRotation(0.37, 0, 0, 1).concatenating(.makeScale(0.77, 1.13, 1))
        turned.opacity = 0.8
        let tilted = Build.layer(Rect(30.1, 3.3, 25.7, 30.3), Color(red: 0.2, green: 0.7, blue: 0.3))
        var perspective = Transform3D.makeRotation(0.61, 0.2, 1, 0)
        perspective.m34 = -1 / 170
        tilted.transform = perspective
        try card.addSublayer(tilted)
        let mover = Build.layer(Rect(10, 10, 12, 12), Color(red: 0.9, green: 0.5, blue: 0.1))
        try card.addSublayer(turned)
        try card.addSublayer(mover)
        let before = root.renderTree(at: 0)
        for k in 1...5 {
            mover.position = Point(x: -20.3 * Double(k), y: 13.7 * Double(k))
            let region = try Self.checkedDamage(from: before, to: root.renderTree(at: 0))
            #expect(!region.isEmpty)
        }
    }

    @Test func aLayerTurningInPerspectiveRedrawsExactly() throws {
        let (root, card) = try Self.scene()
        var perspective = Transform3D.identity
        perspective.m34 = -1 / 300
        root.sublayerTransform = perspective
        card.bounds = Rect(0, 0, 80, 60)
        card.position = Point(x: 110, y: 70)
        card.transform = .makeRotation(0.5, 0, 1, 0)
        let before = root.renderTree(at: 0)
        card.transform = .makeRotation(0.9, 0, 1, 0)
        let region = try Self.checkedDamage(from: before, to: root.renderTree(at: 0))
        #expect(!region.isEmpty)
        #expect(!region.contains(x: 10, y: 10))
    }

    @Test func mergingKeepsRegionsSmallAndCoversEveryRectangle() {
        var region = DamageRegion()
        let rects = (0..<20).map { PixelRect(x: ($0 * 37) % 300, y: ($0 * 53) % 200, width: 10 + $0, height: 12) }
        for r in rects { region.add(r) }
        #expect(region.rects.count <= DamageRegion.maximumRectCount)
        for r in rects {
            #expect(region.contains(x: r.x, y: r.y) && region.contains(x: r.maxX - 1, y: r.maxY - 1), "\(r) in \(region)")
        }
        var overlapping = DamageRegion(PixelRect(x: 10, y: 10, width: 40, height: 40))
        overlapping.add(PixelRect(x: 30, y: 30, width: 40, height: 40))
        #expect(overlapping.rects == [PixelRect(x: 10, y: 10, width: 60, height: 60)])
        var apart = DamageRegion(PixelRect(x: 0, y: 0, width: 40, height: 40))
        apart.add(PixelRect(x: 300, y: 200, width: 40, height: 40))
        #expect(apart.rects.count == 2)
    }
}
