/// The closest points of two segments, as fractions along each.
struct SegmentDistanceResult {
    /// Closest point on segment 1 and on segment 2, world.
    var closest1: Vec2
    var closest2: Vec2
    /// Fractions along each segment in 0…1; exactly 0 or 1 at an end.
    var fraction1: Double
    var fraction2: Double
    var distanceSquared: Double
}

/// The closest points between segment p1→q1 and segment p2→q2 (the classic clamped solution of
/// the two-parameter least-squares problem; parallel segments take the first end of segment 1).
func segmentDistance(_ p1: Vec2, _ q1: Vec2, _ p2: Vec2, _ q2: Vec2) -> SegmentDistanceResult {
    let d1 = q1 - p1
    let d2 = q2 - p2
    let r = p1 - p2
    let dd1 = d1.dot(d1)
    let dd2 = d2.dot(d2)
    let rd1 = r.dot(d1)
    let rd2 = r.dot(d2)
    let epsilon = 1e-24
    var f1 = 0.0
    var f2 = 0.0
    if dd1 < epsilon || dd2 < epsilon {
        if dd1 >= epsilon {
            f1 = clamp01(-rd1 / dd1)
        } else if dd2 >= epsilon {
            f2 = clamp01(rd2 / dd2)
        }
    } else {
        let d12 = d1.dot(d2)
        let denominator = dd1 * dd2 - d12 * d12
        // Parallel (or nearly): any f1 works; take the start of segment 1.
        f1 = denominator > 1e-12 * dd1 * dd2 ? clamp01((d12 * rd2 - rd1 * dd2) / denominator) : 0
        f2 = (d12 * f1 + rd2) / dd2
        if f2 < 0 {
            f2 = 0
            f1 = clamp01(-rd1 / dd1)
        } else if f2 > 1 {
            f2 = 1
            f1 = clamp01((d12 - rd1) / dd1)
        }
    }
    let c1 = Vec2.mulAdd(p1, f1, d1)
    let c2 = Vec2.mulAdd(p2, f2, d2)
    return SegmentDistanceResult(closest1: c1, closest2: c2, fraction1: f1, fraction2: f2, distanceSquared: (c1 - c2).lengthSquared)
}

@inline(__always) private func clamp01(_ x: Double) -> Double { min(max(x, 0), 1) }
