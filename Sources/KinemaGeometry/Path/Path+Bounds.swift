extension Path {
    /// The smallest rectangle containing every point of the path *including control points*
    /// (`CGPath.boundingBox`), or `nil` for an empty path. `moveTo` points count.
    ///
    /// Cheap, but larger than the drawn shape when control points stick out; see
    /// ``boundingBoxOfPath`` for the tight box.
    public var boundingBox: Rect? {
        Rect.boundingBox(of: elements.lazy.flatMap(\.points))
    }

    /// The smallest rectangle containing the drawn outline, *not* its control points
    /// (`CGPath.boundingBoxOfPath`), or `nil` for an empty path. `moveTo` points count.
    ///
    /// Curves contribute their end points and their extrema, found where each coordinate's
    /// derivative is zero, so a circle made of four cubics gives exactly its square.
    public var boundingBoxOfPath: Rect? {
        var points: [Point] = []
        var current = Point.zero
        var subpathStart = Point.zero
        for e in elements {
            switch e {
            case .moveTo(let p):
                points.append(p)
                current = p
                subpathStart = p
            default:
                guard let s = PathSegment(start: current, element: e, subpathStart: subpathStart) else { continue }
                points.append(s.end)
                if !s.isLine {
                    for t in s.extremaParameters { points.append(s.point(at: t)) }
                }
                current = s.end
            }
        }
        return Rect.boundingBox(of: points)
    }
}

extension PathSegment {
    /// The parameters in `0…1` where `dx/ds` or `dy/ds` is zero.
    var extremaParameters: [Double] {
        func roots(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> [Double] {
            // dB/ds / 3 = a s² + b s + c with d0 = p1 − p0, d1 = p2 − p1, d2 = p3 − p2.
            let d0 = p1 - p0, d1 = p2 - p1, d2 = p3 - p2
            let a = d0 - 2 * d1 + d2
            let b = 2 * (d1 - d0)
            let c = d0
            let scale = max(abs(d0), abs(d1), abs(d2))
            guard scale > 0 else { return [] }
            if abs(a) <= 1e-12 * scale {
                guard abs(b) > 1e-12 * scale else { return [] }
                return [-c / b]
            }
            let disc = b * b - 4 * a * c
            guard disc >= 0 else { return [] }
            let q = -(b + (b < 0 ? -1 : 1) * disc.squareRoot()) / 2
            var r = [q / a]
            if q != 0 { r.append(c / q) }
            return r
        }
        let all = roots(c0.x, c1.x, c2.x, c3.x) + roots(c0.y, c1.y, c2.y, c3.y)
        return all.filter { $0 > 0 && $0 < 1 }
    }
}
