/// One element of a ``Path``, mirroring `CGPathElement`.
///
/// Points are in points, in the path's own coordinate space. Curve elements list their end
/// point first and the control points after it, as in `CGMutablePath`'s builder methods.
public enum PathElement: Hashable, Sendable {
    /// Starts a new subpath at the point.
    case moveTo(Point)
    /// A straight line from the current point to the point.
    case lineTo(Point)
    /// A quadratic Bézier curve from the current point to the point.
    case quadCurveTo(Point, control: Point)
    /// A cubic Bézier curve from the current point to the point.
    case curveTo(Point, control1: Point, control2: Point)
    /// A straight line back to the start of the current subpath, closing it.
    case closeSubpath

    /// The element's points in drawing order (controls first, the end point last); empty for
    /// ``closeSubpath``.
    public var points: [Point] {
        switch self {
        case .moveTo(let p), .lineTo(let p): return [p]
        case .quadCurveTo(let p, let c): return [c, p]
        case .curveTo(let p, let c1, let c2): return [c1, c2, p]
        case .closeSubpath: return []
        }
    }

    /// The point the element ends at, or `nil` for ``closeSubpath`` (which ends at the
    /// subpath's start).
    public var endPoint: Point? { points.last }

    /// The same kind of element with every point replaced by `transform(point)`.
    public func mapPoints(_ transform: (Point) -> Point) -> PathElement {
        switch self {
        case .moveTo(let p): return .moveTo(transform(p))
        case .lineTo(let p): return .lineTo(transform(p))
        case .quadCurveTo(let p, let c): return .quadCurveTo(transform(p), control: transform(c))
        case .curveTo(let p, let c1, let c2):
            return .curveTo(transform(p), control1: transform(c1), control2: transform(c2))
        case .closeSubpath: return .closeSubpath
        }
    }

    /// Whether two elements are the same case (ignoring their points).
    func hasSameKind(as other: PathElement) -> Bool {
        switch (self, other) {
        case (.moveTo, .moveTo), (.lineTo, .lineTo), (.quadCurveTo, .quadCurveTo), (.curveTo, .curveTo),
            (.closeSubpath, .closeSubpath):
            return true
        default:
            return false
        }
    }
}
