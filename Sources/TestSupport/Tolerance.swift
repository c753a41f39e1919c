import KinemaGeometry

/// Shared test tolerances (why each is what it is: docs/animation-notes.md) and comparison helpers.
public enum Tolerance {
    /// Pure timing arithmetic.
    public static let timing = 1e-9
    /// Cubic-Bézier curve values (Core Animation stores control points as `Float`).
    public static let curve = 1e-5
    /// Springs and keyframes.
    public static let spring = 1e-4
    /// Geometry with 3D transforms, in points.
    public static let geometry = 1e-3
}

/// Whether `a` and `b` differ by at most `tolerance`.
public func isClose(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool {
    if a == b { return true }
    return abs(a - b) <= tolerance
}

/// Whether two points agree within `tolerance` on both axes.
public func isClose(_ a: Point, _ b: Point, _ tolerance: Double) -> Bool {
    isClose(a.x, b.x, tolerance) && isClose(a.y, b.y, tolerance)
}

/// Whether two rectangles agree within `tolerance` on every component.
public func isClose(_ a: Rect, _ b: Rect, _ tolerance: Double) -> Bool {
    isClose(a.origin, b.origin, tolerance) && isClose(a.size.width, b.size.width, tolerance)
        && isClose(a.size.height, b.size.height, tolerance)
}

/// Whether two transforms agree within `tolerance` entry by entry.
public func isClose(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double) -> Bool {
    zip(a.values, b.values).allSatisfy { isClose($0, $1, tolerance) }
}
