import KinemaGeometry
import KinemaGraphics
import KinemaLayers

extension FrameComposer {
    /// A shadow ready to composite: its store and padding, the extent it is cast from (in the
    /// layer's bounds coordinates, before the offset) and its pixels per point.
    struct CastShadow {
        var made: (store: BackingStore, padding: Int)
        var extent: Rect
        var scale: Double
    }

    /// The colour of a layer's shadow (`shadowColor` × `shadowOpacity`), or `nil` when it casts
    /// none.
    static func shadowColor(of s: LayerState) -> Color? {
        let base = s.shadowColor ?? .black
        let color = base.withAlpha(base.alpha * min(max(s.shadowOpacity, 0), 1))
        return color.alpha > 0 ? color : nil
    }

    /// Whether the layer's shadow is cast by its content and sublayers (it has no `shadowPath`).
    static func castsSubtreeShadow(_ s: LayerState) -> Bool {
        s.shadowPath == nil && shadowColor(of: s) != nil
    }

    func drawShadow(_ node: RenderNode, transform h: Homography, into target: Bitmap, opacity: Double) throws(RenderError) {
        let s = node.state
        // No shadow: nothing to measure. (Its extent walks the whole subtree, and this runs for
        // every layer drawn, so a tree paid for its depth times its size every frame.)
        guard FrameComposer.shadowColor(of: s) != nil else { return }
        let sigmaPoints = max(s.shadowRadius, 0) * shadowSigmaPerRadius
        // The whole shadow first: under a clip it usually misses, and its parts need no look.
        guard let whole = shadowExtent(of: node),
            shadowMayTouchClip(whole, sigma: sigmaPoints, offset: s.shadowOffset, scale: rasterScale(for: whole), transform: h)
        else { return }
        for extent in shadowParts(of: node, whole: whole) {
            let rs = rasterScale(for: extent)
            guard shadowMayTouchClip(extent, sigma: sigmaPoints, offset: s.shadowOffset, scale: rs, transform: h),
                let shadow = try castShadow(node, extent: extent)
            else { continue }
            let p = Double(shadow.made.padding)
            let hs = Homography(translationX: -p, y: -p).concatenating(Homography(scaleX: 1 / rs, y: 1 / rs))
                .concatenating(Homography(translationX: extent.minX + s.shadowOffset.width, y: extent.minY + s.shadowOffset.height))
                .concatenating(h)
            Compositor.composite(shadow.made.store, transform: hs, opacity: opacity, into: target, clip: clip)
        }
    }

    /// The extents (bounds coordinates) the layer's shadow is cast from, each made and
    /// composited on its own: one, ``shadowExtent(of:)``, unless the shadow is cast by content
    /// and sublayers that lie in clusters so far apart that their blurs never meet (a sublayer
    /// that fell out of its superlayer, say); then one per cluster, so that a cluster that did not
    /// change keeps its shadow (shadows are cached by the alpha they are cast from) and the blur
    /// runs over the clusters rather than the whole box around them.
    ///
    /// The clusters' shadows cover disjoint pixels, so drawing them one after the other is
    /// drawing them at once. Each cluster's extent is widened to the pixel grid of the one
    /// extent, so its source is rasterised on the same grid; blurred in its own plane, a value
    /// may still round the other way than in one plane around all of them (a level or two, at
    /// the edges). A layer that clips, masks or is in a transition has one extent.
    func shadowParts(of node: RenderNode) -> [Rect] {
        shadowExtent(of: node).map { shadowParts(of: node, whole: $0) } ?? []
    }

    /// ``shadowParts(of:)`` given the layer's ``shadowExtent(of:)``, `whole`.
    func shadowParts(of node: RenderNode, whole: Rect) -> [Rect] {
        let s = node.state
        guard s.shadowPath == nil, node.mask == nil, node.transition == nil, !s.masksToBounds, !node.sublayers.isEmpty else {
            return [whole]
        }
        var boxes: [Rect] = []
        if ContentPainter.hasContent(s, piece: .whole) {
            boxes.append(ContentPainter.extent(of: s, piece: .below, images: images).union(s.bounds.standardized))
        }
        let childPlane = Plane(space: .identity, toTarget: FrameComposer.sublayerMap(s))
        for child in node.sublayers {
            if let r = rect(of: child, in: childPlane) { boxes.append(r) }
        }
        // Far enough apart that no two parts' stores, padded by the blur and the bilinear fringe,
        // come near each other.
        let rs = rasterScale(for: whole), sigma = max(s.shadowRadius, 0) * shadowSigmaPerRadius
        let clusters = FrameComposer.clusters(of: boxes, gap: 2 * (3 * sigma + 4 / rs) + 4 / scale)
        guard clusters.count > 1 else { return [whole] }
        return clusters.map { c in
            let x0 = ((c.minX - whole.minX) * rs).rounded(.down), y0 = ((c.minY - whole.minY) * rs).rounded(.down)
            let x1 = ((c.maxX - whole.minX) * rs).rounded(.up), y1 = ((c.maxY - whole.minY) * rs).rounded(.up)
            return Rect(x: whole.minX + x0 / rs, y: whole.minY + y0 / rs, width: (x1 - x0) / rs, height: (y1 - y0) / rs)
        }
    }

    /// The boxes merged wherever two come within `gap` of each other, until no two do; in the
    /// order of their first boxes.
    static func clusters(of boxes: [Rect], gap: Double) -> [Rect] {
        var clusters = boxes
        var merged = true
        while merged {
            merged = false
            outer: for i in clusters.indices {
                for j in clusters.indices
                where j > i && FrameComposer.intersect(clusters[i].insetBy(dx: -gap, dy: -gap), clusters[j]) != nil {
                    clusters[i] = clusters[i].union(clusters[j])
                    clusters.remove(at: j)
                    merged = true
                    break outer
                }
            }
        }
        return clusters
    }

    /// What the layer's shadow is cast from, in its bounds coordinates: its `shadowPath`'s box
    /// grown by a point, or everything its content and sublayers draw; `nil` when nothing.
    func shadowExtent(of node: RenderNode) -> Rect? {
        guard let path = node.state.shadowPath else { return subtreeRect(node, transform: .identity, includeShadow: false) }
        guard let box = path.boundingBox, box.width > 0 || box.height > 0 else { return nil }
        return box.insetBy(dx: -1, dy: -1)
    }

    /// The layer's shadow, cast from `extent` (``shadowExtent(of:)``), from the cache or made;
    /// `nil` when it casts none.
    func castShadow(_ node: RenderNode, extent: Rect) throws(RenderError) -> CastShadow? {
        let s = node.state
        guard let color = FrameComposer.shadowColor(of: s) else { return nil }
        let sigmaPoints = max(s.shadowRadius, 0) * shadowSigmaPerRadius
        let rs = rasterScale(for: extent)
        let made: (store: BackingStore, padding: Int)
        if let path = s.shadowPath {
            made = try cache.store(for: .shadowPath(path, extent: extent, scale: rs, sigma: sigmaPoints, color: color)) {
                () throws(RenderError) in
                let local = path.applying(
                    KinemaGeometry.AffineTransform(translationX: -extent.minX, y: -extent.minY).concatenating(
                        KinemaGeometry.AffineTransform(scaleX: rs, y: rs)))
                return try Shadow.make(
                    path: local, width: Int((extent.width * rs).rounded(.up)), height: Int((extent.height * rs).rounded(.up)),
                    sigma: sigmaPoints * rs, color: color)
            }
        } else {
            let identity = shadowSource(of: node, within: extent)
            made = try cache.store(for: .shadowSubtree(identity, extent: extent, scale: rs, sigma: sigmaPoints, color: color)) {
                () throws(RenderError) in
                if let summed = try turnedSublayersShadow(node, extent: extent, scale: rs, sigma: sigmaPoints, color: color) {
                    return summed
                }
                return try makeSubtreeShadow(identity, extent: extent, scale: rs, sigma: sigmaPoints, color: color)
            }
        }
        return CastShadow(made: made, extent: extent, scale: rs)
    }

    /// The shadow of a layer's subtree, `identity` (normalised, placed at the layer's bounds
    /// coordinates), cast from `extent` at `rs` pixels per point with a blur of `sigma` points:
    /// rendered in its own space, and blurred once per distinct alpha, however the subtree got
    /// there. The caller caches the result under `.shadowSubtree`.
    func makeSubtreeShadow(
        _ identity: RenderNode, extent: Rect, scale rs: Double, sigma: Double, color: Color
    ) throws(RenderError) -> (store: BackingStore, padding: Int) {
        let source = try BackingStore(
            contentWidth: max(Int((extent.width * rs).rounded(.up)), 1),
            contentHeight: max(Int((extent.height * rs).rounded(.up)), 1))
        let m = Double(source.margin)
        let toStore = Homography(translationX: -extent.minX, y: -extent.minY)
            .concatenating(Homography(scaleX: rs, y: rs)).concatenating(Homography(translationX: m, y: m))
        try unclipped.drawLayer(identity, transform: toStore, into: source.bitmap, opacity: 1, shadow: false)
        return try cache.store(for: .shadowOfAlpha(AlphaDigest(source), sigma: sigma * rs, color: color)) {
            () throws(RenderError) in try Shadow.make(from: source, sigma: sigma * rs, color: color)
        }
    }

    /// What a shadow part cast from `extent` is drawn from: the layer's normalised subtree
    /// (``RenderNode/shadowIdentity``) without the sublayers that draw nothing there (those of
    /// the other parts, and hidden ones), so that a part whose own layers stayed still keeps its
    /// cache key while others move. A layer with a border keeps all its sublayers: without any,
    /// it would draw its content in one piece instead of two.
    func shadowSource(of node: RenderNode, within extent: Rect) -> RenderNode {
        var identity = node.shadowIdentity
        guard !ContentPainter.hasBorder(node.state) else { return identity }
        let plane = Plane(space: .identity, toTarget: FrameComposer.sublayerMap(node.state))
        identity.sublayers = node.sublayers.indices.compactMap { i in
            guard let r = rect(of: node.sublayers[i], in: plane), FrameComposer.intersect(r, extent) != nil else { return nil }
            return identity.sublayers[i]
        }
        return identity
    }
}
