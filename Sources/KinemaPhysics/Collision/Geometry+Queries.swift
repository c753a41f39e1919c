// Point and ray queries against one shape, world coordinates.

/// Where a ray first meets a shape.
struct RayCastOutput {
    /// The hit point, world.
    var point: Vec2
    /// The surface normal at the hit, unit, facing the ray's start.
    var normal: Vec2
    /// The hit's fraction along the ray, 0…1.
    var fraction: Double
}

extension Geometry {
    /// Whether the world point `p` is inside (or on) the shape under `xf`. Segments have no
    /// inside and contain nothing.
    func contains(point p: Vec2, _ xf: Transform2) -> Bool {
        switch self {
        case .circle(let c):
            return (xf.invApply(p) - c.center).lengthSquared <= c.radius * c.radius
        case .segment:
            return false
        case .polygon(let poly):
            let local = xf.invApply(p)
            var outside = false
            for i in 0..<poly.count where poly.normals[i].dot(local - poly.vertices[i]) > 0 {
                outside = true
                break
            }
            if !outside { return true }
            guard poly.radius > 0 else { return false }
            // Rounded: within the radius of the core's boundary.
            var best = Double.infinity
            for i in 0..<poly.count {
                let v1 = poly.vertices[i]
                let v2 = poly.vertices[i + 1 < poly.count ? i + 1 : 0]
                best = min(best, segmentDistance(v1, v2, local, local).distanceSquared)
            }
            return best <= poly.radius * poly.radius
        }
    }

    /// The first hit of the ray from `p1` to `p2` (world) on the shape under `xf`, or `nil` when
    /// it misses or starts inside. Rounded polygons are treated as their faces pushed out by the
    /// radius (square corners, slightly larger than the rounded shape).
    func rayCast(from p1: Vec2, to p2: Vec2, _ xf: Transform2) -> RayCastOutput? {
        guard p1.isFinite, p2.isFinite else { return nil }
        let a = xf.invApply(p1)
        let d = xf.q.invRotate(p2 - p1)
        switch self {
        case .circle(let c):
            // |a + t d − c|² = r²
            let s = a - c.center
            let dd = d.dot(d)
            guard dd > 0 else { return nil }
            let b = s.dot(d)
            let cc = s.dot(s) - c.radius * c.radius
            guard cc > 0 else { return nil }
            let disc = b * b - dd * cc
            guard disc >= 0 else { return nil }
            let t = (-b - disc.squareRoot()) / dd
            guard t >= 0, t <= 1 else { return nil }
            let local = Vec2.mulAdd(a, t, d)
            return RayCastOutput(point: xf.apply(local), normal: xf.q.rotate((local - c.center).normalized), fraction: t)
        case .segment(let seg):
            let e = seg.p2 - seg.p1
            let denominator = d.cross(e)
            guard denominator != 0 else { return nil }
            let w = seg.p1 - a
            let t = w.cross(e) / denominator
            let u = w.cross(d) / denominator
            guard t >= 0, t <= 1, u >= 0, u <= 1 else { return nil }
            var n = e.rightPerp.normalized
            if n.dot(d) > 0 { n = -n }
            return RayCastOutput(point: xf.apply(Vec2.mulAdd(a, t, d)), normal: xf.q.rotate(n), fraction: t)
        case .polygon(let poly):
            // Clip the ray against each face's half-plane.
            var lower = 0.0
            var upper = 1.0
            var index = -1
            for i in 0..<poly.count {
                let n = poly.normals[i]
                let numerator = n.dot(poly.vertices[i] - a) + poly.radius
                let denominator = n.dot(d)
                if denominator == 0 {
                    if numerator < 0 { return nil }
                } else if denominator < 0, numerator < lower * denominator {
                    // Entering this half-plane later.
                    lower = numerator / denominator
                    index = i
                } else if denominator > 0, numerator < upper * denominator {
                    upper = numerator / denominator
                }
                if upper < lower { return nil }
            }
            guard index >= 0 else { return nil }
            return RayCastOutput(
                point: xf.apply(Vec2.mulAdd(a, lower, d)), normal: xf.q.rotate(poly.normals[index]), fraction: lower)
        }
    }
}
