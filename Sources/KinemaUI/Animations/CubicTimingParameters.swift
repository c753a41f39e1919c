import KinemaGeometry
import KinemaTiming

/// Timing for a ``ViewPropertyAnimator`` as a cubic Bézier curve from (0, 0) to (1, 1). Mirrors
/// `UICubicTimingParameters`.
///
/// ```swift
/// let easeOut = CubicTimingParameters(animationCurve: .easeOut)
/// let custom = CubicTimingParameters(controlPoint1: Point(x: 0.2, y: 0.9), controlPoint2: Point(x: 0.3, y: 1))
/// let animator = ViewPropertyAnimator(duration: 0.4, timingParameters: custom)
/// ```
///
/// A value type (UIKit's is a class): copying it copies the curve.
public struct CubicTimingParameters: TimingCurveProvider, Hashable {
    /// The standard curve the parameters were made from. For parameters made from control points
    /// it is the standard curve with exactly those points, or ``ViewAnimationCurve/easeInOut``
    /// when none has them (UIKit leaves it undefined). Mirrors
    /// `UICubicTimingParameters.animationCurve`.
    public let animationCurve: ViewAnimationCurve
    /// The first control point, in unit coordinates. Parameters made from a standard curve report
    /// that curve's point (UIKit reports `.zero`). Mirrors `UICubicTimingParameters.controlPoint1`.
    public let controlPoint1: Point
    /// The second control point, in unit coordinates. Parameters made from a standard curve
    /// report that curve's point (UIKit reports `.zero`). Mirrors
    /// `UICubicTimingParameters.controlPoint2`.
    public let controlPoint2: Point
    /// Whether the parameters name a standard curve (``TimingCurveType/builtin``).
    private let isBuiltin: Bool

    /// Core Animation's default curve, control points (0.25, 0.1) and (0.25, 1). Mirrors
    /// `UICubicTimingParameters()`.
    public init() {
        let curve = TimingFunction.default
        animationCurve = .easeInOut
        controlPoint1 = Point(x: curve.c1.x, y: curve.c1.y)
        controlPoint2 = Point(x: curve.c2.x, y: curve.c2.y)
        isBuiltin = true
    }

    /// One of the four standard curves. Mirrors `UICubicTimingParameters(animationCurve:)`.
    public init(animationCurve curve: ViewAnimationCurve) {
        let function = curve.timingFunction
        animationCurve = curve
        controlPoint1 = Point(x: function.c1.x, y: function.c1.y)
        controlPoint2 = Point(x: function.c2.x, y: function.c2.y)
        isBuiltin = true
    }

    /// A custom curve through `point1` and `point2` (unit coordinates). Mirrors
    /// `UICubicTimingParameters(controlPoint1:controlPoint2:)`.
    ///
    /// The x values are clamped to `[0, 1]` so that the curve is a function of time; y values may
    /// leave `[0, 1]` (the curve then overshoots). A point with a coordinate that is not finite is
    /// replaced by the matching point of Core Animation's default curve. UIKit documents both
    /// coordinates in `[0, 1]` and does not say what happens otherwise.
    public init(controlPoint1 point1: Point, controlPoint2 point2: Point) {
        let fallback = TimingFunction.default
        func sanitized(_ p: Point, _ defaultPoint: (x: Double, y: Double)) -> Point {
            guard p.isFinite else { return Point(x: defaultPoint.x, y: defaultPoint.y) }
            return Point(x: min(max(p.x, 0), 1), y: p.y)
        }
        let c1 = sanitized(point1, fallback.c1)
        let c2 = sanitized(point2, fallback.c2)
        controlPoint1 = c1
        controlPoint2 = c2
        isBuiltin = false
        let function = TimingFunction(controlPoints: c1.x, c1.y, c2.x, c2.y)
        animationCurve = ViewAnimationCurve.allCases.first { $0.timingFunction == function } ?? .easeInOut
    }

    /// The curve as a `TimingFunction`.
    public var timingFunction: TimingFunction {
        TimingFunction(controlPoints: controlPoint1.x, controlPoint1.y, controlPoint2.x, controlPoint2.y)
    }

    /// ``TimingCurveType/builtin`` for the default and the standard curves,
    /// ``TimingCurveType/cubic`` for control points.
    public var timingCurveType: TimingCurveType { isBuiltin ? .builtin : .cubic }
    /// The parameters themselves.
    public var cubicTimingParameters: CubicTimingParameters? { self }
    /// `nil`: a curve has no spring.
    public var springTimingParameters: SpringTimingParameters? { nil }
}
