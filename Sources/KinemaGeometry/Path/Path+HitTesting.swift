/// How a path's interior is decided where subpaths overlap or a path crosses itself,
/// mirroring `CGPathFillRule` and `CAShapeLayerFillRule`.
public enum FillRule: String, Hashable, Sendable, Codable, CaseIterable {
    /// A point is inside when the path winds around it a non-zero number of times (counting
    /// clockwise as +1 and counter-clockwise as −1). The default.
    case nonZero
    /// A point is inside when a ray from it crosses the path an odd number of times.
    case evenOdd
}

extension Path {
    /// Whether `point` lies in the area the path would fill (`CGPath.contains(_:using:)`).
    ///
    /// Every subpath counts as closed, as when filling. Curves are flattened to within 0.001
    /// points, so points closer than that to the outline may go either way. A non-finite point
    /// is never inside.
    ///
    /// - Parameters:
    ///   - point: the point to test, in the path's coordinates (points).
    ///   - fillRule: how overlapping areas count. Default ``FillRule/nonZero``.
    public func contains(_ point: Point, fillRule: FillRule = .nonZero) -> Bool {
        guard point.isFinite else { return false }
        var winding = 0
        for polyline in flattened(tolerance: 1e-3) {
            guard var a = polyline.last else { continue }
            for b in polyline {
                let side = (b.x - a.x) * (point.y - a.y) - (point.x - a.x) * (b.y - a.y)
                if a.y <= point.y {
                    if b.y > point.y && side > 0 { winding += 1 }
                } else if b.y <= point.y && side < 0 {
                    winding -= 1
                }
                a = b
            }
        }
        switch fillRule {
        case .nonZero: return winding != 0
        case .evenOdd: return winding % 2 != 0
        }
    }
}
