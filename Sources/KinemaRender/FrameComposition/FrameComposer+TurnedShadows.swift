import KinemaGeometry
import KinemaGraphics
import KinemaLayers

extension FrameComposer {
    /// One part of a layer's subtree shadow (``shadowParts(of:)``) put together from its
    /// sublayers' own shadows, when the part holds only sublayers that are turned (rotated, not
    /// by a multiple of 90°, and not scaled) and lie apart; `nil` otherwise, and the part is
    /// rendered and blurred whole.
    ///
    /// A Gaussian blur commutes with rotations and translations, and the blurs of shapes that do
    /// not overlap add up to the blur of their union. So each sublayer's shadow is cast once in
    /// its own unturned space (cached, like any shadow, by what its subtree draws), then
    /// resampled into the part at its current angle and added. A view that tumbles as it falls
    /// keeps its shadow from frame to frame instead of being drawn and blurred again at every
    /// angle, which is what Core Animation does too when it caches a shadow's bitmap. The result
    /// differs from blurring the turned picture by the resampling only (a level or two at the
    /// shadow's edges, none where it is flat).
    ///
    /// Sublayers lie apart when their boxes, turned into place and grown by two pixels (the
    /// antialiased edge and the bilinear reach), have a line between them. The layer's own
    /// content must not reach the part, and a layer with a border, a mask, a clip or a
    /// transition is left to the general way, as is a sublayer that is a transform layer, and
    /// so is a blur narrower than ``turnedShadowMinimumSigma`` pixels: resampling a hard
    /// shadow would soften its edge.
    func turnedSublayersShadow(
        _ node: RenderNode, extent: Rect, scale rs: Double, sigma: Double, color: Color
    ) throws(RenderError) -> (store: BackingStore, padding: Int)? {
        let s = node.state
        guard sigma * rs >= FrameComposer.turnedShadowMinimumSigma, !ContentPainter.hasBorder(s), node.mask == nil, node.transition == nil,
            !s.masksToBounds
        else { return nil }
        let reach = 2 / rs
        if ContentPainter.hasContent(s, piece: .whole) {
            let own = ContentPainter.extent(of: s, piece: .below, images: images).union(s.bounds.standardized)
            guard FrameComposer.intersect(own, extent.insetBy(dx: -reach, dy: -reach)) == nil else { return nil }
        }
        let toSublayers = FrameComposer.sublayerMap(s)
        let plane = Plane(space: .identity, toTarget: toSublayers)
        var pieces: [(source: RenderNode, extent: Rect, map: Homography, outline: [Point])] = []
        for child in node.sublayers {
            guard let r = rect(of: child, in: plane), FrameComposer.intersect(r, extent) != nil else { continue }
            let map = Homography(flattening: child.transformToSuperlayer).concatenating(toSublayers)
            guard child.kind != .transform, FrameComposer.isTurnedRigidly(map) else { return nil }
            var unplaced = child
            unplaced.transformToSuperlayer = .identity
            unplaced.state = unplaced.state.withoutPlacement
            let source = RenderNode(
                name: nil, kind: .layer, state: LayerState(), localTime: 0, transformToSuperlayer: .identity, sublayers: [unplaced],
                mask: nil, transition: nil
            ).shadowIdentity
            guard let local = subtreeRect(source, transform: .identity, includeShadow: false), rasterScale(for: local) == rs,
                let outline = FrameComposer.corners(of: local.insetBy(dx: -reach, dy: -reach), map)
            else { return nil }
            pieces.append((source, local, map, outline))
        }
        guard !pieces.isEmpty else { return nil }
        for i in pieces.indices {
            for j in pieces.indices where j > i {
                guard FrameComposer.areSeparated(pieces[i].outline, pieces[j].outline) else { return nil }
            }
        }
        let padding = try Shadow.padding(sigma: sigma * rs)
        let store = try BackingStore(
            contentWidth: max(Int((extent.width * rs).rounded(.up)), 1) + 2 * padding,
            contentHeight: max(Int((extent.height * rs).rounded(.up)), 1) + 2 * padding, margin: MipLevels.margin)
        // Layer bounds coordinates → the part's bitmap.
        let inset = Double(padding + store.margin)
        let toPart = Homography(translationX: -extent.minX, y: -extent.minY).concatenating(Homography(scaleX: rs, y: rs))
            .concatenating(Homography(translationX: inset, y: inset))
        for piece in pieces {
            let own = try cache.store(for: .shadowSubtree(piece.source, extent: piece.extent, scale: rs, sigma: sigma, color: color)) {
                () throws(RenderError) in try makeSubtreeShadow(piece.source, extent: piece.extent, scale: rs, sigma: sigma, color: color)
            }
            let q = Double(own.padding)
            let t = Homography(translationX: -q, y: -q).concatenating(Homography(scaleX: 1 / rs, y: 1 / rs))
                .concatenating(Homography(translationX: piece.extent.minX, y: piece.extent.minY)).concatenating(piece.map)
                .concatenating(toPart)
            guard Compositor.add(own.store, transform: t, into: store.bitmap) else { return nil }
        }
        return (store, padding)
    }

    /// The narrowest blur, in pixels, whose shadows are put together from turned sublayers':
    /// two pixels, twice the reach of a bilinear sample.
    static let turnedShadowMinimumSigma = 2.0

    /// Whether `h` is affine, keeps lengths (a rotation or a reflection, with any translation)
    /// and turns the axes off the pixel grid (not a multiple of 90°).
    static func isTurnedRigidly(_ h: Homography) -> Bool {
        let m = h.m, e = 1e-9
        guard m.2 == 0, m.5 == 0, m.8 == 1 else { return false }
        let (a, b, c, d) = (m.0, m.1, m.3, m.4)
        return abs(a * a + b * b - 1) < e && abs(c * c + d * d - 1) < e && abs(a * c + b * d) < e && abs(a) > e && abs(b) > e
    }

    /// The corners of `r` mapped by an affine `h`, in order; `nil` when one is not finite.
    static func corners(of r: Rect, _ h: Homography) -> [Point]? {
        let points = [
            Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY),
        ]
        .compactMap { h.apply($0) }
        return points.count == 4 && points.allSatisfy(\.isFinite) ? points : nil
    }

    /// Whether two convex polygons have a line between them (they share no point): some edge
    /// of one has the other wholly on its far side (the separating axis theorem).
    static func areSeparated(_ a: [Point], _ b: [Point]) -> Bool {
        func splits(_ edges: [Point]) -> Bool {
            for i in edges.indices {
                let p = edges[i], q = edges[(i + 1) % edges.count]
                let n = (x: q.y - p.y, y: p.x - q.x)
                let project = { (v: Point) in n.x * v.x + n.y * v.y }
                let aa = a.map(project), bb = b.map(project)
                guard let a0 = aa.min(), let a1 = aa.max(), let b0 = bb.min(), let b1 = bb.max() else { continue }
                if a1 < b0 || b1 < a0 { return true }
            }
            return false
        }
        return splits(a) || splits(b)
    }
}

extension LayerState {
    /// The state with where the layer sits in its superlayer reset (position, zPosition, anchor
    /// point and transform: the properties declared to affect its placement alone, so
    /// `keeping(LayerEffects.all.subtracting(.placement))`): how it looks in its own space.
    /// Written out for speed and checked against the declarations, as `contentIdentity` is.
    var withoutPlacement: LayerState {
        var s = self
        let d = LayerState.defaults
        s.position = d.position
        s.zPosition = d.zPosition
        s.anchorPoint = d.anchorPoint
        s.anchorPointZ = d.anchorPointZ
        s.transform = d.transform
        return s
    }
}
