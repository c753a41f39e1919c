import KinemaGeometry

/// Convex-polygon clipping (Sutherland–Hodgman) used to cut a layer's quad at the eye plane and
/// at the edges of the region it is drawn in.
enum Polygon {
    /// The part of the homogeneous polygon `points` where `w ≥ epsilon`, in order.
    static func clip(_ points: [(x: Double, y: Double, w: Double)], wAtLeast epsilon: Double) -> [(x: Double, y: Double, w: Double)] {
        var out: [(x: Double, y: Double, w: Double)] = []
        guard let last = points.last else { return out }
        var prev = last
        for p in points {
            let pIn = p.w >= epsilon, prevIn = prev.w >= epsilon
            if pIn != prevIn {
                let t = (epsilon - prev.w) / (p.w - prev.w)
                out.append((prev.x + t * (p.x - prev.x), prev.y + t * (p.y - prev.y), epsilon))
            }
            if pIn { out.append(p) }
            prev = p
        }
        return out
    }

    /// The part of the convex polygon `points` inside `rect`, in order.
    static func clip(_ points: [Point], to rect: Rect) -> [Point] {
        var poly = points
        // Each edge of the rectangle as (signed distance to the inside) for a point.
        let edges: [(Point) -> Double] = [
            { $0.x - rect.minX }, { rect.maxX - $0.x }, { $0.y - rect.minY }, { rect.maxY - $0.y },
        ]
        for inside in edges {
            guard let last = poly.last else { return [] }
            var out: [Point] = []
            var prev = last
            for p in poly {
                let dp = inside(p), dq = inside(prev)
                if (dp >= 0) != (dq >= 0) {
                    let t = dq / (dq - dp)
                    out.append(Point(x: prev.x + t * (p.x - prev.x), y: prev.y + t * (p.y - prev.y)))
                }
                if dp >= 0 { out.append(p) }
                prev = p
            }
            poly = out
        }
        return poly
    }

    /// The axis-aligned bounding box of `points`, or `nil` for none.
    static func bounds(_ points: [Point]) -> Rect? {
        guard let first = points.first else { return nil }
        var x0 = first.x, x1 = first.x, y0 = first.y, y1 = first.y
        for p in points.dropFirst() {
            x0 = min(x0, p.x)
            x1 = max(x1, p.x)
            y0 = min(y0, p.y)
            y1 = max(y1, p.y)
        }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
