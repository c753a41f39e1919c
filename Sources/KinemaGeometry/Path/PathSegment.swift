import Foundation

/// One drawable piece of a ``Path``: a line, quadratic or cubic Bézier, or the line that a
/// `closeSubpath` draws back to the subpath's start.
///
/// A keyframe animation along a path uses one segment per element other than `moveTo` (as
/// `CAKeyframeAnimation.path` documents): ``point(at:)`` evaluates the curve at its *parameter*
/// `s`, not at arc length. Every segment is evaluated as the cubic Bézier with the same
/// parameterization (lines and quadratics are degree-elevated exactly), so ``point(at:)``,
/// ``derivative(at:)`` and ``length`` agree across element kinds.
public struct PathSegment: Hashable, Sendable {
    /// Where the segment starts: the current point before the element, in points.
    public let start: Point
    /// The element that draws this segment (never ``PathElement/moveTo(_:)``).
    public let element: PathElement
    /// Where the segment ends, in points: the element's end point, or for
    /// ``PathElement/closeSubpath`` the start of the subpath.
    public let end: Point

    /// The cubic control polygon equivalent to the segment.
    let c0: Point, c1: Point, c2: Point, c3: Point

    /// Creates the segment drawn by `element` from `start`. For ``PathElement/closeSubpath``,
    /// `subpathStart` is where the closing line ends. Returns `nil` for
    /// ``PathElement/moveTo(_:)``, which draws nothing.
    public init?(start: Point, element: PathElement, subpathStart: Point = .zero) {
        self.start = start
        self.element = element
        switch element {
        case .moveTo:
            return nil
        case .lineTo(let p):
            end = p
            (c0, c1, c2, c3) = (start, lerp(start, p, 1.0 / 3.0), lerp(start, p, 2.0 / 3.0), p)
        case .closeSubpath:
            end = subpathStart
            (c0, c1, c2, c3) = (start, lerp(start, subpathStart, 1.0 / 3.0), lerp(start, subpathStart, 2.0 / 3.0), subpathStart)
        case .quadCurveTo(let p, let c):
            end = p
            (c0, c1, c2, c3) = (start, lerp(start, c, 2.0 / 3.0), lerp(p, c, 2.0 / 3.0), p)
        case .curveTo(let p, let k1, let k2):
            end = p
            (c0, c1, c2, c3) = (start, k1, k2, p)
        }
    }

    /// Whether the segment is a straight line (``PathElement/lineTo(_:)`` or
    /// ``PathElement/closeSubpath``).
    public var isLine: Bool {
        switch element {
        case .lineTo, .closeSubpath: return true
        default: return false
        }
    }

    /// The Bézier control points: start, the element's controls, end.
    public var controlPoints: [Point] {
        switch element {
        case .quadCurveTo(_, let c): return [start, c, end]
        case .curveTo(_, let k1, let k2): return [start, k1, k2, end]
        default: return [start, end]
        }
    }

    /// The point at curve parameter `s` (0 at ``start``, 1 at ``end``), in points.
    /// `s` is clamped to `0…1`; NaN counts as 0.
    public func point(at s: Double) -> Point {
        let t = clamp(s, 0, 1)
        if isLine { return lerp(start, end, t) }
        let u = 1 - t
        let b0 = u * u * u, b1 = 3 * u * u * t, b2 = 3 * u * t * t, b3 = t * t * t
        return Point(
            x: b0 * c0.x + b1 * c1.x + b2 * c2.x + b3 * c3.x,
            y: b0 * c0.y + b1 * c1.y + b2 * c2.y + b3 * c3.y)
    }

    /// The derivative `dB/ds` at parameter `s` (clamped to `0…1`, NaN counts as 0), in points
    /// per unit parameter. It is zero where a control point coincides with an end point.
    public func derivative(at s: Double) -> Vector {
        let t = clamp(s, 0, 1)
        if isLine { return Vector(from: start, to: end) }
        let u = 1 - t
        let w0 = 3 * u * u, w1 = 6 * u * t, w2 = 3 * t * t
        return Vector(
            dx: w0 * (c1.x - c0.x) + w1 * (c2.x - c1.x) + w2 * (c3.x - c2.x),
            dy: w0 * (c1.y - c0.y) + w1 * (c2.y - c1.y) + w2 * (c3.y - c2.y))
    }

    /// The unit direction of motion at parameter `s`.
    ///
    /// Where the derivative vanishes (a control point on an end point, or a zero-length segment) we
    /// use the limit direction (Kinema's choice; Apple does not say): at the start, the first
    /// non-zero of `P1 − P0`, `P2 − P0`, `P3 − P0`; at the end, of `P3 − P2`, `P3 − P1`, `P3 − P0`;
    /// at an interior cusp, the chord. A segment of zero length has the zero direction.
    public func direction(at s: Double) -> Vector {
        let d = derivative(at: s)
        if d.length > degenerateLength { return d.normalized }
        let t = clamp(s, 0, 1)
        let candidates: [Vector]
        if t < 1e-6 {
            candidates = [Vector(from: c0, to: c1), Vector(from: c0, to: c2), Vector(from: c0, to: c3)]
        } else if t > 1 - 1e-6 {
            candidates = [Vector(from: c2, to: c3), Vector(from: c1, to: c3), Vector(from: c0, to: c3)]
        } else {
            candidates = [Vector(from: c0, to: c3)]
        }
        return candidates.first { $0.length > degenerateLength }?.normalized ?? .zero
    }

    /// Below this, a derivative or difference counts as zero: a tiny fraction of the segment's size.
    private var degenerateLength: Double {
        let extent = max(abs(c0.x), abs(c0.y), abs(c1.x), abs(c1.y), abs(c2.x), abs(c2.y), abs(c3.x), abs(c3.y))
        return 1e-12 * max(1, extent)
    }

    /// The arc length, in points (adaptive Gauss–Legendre quadrature, relative error about
    /// 1e-10).
    public var length: Double { length(upTo: 1) }

    /// The arc length from parameter 0 to `s` (clamped to `0…1`), in points.
    public func length(upTo s: Double) -> Double {
        let t = clamp(s, 0, 1)
        guard t > 0 else { return 0 }
        if isLine { return Vector(from: start, to: end).length * t }
        return integrateSpeed(0, t, depth: 0, whole: gauss(0, t))
    }

    /// The parameter at which the arc length from the start equals `distance` points
    /// (clamped to the segment; NaN counts as 0).
    public func parameter(atLength distance: Double) -> Double {
        let total = length
        guard distance > 0, total > 0 else { return 0 }
        guard distance < total else { return 1 }
        if isLine { return distance / total }
        var lo = 0.0, hi = 1.0
        var t = distance / total
        for _ in 0..<100 {
            let f = length(upTo: t) - distance
            if abs(f) <= 1e-12 * max(1, total) { break }
            if f > 0 { hi = t } else { lo = t }
            let speed = derivative(at: t).length
            var next = t - f / speed
            if !(speed > 0) || !(next > lo && next < hi) { next = (lo + hi) / 2 }
            if next == t { break }
            t = next
        }
        return t
    }

    // MARK: - Quadrature

    /// Five-point Gauss–Legendre nodes on `−1…1` and their weights.
    private static let gaussNodes: [(x: Double, w: Double)] = {
        let a = (5 - 2 * (10.0 / 7).squareRoot()).squareRoot() / 3
        let b = (5 + 2 * (10.0 / 7).squareRoot()).squareRoot() / 3
        let wa = (322 + 13 * 70.0.squareRoot()) / 900
        let wb = (322 - 13 * 70.0.squareRoot()) / 900
        return [(0, 128.0 / 225), (-a, wa), (a, wa), (-b, wb), (b, wb)]
    }()

    private func gauss(_ a: Double, _ b: Double) -> Double {
        let half = (b - a) / 2
        let mid = (a + b) / 2
        var sum = 0.0
        for n in Self.gaussNodes { sum += n.w * derivative(at: mid + half * n.x).length }
        return sum * half
    }

    private func integrateSpeed(_ a: Double, _ b: Double, depth: Int, whole: Double) -> Double {
        let m = (a + b) / 2
        let left = gauss(a, m)
        let right = gauss(m, b)
        let refined = left + right
        if depth >= 18 || abs(refined - whole) <= 1e-11 * max(1, abs(refined)) { return refined }
        return integrateSpeed(a, m, depth: depth + 1, whole: left) + integrateSpeed(m, b, depth: depth + 1, whole: right)
    }
}
