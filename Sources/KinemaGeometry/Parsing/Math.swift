import Foundation

/// `atan2(y, x)` that returns 0 instead of NaN when either input is NaN.
@inline(__always)
func atan2Safe(_ y: Double, _ x: Double) -> Double {
    let a = atan2(y, x)
    return a.isNaN ? 0 : a
}

/// `a + (b − a)·t`.
@inline(__always)
func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }

/// `a + (b − a)·t` for points.
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
