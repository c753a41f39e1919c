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
        guard let extent = shadowExtent(of: node) else { return }
        let rs = rasterScale(for: extent)
        let sigmaPoints = max(s.shadowRadius, 0) * shadowSigmaPerRadius
        guard shadowMayTouchClip(extent, sigma: sigmaPoints, offset: s.shadowOffset, scale: rs, transform: h),
            let shadow = try castShadow(node, extent: extent)
        else { return }
        let p = Double(shadow.made.padding)
        let hs = Homography(translationX: -p, y: -p).concatenating(Homography(scaleX: 1 / rs, y: 1 / rs))
            .concatenating(Homography(translationX: extent.minX + s.shadowOffset.width, y: extent.minY + s.shadowOffset.height))
            .concatenating(h)
        Compositor.composite(shadow.made.store, transform: hs, opacity: opacity, into: target, clip: clip)
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
            // The shadow of the layer's content and sublayers, rendered in its own space; made
            // once per distinct alpha, however the subtree got there.
            let identity = node.shadowIdentity
            made = try cache.store(for: .shadowSubtree(identity, extent: extent, scale: rs, sigma: sigmaPoints, color: color)) {
                () throws(RenderError) in
                let source = try BackingStore(
                    contentWidth: max(Int((extent.width * rs).rounded(.up)), 1),
                    contentHeight: max(Int((extent.height * rs).rounded(.up)), 1))
                let m = Double(source.margin)
                let toStore = Homography(translationX: -extent.minX, y: -extent.minY)
                    .concatenating(Homography(scaleX: rs, y: rs)).concatenating(Homography(translationX: m, y: m))
                try unclipped.drawLayer(identity, transform: toStore, into: source.bitmap, opacity: 1, shadow: false)
                return try cache.store(for: .shadowOfAlpha(AlphaDigest(source), sigma: sigmaPoints * rs, color: color)) {
                    () throws(RenderError) in try Shadow.make(from: source, sigma: sigmaPoints * rs, color: color)
                }
            }
        }
        return CastShadow(made: made, extent: extent, scale: rs)
    }

    /// Whether two versions of a layer (drawn alike themselves, in the same place) cast exactly
    /// the same shadow: the same extent and the same store (stores are shared by equal alpha).
    func castsSameShadow(_ old: RenderNode, _ new: RenderNode) throws(RenderError) -> Bool {
        guard let e0 = shadowExtent(of: old), let e1 = shadowExtent(of: new) else {
            return shadowExtent(of: old) == nil && shadowExtent(of: new) == nil
        }
        guard e0 == e1, let a = try castShadow(old, extent: e0), let b = try castShadow(new, extent: e1) else { return false }
        return a.made.store.bitmap === b.made.store.bitmap && a.made.padding == b.made.padding
    }
}
