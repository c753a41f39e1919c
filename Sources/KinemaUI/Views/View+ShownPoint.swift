import KinemaGeometry
import KinemaLayers

extension View {
    /// Where `local` (a point in the view's bounds) shows at media time `t`, in the superview's
    /// coordinates, from the layer's presentation (position, anchor point, bounds and affine
    /// transform): what is on screen mid-animation, where `convert(_:to:)` reads the model.
    package func shownPoint(_ local: Point, at t: Double) -> Point {
        let p = layer.presentation(at: t)
        let q = Point(
            x: local.x - p.bounds.minX - p.anchorPoint.x * p.bounds.width,
            y: local.y - p.bounds.minY - p.anchorPoint.y * p.bounds.height)
        let a = p.transform.affineTransform
        return Point(x: p.position.x + a.a * q.x + a.c * q.y + a.tx, y: p.position.y + a.b * q.x + a.d * q.y + a.ty)
    }
}
