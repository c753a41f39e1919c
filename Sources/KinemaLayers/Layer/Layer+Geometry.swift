import KinemaGeometry

/// Which values geometry queries read: the model, or the presentation at a media time.
public enum GeometrySource: Sendable, Hashable {
    /// The model values (what code set).
    case model
    /// The presentation values at a media time, seconds.
    case presentation(at: Double)
}

extension Layer {
    func state(_ source: GeometrySource) -> LayerState {
        switch source {
        case .model: model
        case .presentation(let t): presentation(at: t)
        }
    }

    /// The anchor point in the layer's own coordinates (3D).
    static func anchor(of s: LayerState) -> (x: Double, y: Double, z: Double) {
        (
            s.bounds.origin.x + s.anchorPoint.x * s.bounds.width,
            s.bounds.origin.y + s.anchorPoint.y * s.bounds.height,
            s.anchorPointZ
        )
    }

    /// The 4×4 map from this layer's space to its superlayer's (before flattening):
    /// `Tr(−A) · transform · Tr(position, zPosition) · Tr(−A_P) · P.sublayerTransform · Tr(A_P)`.
    func matrixToSuperlayer(_ source: GeometrySource) -> Transform3D {
        Layer.matrixToSuperlayer(state: state(source), superlayerState: superlayer?.state(source))
    }

    /// The same map from values: a layer's state and its superlayer's (`nil` for a root).
    static func matrixToSuperlayer(state s: LayerState, superlayerState ps: LayerState?) -> Transform3D {
        let a = Layer.anchor(of: s)
        var m = Transform3D.makeTranslation(-a.x, -a.y, -a.z)
            .concatenating(s.transform)
            .concatenating(.makeTranslation(s.position.x, s.position.y, s.zPosition))
        if let ps, !ps.sublayerTransform.isIdentity {
            let pa = Layer.anchor(of: ps)
            m = m.concatenating(.makeTranslation(-pa.x, -pa.y, -pa.z))
                .concatenating(ps.sublayerTransform)
                .concatenating(.makeTranslation(pa.x, pa.y, pa.z))
        }
        return m
    }

    /// The map from this layer's plane to `ancestor`'s plane (the world when `nil`: through the
    /// root's own geometry). Transform layers pass 3D through without flattening.
    func homography(toAncestor ancestor: Layer?, _ source: GeometrySource) -> Homography {
        var h = Homography.identity
        var pending: Transform3D?
        var node = self
        while node !== ancestor {
            let m = node.matrixToSuperlayer(source)
            let unflattened = pending.map { $0.concatenating(m) } ?? m
            guard let parent = node.superlayer else {
                pending = unflattened
                break
            }
            node = parent
            if parent is TransformLayer && parent !== ancestor {
                pending = unflattened  // a transform layer keeps its sublayers in 3D
            } else {
                h = h.concatenating(Homography(flattening: unflattened))
                pending = nil
            }
        }
        if let pending { h = h.concatenating(Homography(flattening: pending)) }
        return h
    }

    /// Converts a point from this layer's coordinates to `layer`'s (or to the world, through
    /// the root's geometry, when `nil`), through every transform, perspective included.
    /// Mirrors `convert(_:to:)`. A point that lands behind the eye gives NaN coordinates.
    public func convert(_ point: Point, to layer: Layer?, using source: GeometrySource = .model) -> Point {
        if layer === self { return point }
        let toWorld = homography(toAncestor: nil, source)
        var h = toWorld
        if let layer {
            guard let inverse = layer.homography(toAncestor: nil, source).inverted() else { return Point(x: .nan, y: .nan) }
            h = toWorld.concatenating(inverse)
        }
        return h.apply(point) ?? Point(x: .nan, y: .nan)
    }

    /// Converts a point from `layer`'s coordinates to this layer's. Mirrors `convert(_:from:)`.
    public func convert(_ point: Point, from layer: Layer?, using source: GeometrySource = .model) -> Point {
        if let layer { return layer.convert(point, to: self, using: source) }
        if layer === self { return point }
        guard let inverse = homography(toAncestor: nil, source).inverted() else { return Point(x: .nan, y: .nan) }
        return inverse.apply(point) ?? Point(x: .nan, y: .nan)
    }

    /// Converts a rectangle to `layer`'s coordinates: the bounding box of its four converted
    /// corners. Mirrors `convert(_:to:)` for rects.
    public func convert(_ rect: Rect, to layer: Layer?, using source: GeometrySource = .model) -> Rect {
        Rect.boundingBox(of: Layer.corners(of: rect).map { convert($0, to: layer, using: source) }) ?? .zero
    }

    /// Converts a rectangle from `layer`'s coordinates. Mirrors `convert(_:from:)` for rects.
    public func convert(_ rect: Rect, from layer: Layer?, using source: GeometrySource = .model) -> Rect {
        Rect.boundingBox(of: Layer.corners(of: rect).map { convert($0, from: layer, using: source) }) ?? .zero
    }

    static func corners(of r: Rect) -> [Point] {
        [
            Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
            Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY),
        ]
    }

    /// The four corners of the bounds in the coordinates of the tree's root layer, after every
    /// transform and perspective: minX-minY, maxX-minY, maxX-maxY, minX-maxY.
    public func quadInRoot(using source: GeometrySource = .model) -> [Point] {
        let root = rootLayer
        let h = homography(toAncestor: root, source)
        let b = state(source).bounds
        return Layer.corners(of: b).map { h.apply($0) ?? Point(x: .nan, y: .nan) }
    }

    /// The frame in the superlayer: the bounding box of the bounds mapped by the anchor,
    /// transform and position (not the superlayer's `sublayerTransform`, not `zPosition`).
    public var frame: Rect {
        get { Layer.frame(of: model) }
        set { setFrame(newValue) }
    }

    static func frame(of s: LayerState) -> Rect {
        let a = anchor(of: s)
        let m = Transform3D.makeTranslation(-a.x, -a.y, 0)
            .concatenating(s.transform)
            .concatenating(.makeTranslation(s.position.x, s.position.y, 0))
        let h = Homography(flattening: m)
        let pts = corners(of: s.bounds).compactMap { h.apply($0) }
        return Rect.boundingBox(of: pts) ?? .zero
    }

    private func setFrame(_ f: Rect) {
        guard f.isFinite else { return }
        let target = f.standardized
        let t = model.transform
        var size = target.size
        if !t.isAffine || t.m12 != 0 || t.m21 != 0 || t.m11 != 1 || t.m22 != 1 {
            let sx = (t.m11 * t.m11 + t.m12 * t.m12).squareRoot()
            let sy = (t.m21 * t.m21 + t.m22 * t.m22).squareRoot()
            if sx > 0 { size.width /= sx }
            if sy > 0 { size.height /= sy }
        }
        var s = model
        s.bounds.size = size
        s.position = .zero
        let zeroFrame = Layer.frame(of: s)
        bounds = Rect(origin: model.bounds.origin, size: size)
        position = Point(x: target.origin.x - zeroFrame.origin.x, y: target.origin.y - zeroFrame.origin.y)
    }

    /// The 2D affine part of the transform, or the identity when the transform is not affine.
    /// Mirrors `affineTransform()`.
    public func affineTransform() -> AffineTransform {
        model.transform.isAffine ? model.transform.affineTransform : .identity
    }

    /// Replaces the whole transform with an affine one. Mirrors `setAffineTransform(_:)`.
    public func setAffineTransform(_ t: AffineTransform) {
        transform = Transform3D(affine: t)
    }

    /// The deepest layer containing `point`, given in the superlayer's coordinates (for a root,
    /// the world space its own geometry maps into). Siblings are searched front to back (by depth, then
    /// order); hidden layers and everything outside a `masksToBounds` layer are skipped.
    /// Mirrors `hitTest(_:)`.
    public func hitTest(_ point: Point, using source: GeometrySource = .model) -> Layer? {
        let top = superlayer
        return hitTest(point, topPlane: top, source)
    }

    private func hitTest(_ p: Point, topPlane: Layer?, _ source: GeometrySource) -> Layer? {
        let s = state(source)
        if s.isHidden { return nil }
        guard let q = homography(toAncestor: topPlane, source).inverted()?.apply(p) else { return nil }
        let isTransformLayer = self is TransformLayer
        let inside = source == .model ? contains(q) : contains(q, bounds: s.bounds)
        if s.masksToBounds && !isTransformLayer && !inside { return nil }
        for sub in Layer.drawingOrder(sublayers, source).reversed() {
            if let hit = sub.hitTest(p, topPlane: topPlane, source) { return hit }
        }
        if isTransformLayer { return nil }
        return inside ? self : nil
    }

    /// Sublayers sorted back to front: stable by ``depthInSuperlayer(using:)``, ties by order.
    static func drawingOrder(_ layers: [Layer], _ source: GeometrySource) -> [Layer] {
        let keyed = layers.enumerated().map { ($0.offset, $0.element.depthInSuperlayer(using: source), $0.element) }
        return keyed.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.map(\.2)
    }

    /// The sublayers back to front, as they are drawn and (reversed) hit-tested: sorted by the
    /// depth of each one's anchor point in this layer's space, ties by order. Without 3D
    /// transforms that depth is the `zPosition`.
    public func sublayersInDrawingOrder(using source: GeometrySource = .model) -> [Layer] {
        Layer.drawingOrder(sublayers, source)
    }

    /// The depth (z, larger is nearer the viewer) of the layer's anchor point after its transform,
    /// position, `zPosition` and the superlayer's `sublayerTransform`: what orders siblings.
    /// Kinema sorts siblings by it and does not split intersecting planes (Apple does).
    public func depthInSuperlayer(using source: GeometrySource = .model) -> Double {
        Layer.depth(state: state(source), transformToSuperlayer: matrixToSuperlayer(source))
    }

    static func depth(state: LayerState, transformToSuperlayer m: Transform3D) -> Double {
        let a = Layer.anchor(of: state)
        let p = m.apply(x: a.x, y: a.y, z: a.z)
        return p.w > 0 ? p.z / p.w : p.z
    }
}
