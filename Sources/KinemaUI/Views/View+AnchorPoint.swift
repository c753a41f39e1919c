import KinemaGeometry

extension View {
    /// Moves the layer's anchor point (unit coordinates of the bounds) to `anchor` and shifts
    /// ``center`` so that nothing moves on screen, whatever the affine transform: the pivot for a
    /// later scale or rotation changes, the picture does not (invariant 14 of
    /// docs/popover-notes.md). Non-finite anchors are ignored.
    package func moveAnchorPoint(to anchor: Point) {
        let a = layer.anchorPoint
        guard anchor.isFinite, anchor != a else { return }
        let size = bounds.size
        let delta = Point(x: (anchor.x - a.x) * size.width, y: (anchor.y - a.y) * size.height)
        let t = transform
        layer.anchorPoint = anchor
        center = Point(x: center.x + t.a * delta.x + t.c * delta.y, y: center.y + t.b * delta.x + t.d * delta.y)
    }
}
