extension Path {
    /// The drawable segments in order: one per element other than `moveTo`, each with its start
    /// point (a keyframe animation along a path takes one keyframe per element other than `moveTo`,
    /// as `CAKeyframeAnimation.path` documents). A `closeSubpath` becomes a line back to the
    /// subpath's start.
    public var segments: [PathSegment] {
        var result: [PathSegment] = []
        var current = Point.zero
        var subpathStart = Point.zero
        for e in elements {
            switch e {
            case .moveTo(let p):
                current = p
                subpathStart = p
            default:
                if let s = PathSegment(start: current, element: e, subpathStart: subpathStart) {
                    result.append(s)
                    current = s.end
                }
            }
        }
        return result
    }

    /// The total arc length of all segments, in points. Jumps between subpaths (`moveTo`) add
    /// nothing.
    public var length: Double { segments.reduce(0) { $0 + $1.length } }

    /// The point `distance` points along the path, measured by arc length across all segments
    /// (paced keyframe animation). `distance` is clamped to `0…length` (NaN counts as 0). Returns
    /// the first `moveTo` point of a path with no segments, and `nil` for an empty path.
    public func point(atLength distance: Double) -> Point? {
        guard let (segment, s) = locate(distance) else {
            if case .moveTo(let p)? = elements.first { return p }
            return nil
        }
        return segment.point(at: s)
    }

    /// The tangent angle in radians, `atan2(dy, dx)` of the direction of motion, `distance`
    /// points along the path (used for `rotationMode = auto`; positive turns from +x towards
    /// +y). Where the derivative vanishes, the limit direction or chord is used
    /// (``PathSegment/direction(at:)``). At a corner the angle belongs to the segment that ends
    /// there. `nil` for a path with no segments.
    public func tangentAngle(atLength distance: Double) -> Double? {
        guard let (segment, s) = locate(distance) else { return nil }
        return segment.direction(at: s).angle
    }

    /// The segment and curve parameter `distance` points along the path.
    func locate(_ distance: Double) -> (PathSegment, Double)? {
        let all = segments
        guard let first = all.first else { return nil }
        let d = distance.isNaN ? 0 : distance
        guard d > 0 else { return (first, 0) }
        var accumulated = 0.0
        var last = first
        for segment in all {
            let l = segment.length
            if d <= accumulated + l && l > 0 {
                return (segment, segment.parameter(atLength: d - accumulated))
            }
            accumulated += l
            if l > 0 { last = segment }
        }
        return (last, 1)
    }
}
