import Foundation

/// A cubic Bézier pacing curve from (0, 0) to (1, 1). Mirrors `CAMediaTimingFunction`.
///
/// The curve's points are `[(0,0), c1, c2, (1,1)]`. ``evaluate(_:)`` maps input progress `x`
/// to output progress `y` by solving `X(t) = x` for the curve parameter (Newton, then bisection,
/// to 1e-7) and returning `Y(t)`. Output may leave `[0, 1]` when the control points do.
public struct TimingFunction: Hashable, Sendable {
    /// The first control point (x in `[0, 1]`).
    public let c1: (x: Double, y: Double)
    /// The second control point (x in `[0, 1]`).
    public let c2: (x: Double, y: Double)

    // Polynomial coefficients: X(t) = ((ax·t + bx)·t + cx)·t, Y likewise.
    private let ax, bx, cx, ay, by, cy: Double
    private let samples: [Double]

    /// Creates a curve with control points `(c1x, c1y)` and `(c2x, c2y)`.
    /// `init(controlPoints:_:_:_:)` in Core Animation. The x values must lie in `[0, 1]`;
    /// use ``validated(_:_:_:_:)`` to check user input.
    public init(controlPoints c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        c1 = (c1x, c1y)
        c2 = (c2x, c2y)
        cx = 3 * c1x
        bx = 3 * (c2x - c1x) - cx
        ax = 1 - cx - bx
        cy = 3 * c1y
        by = 3 * (c2y - c1y) - cy
        ay = 1 - cy - by
        let (a, b, c) = (ax, bx, cx)
        samples = (0...10).map { i in
            let t = Double(i) / 10
            return ((a * t + b) * t + c) * t
        }
    }

    public static func == (l: TimingFunction, r: TimingFunction) -> Bool {
        l.c1 == r.c1 && l.c2 == r.c2
    }

    public func hash(into h: inout Hasher) {
        h.combine(c1.x); h.combine(c1.y); h.combine(c2.x); h.combine(c2.y)
    }

    /// The four points of the curve, as `getControlPoint(at:)`: 0 → (0,0), 1 → c1, 2 → c2, 3 → (1,1).
    public func controlPoint(at index: Int) -> (x: Double, y: Double) {
        switch index {
        case 0: (0, 0)
        case 1: c1
        case 2: c2
        default: (1, 1)
        }
    }

    /// The output progress for input progress `x`. Input outside `[0, 1]` is clamped, as Apple does.
    public func evaluate(_ x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if isLinear { return x }
        let t = solveCurveX(x, epsilon: 1e-7)
        return ((ay * t + by) * t + cy) * t
    }

    private var isLinear: Bool { c1.x == c1.y && c2.x == c2.y }

    private func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    private func sampleDerivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// Solves `X(t) = x` for `t` in `[0, 1]`: a spline-sample guess, four Newton steps, then bisection.
    func solveCurveX(_ x: Double, epsilon: Double) -> Double {
        var t0 = 0.0
        var t1 = 1.0
        var t2 = x
        for i in 1...10 where x <= samples[i] {
            t1 = Double(i) / 10
            t0 = t1 - 0.1
            let span = samples[i] - samples[i - 1]
            t2 = span > 0 ? t0 + 0.1 * (x - samples[i - 1]) / span : t0
            break
        }
        var x2 = 0.0
        for _ in 0..<4 {
            x2 = sampleX(t2) - x
            if abs(x2) < epsilon { return t2 }
            let d2 = sampleDerivativeX(t2)
            if abs(d2) < 1e-7 { break }
            t2 -= x2 / d2
        }
        if abs(x2) < epsilon, t2 >= 0, t2 <= 1 { return t2 }
        var lo = t0
        var hi = t1
        t2 = (lo + hi) / 2
        for _ in 0..<64 {
            let v = sampleX(t2)
            if abs(v - x) < epsilon { break }
            if v < x { lo = t2 } else { hi = t2 }
            t2 = (lo + hi) / 2
        }
        return t2
    }

    /// Linear pacing (0, 0, 1, 1); what a `nil` timing function means.
    public static let linear = TimingFunction(controlPoints: 0, 0, 1, 1)
    /// Ease in (0.42, 0, 1, 1).
    public static let easeIn = TimingFunction(controlPoints: 0.42, 0, 1, 1)
    /// Ease out (0, 0, 0.58, 1).
    public static let easeOut = TimingFunction(controlPoints: 0, 0, 0.58, 1)
    /// Ease in and out (0.42, 0, 0.58, 1); UIKit's default view-animation curve.
    public static let easeInEaseOut = TimingFunction(controlPoints: 0.42, 0, 0.58, 1)
    /// The system default (0.25, 0.1, 0.25, 1), used by implicit layer actions.
    public static let `default` = TimingFunction(controlPoints: 0.25, 0.1, 0.25, 1)
}

extension TimingFunction {
    /// The names of the built-in curves, as `CAMediaTimingFunctionName`.
    public enum Name: String, Sendable, CaseIterable, Codable {
        case linear, easeIn, easeOut, easeInEaseOut, `default`
    }

    /// The built-in curve with `name`.
    public init(name: Name) {
        switch name {
        case .linear: self = .linear
        case .easeIn: self = .easeIn
        case .easeOut: self = .easeOut
        case .easeInEaseOut: self = .easeInEaseOut
        case .default: self = .default
        }
    }

    /// The name of this curve when it is one of the built-in ones.
    public var name: Name? {
        Name.allCases.first { TimingFunction(name: $0) == self }
    }
}
