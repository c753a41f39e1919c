import KinemaGeometry
import KinemaLayers

extension FrameComposer {
    /// Where a shape layer's pixels can change when nothing but some of its path's subpaths
    /// changed: the boxes of those subpaths, old and new, grown by the stroke's reach (bounds
    /// coordinates). `nil` when more changed, or when a change cannot stay local.
    ///
    /// A closed loop (a filled subpath is closed for filling) adds nothing to the winding number
    /// outside its box, under either fill rule, so replacing one loop by another changes which
    /// points are filled only inside the two boxes; so does its stroke, grown by half the line
    /// width (times the miter limit). Dashes and trimming run along the whole path, so they
    /// must be off; the layer's extent fixes its backing store's pixel grid, so its origin and
    /// pixel scale must stay (its size may change: it changes only where the changed subpaths
    /// reach); and the layer may cast no shadow (its alpha changes with the path).
    func changedPathBoxes(from old: RenderNode, to new: RenderNode) -> [Rect]? {
        guard case .shape(var a) = old.state.kind, case .shape(var b) = new.state.kind, a.path != b.path else { return nil }
        let oldPath = a.path ?? Path(), newPath = b.path ?? Path()
        a.path = nil
        b.path = nil
        var o = old, n = new
        o.state.kind = .shape(a)
        n.state.kind = .shape(b)
        let stroked = (b.strokeColor?.alpha ?? 0) > 0 && b.lineWidth > 0
        let e0 = ContentPainter.extent(of: old.state, piece: .below, images: images)
        let e1 = ContentPainter.extent(of: new.state, piece: .below, images: images)
        guard o.drawsItselfLike(n), FrameComposer.shadowColor(of: new.state) == nil, b.strokeStart == 0, b.strokeEnd == 1,
            !stroked || b.lineDashPattern.isEmpty, e0.minX == e1.minX, e0.minY == e1.minY, rasterScale(for: e0) == rasterScale(for: e1)
        else { return nil }
        let grow = stroked ? b.lineWidth / 2 * (b.lineJoin == .miter ? min(max(b.miterLimit, 1), 10) : 1) + 1 : 1
        let before = FrameComposer.subpaths(of: oldPath), after = FrameComposer.subpaths(of: newPath)
        var boxes: [Rect] = []
        for i in 0..<max(before.count, after.count) {
            let p = i < before.count ? before[i] : nil, q = i < after.count ? after[i] : nil
            guard p != q else { continue }
            for path in [p, q] {
                if let box = path?.boundingBox { boxes.append(box.insetBy(dx: -grow, dy: -grow)) }
            }
        }
        return boxes
    }

    /// The path's subpaths, each from its `moveTo`.
    static func subpaths(of path: Path) -> [Path] {
        var out: [Path] = []
        var current: [PathElement] = []
        for element in path.elements {
            if case .moveTo = element, !current.isEmpty {
                out.append(Path(elements: current))
                current = []
            }
            current.append(element)
        }
        if !current.isEmpty { out.append(Path(elements: current)) }
        return out
    }
}
