import Foundation

/// `atan2(y, x)` that returns 0 instead of NaN when either input is NaN.
@inline(__always)
func atan2Safe(_ y: Double, _ x: Double) -> Double {
    let a = atan2(y, x)
    return a.isNaN ? 0 : a
}

/// `a` at `t = 0`, `b` at `t = 1`: `a + (b − a)·t`, the argument order of every `lerp` in Kinema
/// (like `KinemaTiming`'s public `lerp(_:_:_:)`, but without its exact `b` at `t == 1`).
@inline(__always)
func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }

/// `a + (b − a)·t` for points, axis by axis: `a` at `t = 0`, `b` at `t = 1`.
@inline(__always)
func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point {
    Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
}

/// `x` limited to `lo…hi`; NaN becomes `lo`.
@inline(__always)
func clamp(_ x: Double, _ lo: Double, _ hi: Double) -> Double {
    guard !x.isNaN else { return lo }
    return min(max(x, lo), hi)
}
