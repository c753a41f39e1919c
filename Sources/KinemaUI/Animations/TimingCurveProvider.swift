/// The kind of timing a ``TimingCurveProvider`` supplies. Mirrors `UITimingCurveType`, with
/// UIKit's raw values.
public enum TimingCurveType: Int, Sendable, Hashable, CaseIterable {
    /// One of UIKit's standard curves, given as ``CubicTimingParameters``.
    case builtin = 0
    /// A custom cubic Bézier curve in ``TimingCurveProvider/cubicTimingParameters``.
    case cubic = 1
    /// A spring in ``TimingCurveProvider/springTimingParameters``.
    case spring = 2
    /// Both a curve and a spring. Kinema uses the spring and ignores the curve (see
    /// `DifferencesFromApple`).
    case composed = 3
}

/// Supplies the timing of a ``ViewPropertyAnimator``: a cubic curve, a spring, or both. Mirrors
/// `UITimingCurveProvider`.
///
/// ``CubicTimingParameters`` and ``SpringTimingParameters`` conform; so can your own types. An
/// animator reads the provider once, when it is created or continued: a ``TimingCurveType/spring``
/// or ``TimingCurveType/composed`` provider without spring parameters gets
/// `SpringTimingParameters()`, and a ``TimingCurveType/builtin`` or ``TimingCurveType/cubic``
/// one without cubic parameters gets `CubicTimingParameters()`.
public protocol TimingCurveProvider: Sendable {
    /// Which of the parameters below apply. Mirrors `UITimingCurveProvider.timingCurveType`.
    var timingCurveType: TimingCurveType { get }
    /// The cubic curve, for ``TimingCurveType/builtin``, ``TimingCurveType/cubic`` and
    /// ``TimingCurveType/composed``. Mirrors `UITimingCurveProvider.cubicTimingParameters`.
    var cubicTimingParameters: CubicTimingParameters? { get }
    /// The spring, for ``TimingCurveType/spring`` and ``TimingCurveType/composed``. Mirrors
    /// `UITimingCurveProvider.springTimingParameters`.
    var springTimingParameters: SpringTimingParameters? { get }
}
