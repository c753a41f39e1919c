extension Path {
    /// The part of the path between two fractions of its arc length, as `CAShapeLayer` strokes
    /// it for `strokeStart` and `strokeEnd`: the fractions run over all subpaths together (jumps
    /// between subpaths add no length), are clamped to `0…1` (NaN counts as 0), and an end before
    /// the start gives an empty path. Curves are cut exactly (de Casteljau); the result's
    /// subpaths are open, except a whole closed subpath, which stays closed.
    public func trimmed(from startFraction: Double, to endFraction: Double) -> Path {
        let a = clamp(startFraction, 0, 1), b = clamp(endFraction, 0, 1)
        if a <= 0, b >= 1 { return self }
        guard b > a else { return Path() }
        let total = length
        guard total > 0 else { return Path() }
        let from = a * total, to = b * total
        var result = Path()
        var walked = 0.0
        var penEnd: Point?
        for segment in segments {
            let len = segment.length
            defer { walked += len }
            let s0 = max(from - walked, 0), s1 = min(to - walked, len)
            guard s1 > s0 || (len == 0 && s0 == 0 && walked >= from && walked <= to) else { continue }
            let t0 = s0 <= 0 ? 0 : segment.parameter(atLength: s0)
            let t1 = s1 >= len ? 1 : segment.parameter(atLength: s1)
            let piece = Path.cut(segment, from: t0, to: t1)
            if penEnd != piece.first { result.move(to: piece[0]) }
            switch piece.count {
            case 2: result.addLine(to: piece[1])
            default: result.addCurve(to: piece[3], control1: piece[1], control2: piece[2])
            }
            penEnd = piece.last
        }
        return result
    }

    /// The control points of `segment` between parameters `t0 < t1`: two for a line, four for
    /// a curve (quadratic curves are raised to cubics).
    static func cut(_ segment: PathSegment, from t0: Double, to t1: Double) -> [Point] {
        if segment.isLine { return [segment.point(at: t0), segment.point(at: t1)] }
        var p = segment.controlPoints
        if p.count == 3 {
            p = [p[0], lerp(p[0], p[1], 2.0 / 3), lerp(p[2], p[1], 2.0 / 3), p[2]]
        }
        // Keep [t1 side]: split at t1 and take the left part, then split that at t0 / t1.
        func split(_ q: [Point], _ t: Double) -> (left: [Point], right: [Point]) {
            let a = lerp(q[0], q[1], t), b = lerp(q[1], q[2], t), c = lerp(q[2], q[3], t)
            let d = lerp(a, b, t), e = lerp(b, c, t), f = lerp(d, e, t)
            return ([q[0], a, d, f], [f, e, c, q[3]])
        }
        let left = t1 >= 1 ? p : split(p, t1).left
        guard t0 > 0, t1 > 0 else { return left }
        return split(left, t0 / t1).right
    }
}
