import KinemaGeometry
import KinemaGraphics
import KinemaLayers

extension FrameComposer {
    /// The target-pixel rectangle an offscreen group for `node` needs: everything the subtree
    /// draws (shadow included), grown by 2 px for antialiasing, inside a target of `size` pixels.
    func groupRect(_ node: RenderNode, transform h: Homography, within size: (width: Int, height: Int)) -> PixelRect? {
        guard let r = subtreeRect(node, transform: h, includeShadow: true) else { return nil }
        let grown = r.insetBy(dx: -2, dy: -2)
        let x0 = max(Int(grown.minX.rounded(.down)), 0), y0 = max(Int(grown.minY.rounded(.down)), 0)
        let x1 = min(Int(grown.maxX.rounded(.up)), size.width), y1 = min(Int(grown.maxY.rounded(.up)), size.height)
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The box, in the space `h` maps to, of everything `node` draws; `nil` when nothing.
    /// `reach` store pixels are added around every content extent and shadow (0 for the exact
    /// geometry; ``storeReach`` to bound the pixels the composites may touch).
    func subtreeRect(_ node: RenderNode, transform h: Homography, includeShadow: Bool, reach: Double = 0) -> Rect? {
        let s = node.state
        guard !s.isHidden, s.opacity > 0 else { return nil }
        var r: Rect?
        func add(_ box: Rect?) {
            guard let box else { return }
            r = r.map { $0.union(box) } ?? box
        }
        func padded(_ e: Rect) -> Rect {
            guard reach > 0 else { return e }
            let d = reach / rasterScale(for: e)
            return e.insetBy(dx: -d, dy: -d)
        }
        let own = padded(ContentPainter.extent(of: s, piece: .below, images: images).union(s.bounds.standardized))
        if ContentPainter.hasContent(s, piece: .whole) { add(FrameComposer.box(own, h)) }
        let childPlane = Plane(space: .identity, toTarget: FrameComposer.sublayerMap(s).concatenating(h))
        for child in node.sublayers { add(rect(of: child, in: childPlane, reach: reach)) }
        if includeShadow, let shadow = shadowRect(node, reach: reach) { add(FrameComposer.box(shadow, h)) }
        if let t = node.transition {
            add(subtreeRect(t.old, transform: h, includeShadow: includeShadow, reach: reach))
            let b = s.bounds, u = t.subtype?.direction ?? (dx: -1, dy: 0)
            for k in [t.progress, -(1 - t.progress)] {
                let moved = Homography(translationX: u.dx * k * b.width, y: u.dy * k * b.height).concatenating(h)
                add(subtreeRect(t.old, transform: moved, includeShadow: includeShadow, reach: reach))
                add(FrameComposer.box(own, moved))
            }
        }
        if s.masksToBounds, let clip = FrameComposer.box(s.bounds.standardized, h) { r = r.flatMap { FrameComposer.intersect($0, clip) } }
        if let mask = node.mask {
            let m = rect(of: mask, in: Plane(space: .identity, toTarget: h), reach: reach)
            r = r.flatMap { current in m.flatMap { FrameComposer.intersect(current, $0) } }
        }
        return r
    }

    /// The box of a child drawn in `plane`, mirroring ``draw(_:in:into:alpha:)``; `reach` as in
    /// ``subtreeRect(_:transform:includeShadow:reach:)``.
    func rect(of node: RenderNode, in plane: Plane, reach: Double = 0) -> Rect? {
        let s = node.state
        guard !s.isHidden, s.opacity > 0 else { return nil }
        let full = node.transformToSuperlayer.concatenating(plane.space)
        if node.kind == .transform {
            let childPlane = Plane(space: full, toTarget: plane.toTarget)
            var r: Rect?
            for child in node.sublayers {
                guard let c = rect(of: child, in: childPlane, reach: reach) else { continue }
                r = r.map { $0.union(c) } ?? c
            }
            return r
        }
        let h = Homography(flattening: full).concatenating(plane.toTarget)
        guard h.isFinite else { return nil }
        return subtreeRect(node, transform: h, includeShadow: true, reach: reach)
    }

    /// The layer's shadow's extent in its bounds coordinates (offset and blur included); `reach`
    /// store pixels more on every side.
    func shadowRect(_ node: RenderNode, reach: Double = 0) -> Rect? {
        let s = node.state
        guard FrameComposer.hasShadow(s) else { return nil }
        let source = s.shadowPath?.boundingBox ?? subtreeRect(node, transform: .identity, includeShadow: false)
        guard let source else { return nil }
        let pad = 3 * max(s.shadowRadius, 0) * shadowSigmaPerRadius + 2 + reach / rasterScale(for: source)
        return Rect(
            x: source.minX + s.shadowOffset.width, y: source.minY + s.shadowOffset.height, width: source.width, height: source.height
        )
        .insetBy(dx: -pad, dy: -pad)
    }

    /// The bounding box of `rect` mapped by `h`, after clipping against the viewer's plane.
    ///
    /// The same numbers as `Polygon.bounds(Compositor.projectedQuad(…))`, without its arrays
    /// when every corner is in front of the viewer (always, for an affine map): this runs for
    /// every layer of every frame.
    static func box(_ rect: Rect, _ h: Homography) -> Rect? {
        let w = rect.width, ht = rect.height
        let t = Homography(translationX: rect.minX, y: rect.minY).concatenating(h)
        guard w.isFinite, ht.isFinite, w > 0, ht > 0, t.isFinite, t.inverted() != nil else { return nil }
        let c0 = t.applyHomogeneous(Point(x: 0, y: 0)), c1 = t.applyHomogeneous(Point(x: w, y: 0))
        let c2 = t.applyHomogeneous(Point(x: w, y: ht)), c3 = t.applyHomogeneous(Point(x: 0, y: ht))
        let top = max(max(c0.w, c1.w), max(c2.w, c3.w))
        guard top > 0 else { return nil }
        let epsilon = top * 1e-6
        guard c0.w >= epsilon, c1.w >= epsilon, c2.w >= epsilon, c3.w >= epsilon else {
            return Polygon.bounds(Compositor.projectedQuad(width: w, height: ht, transform: t))
        }
        let x0 = c0.x / c0.w, x1 = c1.x / c1.w, x2 = c2.x / c2.w, x3 = c3.x / c3.w
        let y0 = c0.y / c0.w, y1 = c1.y / c1.w, y2 = c2.y / c2.w, y3 = c3.y / c3.w
        guard x0.isFinite, x1.isFinite, x2.isFinite, x3.isFinite, y0.isFinite, y1.isFinite, y2.isFinite, y3.isFinite else {
            return nil
        }
        let minX = min(min(x0, x1), min(x2, x3)), maxX = max(max(x0, x1), max(x2, x3))
        let minY = min(min(y0, y1), min(y2, y3)), maxY = max(max(y0, y1), max(y2, y3))
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    static func intersect(_ a: Rect, _ b: Rect) -> Rect? {
        let x0 = max(a.minX, b.minX), y0 = max(a.minY, b.minY), x1 = min(a.maxX, b.maxX), y1 = min(a.maxY, b.maxY)
        return x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }

    /// Whether a single-sided layer faces away: its image is mirrored (the Jacobian's
    /// determinant, `det(H) / w³`, is negative at the bounds' centre).
    static func facesAway(_ h: Homography, bounds: Rect) -> Bool {
        let c = h.applyHomogeneous(Point(x: bounds.midX, y: bounds.midY))
        let m = h.m
        let det = m.0 * (m.4 * m.8 - m.5 * m.7) - m.1 * (m.3 * m.8 - m.5 * m.6) + m.2 * (m.3 * m.7 - m.4 * m.6)
        return det * c.w < 0
    }

    /// Sublayers of a transform layer, back to front by the depth of their anchor points in
    /// the transform layer's superlayer's space (stable).
    static func depthSorted(_ children: [RenderNode], in space: Transform3D) -> [RenderNode] {
        func depth(_ n: RenderNode) -> Double {
            let s = n.state, b = s.bounds
            let a = (x: b.minX + s.anchorPoint.x * b.width, y: b.minY + s.anchorPoint.y * b.height, z: s.anchorPointZ)
            let p = n.transformToSuperlayer.concatenating(space).apply(x: a.x, y: a.y, z: a.z)
            return p.w > 0 ? p.z / p.w : p.z
        }
        return children.enumerated().map { ($0.offset, depth($0.element), $0.element) }
            .sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.map(\.2)
    }

    /// Whether the layer casts a shadow (a colour with some alpha at some opacity).
    static func hasShadow(_ s: LayerState) -> Bool {
        (s.shadowColor?.alpha ?? 1) * s.shadowOpacity > 0
    }

    /// Whether a layer drawn at `opacity` (its own times its superlayer's) is drawn offscreen
    /// first: for a transition, a mask, a clip (``clipsAsGroup(_:)``), or the group opacity of a
    /// translucent layer with visible sublayers.
    static func needsGroup(_ node: RenderNode, opacity: Double) -> Bool {
        let subs = hasVisibleSublayers(node)
        return node.transition != nil || node.mask != nil || clipsAsGroup(node) || (subs && opacity < 1) || blends(node)
    }

    /// Whether the layer has a compositing filter other than source over.
    static func blends(_ node: RenderNode) -> Bool {
        node.compositingFilter.map { $0 != .normal } ?? false
    }

    /// Whether `masksToBounds` clips the layer as a group: with visible sublayers, or with a
    /// shadow (masksToBounds clips the shadow too; the layer's own content is already clipped as
    /// it is painted).
    static func clipsAsGroup(_ node: RenderNode) -> Bool {
        node.state.masksToBounds && (hasVisibleSublayers(node) || hasShadow(node.state))
    }

    static func hasVisibleSublayers(_ node: RenderNode) -> Bool {
        node.sublayers.contains { !$0.state.isHidden && $0.state.opacity > 0 }
    }

    /// What the layer does to its sublayers' plane before its own map: a vertical flip about the
    /// bounds' centre when `isGeometryFlipped`.
    static func sublayerMap(_ s: LayerState) -> Homography {
        guard s.isGeometryFlipped else { return .identity }
        let b = s.bounds.standardized
        return Homography(m: (1, 0, 0, 0, -1, 0, 0, b.minY + b.maxY, 1))
    }

    /// An affine homography as an affine transform.
    static func affine(_ h: Homography) -> KinemaGeometry.AffineTransform {
        let m = h.m, k = 1 / m.8
        return KinemaGeometry.AffineTransform(a: m.0 * k, b: m.1 * k, c: m.3 * k, d: m.4 * k, tx: m.6 * k, ty: m.7 * k)
    }
}
