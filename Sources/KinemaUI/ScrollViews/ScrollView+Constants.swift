extension ScrollView {
    /// The rubber band's coefficient: past an edge, the content first follows 55 % of the
    /// finger's motion, then less and less, never getting a view's size past the edge. UIKit does
    /// not publish its constant; 0.55 is the one UIKit-like scroll views use (attributed to Grant
    /// Paul; `b3ll/Motion`, `ktiays/fluid-scroll`).
    public static let rubberBandCoefficient = 0.55

    /// The response of the critically damped spring that brings the content back to an edge or
    /// onto a page, seconds (its natural frequency is `2π/0.575` ≈ 10.93 rad/s). UIKit does not
    /// publish its spring; this is `ktiays/fluid-scroll`'s spring-back.
    public static let springResponse = 0.575

    /// How close to its resting offset a motion must be to stop there, points: a deceleration
    /// stops once less than this is left of its glide (at `.normal` that is when it slows below
    /// 1 point per second), a spring once it is this close and slower than ``restingSpeed``. The
    /// offset then lands on the resting value exactly.
    public static let restingDistance = 0.5

    /// The speed below which a spring that is within ``restingDistance`` of its target stops,
    /// points per second (POP's threshold for points).
    public static let restingSpeed = 5.0

    /// How long a touch-down in the content waits before reaching it when
    /// ``delaysContentTouches`` is set, seconds (UIKit's documented 150 ms).
    public static let contentTouchDelay = 0.15

    /// How much more a drag must move along one axis than along the other to be locked to it
    /// when ``isDirectionalLockEnabled`` is set: 2, about 26.6° from the axis. UIKit does not
    /// publish its angle.
    public static let directionalLockRatio = 2.0

    /// The duration of ``setContentOffset(_:animated:)``, ``setZoomScale(_:animated:)`` and
    /// ``zoom(to:animated:)`` animations, and of a pinch's bounce back inside the zoom limits,
    /// seconds, eased in and out. UIKit does not publish its duration.
    public static let animationDuration = 0.3

    /// How long the indicators stay after scrolling stops, seconds, before fading.
    public static let indicatorFadeDelay = 0.5

    /// How long the indicators take to fade out, seconds (linearly).
    public static let indicatorFadeDuration = 0.3

    /// The thickness of an indicator, points.
    public static let indicatorThickness = 3.0

    /// The distance between an indicator and the edges of the view (inside the safe area), points.
    public static let indicatorMargin = 3.0

    /// The shortest an indicator gets while the content is inside its edges, points; pulled past
    /// an edge it shrinks further, down to its thickness.
    public static let indicatorMinimumLength = 36.0
}
