import Foundation

// The other ways Apple's frameworks describe a spring, mapped to mass, stiffness and damping.
// UIKit's duration and damping ratio (Framer's published algorithm, as UIKit's own is private) and
// SwiftUI's / iOS 17's perceptual duration and bounce; docs/animation-notes.md has the formulas
// and where they come from.

extension Spring {
    /// Creates a spring from a perceptual duration and a bounce, with mass 1.
    ///
    /// Mirrors `CASpringAnimation(perceptualDuration:bounce:)` and SwiftUI's
    /// `Spring(duration:bounce:)`:
    /// `stiffness = (2π / duration)²`, `damping = 4π·ζ / duration`, where the damping ratio is
    /// `ζ = 1 − bounce` for `bounce ≥ 0` and `ζ = 1 / (1 + bounce)` for `bounce < 0`.
    /// ``allowsOverdamping`` is `true`, so negative bounces really over-damp.
    ///
    /// - Parameters:
    ///   - perceptualDuration: the pace of the spring, seconds, > 0: about the settling time, or the
    ///     period of one oscillation for very bouncy springs. Values that are not positive and
    ///     finite are replaced by 0.5 (SwiftUI's default); other values are clamped to
    ///     `[1e-150, 1e150]` s, so that the stiffness `(2π / duration)²` stays finite and > 0.
    ///   - bounce: 0 is critically damped, 1 undamped, negative values over-damp. Clamped to
    ///     `[−0.999, 1]` so that the damping stays finite and non-negative; NaN reads as 0.
    public init(perceptualDuration: TimeInterval, bounce: Double) {
        let duration =
            perceptualDuration > 0 && perceptualDuration.isFinite ? Spring.clampedDuration(perceptualDuration) : 0.5
        let bounce = bounce.isNaN ? 0 : min(max(bounce, -0.999), 1)
        let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        self.init(
            mass: 1, stiffness: pow(2 * .pi / duration, 2), damping: 4 * .pi * zeta / duration,
            initialVelocity: 0, allowsOverdamping: true)
    }

    /// Creates a spring from SwiftUI's response and damping ratio, with mass 1.
    ///
    /// Mirrors `Spring(response:dampingRatio:)` and `.spring(response:dampingFraction:)`: the same
    /// mapping as ``init(perceptualDuration:bounce:)`` with `response` as the duration:
    /// `stiffness = (2π / response)²`, `damping = 4π·dampingRatio / response`.
    /// ``allowsOverdamping`` is `true`, as SwiftUI over-damps ratios above 1.
    ///
    /// - Parameters:
    ///   - response: the period of the undamped spring, seconds, > 0. Values that are not positive
    ///     and finite are replaced by 0.55 (SwiftUI's pre-iOS 17 default); other values are
    ///     clamped to `[1e-150, 1e150]` s, so that the stiffness `(2π / response)²` stays finite
    ///     and > 0.
    ///   - dampingRatio: ζ, ≥ 0. Negative values and NaN read as 0 (undamped); values above 1e6,
    ///     and `.infinity`, read as 1e6, so that the damping `4π·ζ / response` stays finite.
    public init(response: TimeInterval, dampingRatio: Double) {
        let response = response > 0 && response.isFinite ? Spring.clampedDuration(response) : 0.55
        let zeta = dampingRatio > 0 ? min(dampingRatio, 1e6) : 0
        self.init(
            mass: 1, stiffness: pow(2 * .pi / response, 2), damping: 4 * .pi * zeta / response,
            initialVelocity: 0, allowsOverdamping: true)
    }

    /// A positive perceptual duration or response, seconds, clamped to `[1e-150, 1e150]` for
    /// ``init(perceptualDuration:bounce:)`` and ``init(response:dampingRatio:)``: the stiffness
    /// `(2π / duration)²` overflows below about 4.7e-154 s and underflows to 0 above about
    /// 2.8e162 s.
    private static func clampedDuration(_ duration: TimeInterval) -> TimeInterval {
        min(max(duration, 1e-150), 1e150)
    }

    /// The perceptual duration, seconds: `2π / sqrt(k/m)`, the period of the undamped spring.
    ///
    /// The inverse of ``init(perceptualDuration:bounce:)`` (mass included).
    /// Mirrors `CASpringAnimation.perceptualDuration`.
    public var perceptualDuration: TimeInterval { 2 * .pi / naturalFrequency }

    /// The bounce: `1 − ζ` when the damping ratio ζ ≤ 1, else `1/ζ − 1` (negative, over-damped).
    ///
    /// 0 is critically damped, positive values bounce (1 is undamped), negative values over-damp.
    /// Reads the spring's own damping ratio, whatever ``allowsOverdamping`` says.
    /// Mirrors `CASpringAnimation.bounce`.
    public var bounce: Double {
        let zeta = dampingRatio
        return zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    }

    /// SwiftUI's settling duration, seconds (target 1, tolerance 0.001); *not* Core Animation's.
    ///
    /// For damping ratio ζ < 1 SwiftUI uses `ln((|λ − v0| + 1) / 0.001) / λ` with `λ = c / 2m`,
    /// which differs from ``settlingDuration`` (Core Animation's `ln((1 + |B|) / 0.001) / λ`).
    /// Use this one only to reproduce SwiftUI's `Spring.settlingDuration`.
    /// For ζ ≥ 1 SwiftUI's rule is not published; Kinema returns the last time at which the
    /// displacement is at least 0.001, as ``settlingDuration`` does. Damping 0 gives `.infinity`.
    public var swiftUISettlingDuration: TimeInterval {
        let zeta = dampingRatio
        guard zeta < 1 else { return settlingDuration }
        let lambda = damping / (2 * mass)
        guard lambda > 0 else { return .infinity }
        return log((abs(lambda - initialVelocity) + 1) / 0.001) / lambda
    }

    /// The spring UIKit builds for
    /// `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:…)`.
    ///
    /// UIKit does not publish its mapping. Kinema uses the one Framer published (and reports as
    /// iOS's): mass 1, `initialVelocity = initialVelocity` unchanged, and the natural frequency ω0
    /// chosen so that the decay envelope of the motion has fallen to 0.001 at `duration`:
    ///
    /// ```
    /// ζ < 1:  ((ζ·ω0 − v) / (ω0·sqrt(1 − ζ²)))·e^(−ζ·ω0·D) = 0.001
    /// ζ = 1:  ((ω0 − v)·D + 1)·e^(−ω0·D)                   = 0.001
    /// stiffness = ω0²,  damping = 2·ζ·ω0
    /// ```
    ///
    /// The left-hand sides fall as ω0 grows beyond their peak (ω0 = 0 when `v ≤ 0`); Kinema takes the
    /// root on that falling side (the only root when `v ≤ 0`), found by Newton steps from
    /// `ω0 = 5 / D` kept inside a bracket by bisection, so it always converges to that root and
    /// gives the same bits on every run. When even the peak is below 0.001 (the envelope is already
    /// small at `D` for any stiffness: nearly undamped springs with `v = 0`, or very fast initial
    /// velocities), there is no root; Kinema then uses the peak's ω0, or `5 / D` when the peak is at 0.
    ///
    /// - Parameters:
    ///   - duration: seconds; clamped to `[0.01, 10]` (NaN reads as 0.01).
    ///   - dampingRatio: clamped to `[1e-6, 1]`; 1 is critical damping (NaN reads as 1).
    ///   - initialVelocity: progress per second (1 = the whole distance in one second); NaN and
    ///     infinities read as 0, and other values are clamped to `[−1e100, 1e100]` (much faster
    ///     positive velocities need a natural frequency whose square, the stiffness, overflows).
    public static func uiViewSpring(
        duration: TimeInterval, dampingRatio: Double, initialVelocity: Double
    ) -> Spring {
        let epsilon = 0.001
        let zeta = dampingRatio.isNaN ? 1 : min(max(dampingRatio, 1e-6), 1)
        let d = duration.isNaN ? 0.01 : min(max(duration, 0.01), 10)
        let v = initialVelocity.isFinite ? min(max(initialVelocity, -1e100), 1e100) : 0
        let envelope = EnvelopeAtDuration(zeta: zeta, duration: d, velocity: v)
        let w0 = envelope.root(target: epsilon, initialGuess: 5 / d)
        return Spring(
            mass: 1, stiffness: w0 * w0, damping: 2 * zeta * w0, initialVelocity: v,
            allowsOverdamping: false)
    }
}

/// The decay envelope of a unit-mass spring at a fixed time `D`, as a function of its natural
/// frequency ω, for ``Spring/uiViewSpring(duration:dampingRatio:initialVelocity:)``.
private struct EnvelopeAtDuration {
    let zeta: Double
    let duration: Double
    let velocity: Double

    private var isCritical: Bool { zeta >= 1 }
    private var s: Double { (1 - zeta * zeta).squareRoot() }

    /// E(ω): ζ < 1: `((ζω − v) / (ω·s))·e^(−ζωD)`; ζ = 1: `((ω − v)·D + 1)·e^(−ωD)`.
    func value(_ w: Double) -> Double {
        let (z, d, v) = (zeta, duration, velocity)
        if isCritical { return ((w - v) * d + 1) * exp(-w * d) }
        return (z * w - v) / (w * s) * exp(-z * w * d)
    }

    /// dE/dω.
    func derivative(_ w: Double) -> Double {
        let (z, d, v) = (zeta, duration, velocity)
        if isCritical { return -d * d * (w - v) * exp(-w * d) }
        return (v / (w * w) - z * d * (z - v / w)) / s * exp(-z * w * d)
    }

    /// Where E peaks; E falls monotonically to 0 beyond it.
    var peak: Double {
        let (z, d, v) = (zeta, duration, velocity)
        guard v > 0 else { return 0 }
        if isCritical { return v }
        // dE/dω = 0  ⇔  ζ²D·ω² − ζDv·ω − v = 0.
        let a = z * z * d
        let b = -z * d * v
        return (-b + (b * b + 4 * a * v).squareRoot()) / (2 * a)
    }

    /// E at its peak (the limit ω → 0⁺ when the peak is at 0).
    var peakValue: Double {
        let w = peak
        if w > 0 { return value(w) }
        if isCritical { return 1 - velocity * duration }
        return velocity < 0 ? .infinity : zeta / s
    }

    /// The ω > peak with E(ω) = target: safeguarded Newton (bisection when a step leaves the bracket).
    func root(target: Double, initialGuess: Double) -> Double {
        let start = peak
        guard peakValue > target else { return start > 0 ? start : initialGuess }
        var lo = start  // E(lo) > target
        var hi = max(initialGuess, 2 * start, 1e-3)
        var expansions = 0
        while value(hi) > target {
            lo = hi
            hi *= 2
            expansions += 1
            if expansions > 2000 || !hi.isFinite { return lo }
        }
        var w = initialGuess > lo && initialGuess < hi ? initialGuess : (lo + hi) / 2
        for _ in 0..<200 {
            let f = value(w) - target
            if f == 0 { return w }
            if f > 0 { lo = w } else { hi = w }
            if hi - lo <= 1e-15 * hi { break }
            let slope = derivative(w)
            let newton = w - f / slope
            if newton == w { return w }
            w = slope < 0 && newton > lo && newton < hi ? newton : (lo + hi) / 2
        }
        return w
    }
}
