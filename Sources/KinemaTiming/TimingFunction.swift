import Foundation

/// A cubic Bézier pacing curve from (0, 0) to (1, 1). Mirrors `CAMediaTimingFunction`.
///
/// The curve's points are `[(0,0), c1, c2, (1,1)]`. The function maps input progress `x` to output
/// progress `y`: it finds the curve parameter `t` with `X(t) = x`, then returns `Y(t)`.
///
/// ```swift
/// let curve = TimingFunction.easeInEaseOut
/// curve.evaluate(0.25)    // 0.129162…
/// curve.evaluate(1.5)     // 1 (input is clamped, as Core Animation does)
/// curve.solve(1.5)        // 1 + endGradient · 0.5 (extrapolated, as WebKit does)
/// ```
///
/// The solver is the one WebKit uses for CSS (and Core Animation-compatible) curves: the initial
/// guess comes from eleven samples of `X` at `t = 0, 0.1, …, 1`, then up to four Newton steps, then
/// bisection inside the sample interval, to a tolerance of 1e-7 in `x`. Output may leave `[0, 1]`
/// when `c1.y` or `c2.y` do (overshoot).
///
/// Apple stores the control points as `Float`; Kinema keeps `Double`, so values can differ from
/// Apple's in the sixth decimal (at most 4e-6 on the reference curves).
public struct TimingFunction: Hashable, Sendable {
    /// The first control point (x in `[0, 1]`).
    public let c1: (x: Double, y: Double)
    /// The second control point (x in `[0, 1]`).
    public let c2: (x: Double, y: Double)

    /// The default tolerance in `x` used by ``evaluate(_:)`` and ``solve(_:epsilon:)``.
    public static let defaultEpsilon = 1e-7

    /// Creates a curve with control points `(c1x, c1y)` and `(c2x, c2y)`.
    ///
    /// Mirrors `init(controlPoints:_:_:_:)`. The x values must lie in `[0, 1]` and every value must
    /// be finite; this initialiser does not check. Use ``validated(_:_:_:_:)`` for user input.
    public init(controlPoints c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        c1 = (c1x, c1y)
        c2 = (c2x, c2y)
    }

    /// Creates a curve after checking its control points.
    ///
    /// - Throws: ``TimingParameterError`` naming the first bad value (`c1x`, `c1y`, `c2x` or `c2y`):
    ///   the x values must be finite and in `[0, 1]` (so that the curve is a function of time),
    ///   the y values finite and in `[−1e300, 1e300]` (so that the curve's polynomial coefficients,
    ///   up to 9 times a y value, stay finite; overshooting curves use y values of a few units).
    public static func validated(
        _ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double
    ) throws -> TimingFunction {
        let unit = "a finite number in [0, 1]"
        for (field, value) in [("c1x", c1x), ("c2x", c2x)] where !(value >= 0 && value <= 1) {
            throw TimingParameterError(field: field, expected: unit + " (a control point's x)", actual: value)
        }
        for (field, value) in [("c1y", c1y), ("c2y", c2y)] where !value.isFinite {
            throw TimingParameterError(field: field, expected: "a finite number (a control point's y)", actual: value)
        }
        for (field, value) in [("c1y", c1y), ("c2y", c2y)] where abs(value) > 1e300 {
            throw TimingParameterError(field: field, expected: "a number in [-1e300, 1e300] (a control point's y)", actual: value)
        }
        return TimingFunction(controlPoints: c1x, c1y, c2x, c2y)
    }

    public static func == (l: TimingFunction, r: TimingFunction) -> Bool {
        l.c1 == r.c1 && l.c2 == r.c2
    }

    public func hash(into h: inout Hasher) {
        h.combine(c1.x); h.combine(c1.y); h.combine(c2.x); h.combine(c2.y)
    }

    /// The four points of the curve, as `getControlPoint(at:)`: 0 → (0,0), 1 → c1, 2 → c2, 3 → (1,1).
    /// Indices above 3 return (1, 1) and below 0 return (0, 0).
    public func controlPoint(at index: Int) -> (x: Double, y: Double) {
        switch index {
        case ...0: (0, 0)
        case 1: c1
        case 2: c2
        default: (1, 1)
        }
    }

    /// The output progress for input progress `x`, with input clamped to `[0, 1]` as Apple does.
    ///
    /// `evaluate(0)` is exactly 0 and `evaluate(1)` exactly 1; so is any input below 0 or above 1
    /// (and NaN, which reads as 0). This is what the animation engine calls.
    public func evaluate(_ x: Double) -> Double {
        if !(x > 0) { return 0 }
        if x >= 1 { return 1 }
        if isLinear { return x }
        let curve = Polynomial(self)
        return curve.sampleY(curve.solveCurveX(x, epsilon: Self.defaultEpsilon))
    }

    /// The output progress for input progress `x`, extrapolating outside `[0, 1]` as WebKit does.
    ///
    /// Inside `[0, 1]` this is ``evaluate(_:)`` solved to `epsilon` (a tolerance in `x`; values that
    /// are not positive and finite mean ``defaultEpsilon``). Outside, the curve continues as a
    /// straight line with the slope it has at the nearer end:
    /// `y = startGradient · x` for `x < 0` and `y = 1 + endGradient · (x − 1)` for `x > 1`, where
    /// the start gradient is `c1.y / c1.x` (or, when `c1.x == 0`, the slope towards `c2`) and the
    /// end gradient `(c2.y − 1) / (c2.x − 1)` (or, when `c2.x == 1`, the slope from `c1`).
    /// Core Animation clamps instead; this is WebKit's `UnitBezier::solve`.
    public func solve(_ x: Double, epsilon: Double = TimingFunction.defaultEpsilon) -> Double {
        if x < 0 { return startGradient * x }
        if x > 1 { return 1 + endGradient * (x - 1) }
        if x == 0 { return 0 }
        if x == 1 { return 1 }
        if x.isNaN { return x }
        let eps = epsilon > 0 && epsilon.isFinite ? epsilon : Self.defaultEpsilon
        let curve = Polynomial(self)
        return curve.sampleY(curve.solveCurveX(x, epsilon: eps))
    }

    private var isLinear: Bool { c1.x == c1.y && c2.x == c2.y }

    /// The slope dy/dx of the curve at x = 0, for extrapolation.
    private var startGradient: Double {
        if c1.x > 0 { return c1.y / c1.x }
        if c1.y == 0 && c2.x > 0 { return c2.y / c2.x }
        if c1.y == 0 && c2.y == 0 { return 1 }
        return 0
    }

    /// The slope dy/dx of the curve at x = 1, for extrapolation.
    private var endGradient: Double {
        if c2.x < 1 { return (c2.y - 1) / (c2.x - 1) }
        if c2.y == 1 && c1.x < 1 { return (c1.y - 1) / (c1.x - 1) }
        if c2.y == 1 && c1.y == 1 { return 1 }
        return 0
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

extension TimingFunction {
    /// The curve as polynomials in its parameter `t`: X(t) = ((ax·t + bx)·t + cx)·t, Y likewise.
    /// Computed from the control points for each solve (a dozen operations, against the eleven
    /// samples and Newton steps of the solve), so that a curve is its four numbers: 32 bytes in
    /// every animation and animation program that holds one, instead of 96.
    fileprivate struct Polynomial {
        let ax, bx, cx, ay, by, cy: Double

        init(_ curve: TimingFunction) {
            cx = 3 * curve.c1.x
            bx = 3 * (curve.c2.x - curve.c1.x) - cx
            ax = 1 - cx - bx
            cy = 3 * curve.c1.y
            by = 3 * (curve.c2.y - curve.c1.y) - cy
            ay = 1 - cy - by
        }

        func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
        func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
        func sampleDerivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

        /// Solves `X(t) = x` for `t` in `[0, 1]` (`x` in `[0, 1]`): a guess interpolated between the
        /// two samples around `x`, up to four Newton steps, then bisection inside that sample interval.
        func solveCurveX(_ x: Double, epsilon: Double) -> Double {
            var t0 = 0.0
            var t1 = 1.0
            var t2 = x
            // X sampled at t = 0, 0.1, …, 1 (computed as needed, so the curve holds no array).
            var previous = sampleX(0)
            for i in 1...10 {
                let sample = sampleX(Double(i) / 10)
                if x <= sample {
                    t1 = Double(i) / 10
                    t0 = t1 - 0.1
                    let span = sample - previous
                    t2 = span > 0 ? t0 + 0.1 * (x - previous) / span : t0
                    break
                }
                previous = sample
            }
            let newtonEpsilon = min(TimingFunction.defaultEpsilon, epsilon)
            var x2 = 0.0
            for _ in 0..<4 {
                x2 = sampleX(t2) - x
                if abs(x2) < newtonEpsilon { return t2 }
                let d2 = sampleDerivativeX(t2)
                if abs(d2) < 1e-7 { break }
                t2 -= x2 / d2
            }
            if abs(x2) < epsilon, t2 >= t0, t2 <= t1 { return t2 }
            // X is non-decreasing on [0, 1] when the control x values are in [0, 1], so the sample
            // interval brackets the solution. 64 halvings reach the resolution of a Double.
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
    }
}
