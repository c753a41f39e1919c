extension Path {
    /// The path as polylines, one per subpath, with no point farther than `tolerance` points
    /// from the true curve.
    ///
    /// Each polyline starts at its subpath's `moveTo` point; a closed subpath ends with its
    /// start point again. A subpath with no drawing elements is left out. Each curve is split
    /// into `n` equal parameter steps with `n = ⌈√(k·M / tolerance)⌉`, where `M` bounds the
    /// second derivative (`k = 3/4` for cubics), which keeps the chord error within
    /// `tolerance`. At most 10 000 steps are used per curve.
    ///
    /// - Parameter tolerance: the largest allowed distance, in points. Default 0.1. Values below
    ///   1e-6 (and NaN) are raised to 1e-6.
    public func flattened(tolerance: Double = 0.1) -> [[Point]] {
        let tol = tolerance >= 1e-6 ? tolerance : 1e-6
        var polylines: [[Point]] = []
        var line: [Point] = []
        var current = Point.zero
        var subpathStart = Point.zero
        func finish() {
            if line.count > 1 { polylines.append(line) }
            line = []
        }
        for e in elements {
            switch e {
            case .moveTo(let p):
                finish()
                line = [p]
                current = p
                subpathStart = p
            case .closeSubpath:
                if line.last != subpathStart { line.append(subpathStart) }
                current = subpathStart
            default:
                guard let s = PathSegment(start: current, element: e, subpathStart: subpathStart) else { continue }
                let n = s.flatteningSteps(tolerance: tol)
                if n > 1 {
                    for i in 1..<n { line.append(s.point(at: Double(i) / Double(n))) }
                }
                line.append(s.end)
                current = s.end
            }
        }
        finish()
        return polylines
    }
}

extension PathSegment {
    /// The number of equal parameter steps that keeps the chord error within `tolerance`.
    ///
    /// Linear interpolation over a step `h` deviates from a curve by at most `h²/8 · max|B''|`.
    /// For a cubic `max|B''| ≤ 6·max(|P0 − 2P1 + P2|, |P1 − 2P2 + P3|)`, so
    /// `n = ⌈√(0.75·M / tolerance)⌉`; for a quadratic `|B''| = 2|P0 − 2P1 + P2|`.
    func flatteningSteps(tolerance: Double) -> Int {
        let m: Double
        switch element {
        case .lineTo, .closeSubpath, .moveTo:
            return 1
        case .quadCurveTo(let p, let c):
            m = 0.25 * Vector(dx: start.x - 2 * c.x + p.x, dy: start.y - 2 * c.y + p.y).length
        case .curveTo:
            let a = Vector(dx: c0.x - 2 * c1.x + c2.x, dy: c0.y - 2 * c1.y + c2.y).length
            let b = Vector(dx: c1.x - 2 * c2.x + c3.x, dy: c1.y - 2 * c2.y + c3.y).length
            m = 0.75 * max(a, b)
        }
        let n = (m / tolerance).squareRoot().rounded(.up)
        guard n.isFinite, n >= 1 else { return 1 }
        return Int(min(n, 10_000))
    }
}
