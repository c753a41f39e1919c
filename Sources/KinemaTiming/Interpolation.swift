import KinemaGeometry

/// Linear interpolation between two numbers: `a` at `t = 0`, `b` at `t = 1`.
///
/// Computed as `a + (b − a)·t`, so `t` outside `[0, 1]` extrapolates (springs and overshooting
/// curves rely on that). At `t == 1` the result is `b` exactly, so an animation that has ended shows
/// its `toValue` bit for bit.
public func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double {
    t == 1 ? b : a + (b - a) * t
}

/// Linear interpolation between two points, axis by axis, by the same rule as for numbers.
public func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point {
    Point(x: lerp(a.x, b.x, t), y: lerp(a.y, b.y, t))
}
