import Foundation

/// A damped harmonic oscillator that moves normalised progress from 0 to 1, in closed form.
///
/// The model behind `CASpringAnimation`: the displacement from the target, `x(t)`, starts at 1 and
/// decays to 0; progress is `1 − x(t)`. Time is in seconds.
///
/// ```swift
/// let spring = Spring()                     // mass 1, stiffness 100, damping 10
/// spring.value(at: 0.25)                    // 1.023360… (overshoots)
/// spring.settlingDuration                   // 1.4727… s
/// let ui = Spring.uiViewSpring(duration: 0.5, dampingRatio: 0.5, initialVelocity: 0)
/// ui.stiffness                              // 646.878…
/// ```
///
/// - `mass`: default 1, must be > 0.
/// - `stiffness`: default 100, must be > 0.
/// - `damping`: default 10, must be ≥ 0; 0 oscillates forever.
/// - `initialVelocity`: progress per second (the fraction of the whole distance covered per
///   second), default 0; positive moves towards the target.
/// - `allowsOverdamping`: default `false`, when damping ratios above 1 behave as critically damped
///   (same natural frequency, ratio 1).
///
/// The plain initialiser does not check its input; use
/// ``validated(mass:stiffness:damping:initialVelocity:)`` for values a user gave.
/// Mirrors `CASpringAnimation`'s spring parameters.
public struct Spring: Hashable, Sendable {
    /// The mass attached to the spring. Default 1; must be > 0.
    public var mass: Double
    /// The spring stiffness coefficient. Default 100; must be > 0.
    public var stiffness: Double
    /// The damping coefficient. Default 10; must be ≥ 0.
    public var damping: Double
    /// The initial velocity, progress per second; positive moves towards the target. Default 0.
    public var initialVelocity: Double
    /// Whether damping ratios above 1 really over-damp; otherwise they act as critical damping.
    public var allowsOverdamping: Bool

    /// Creates a spring; the defaults are `CASpringAnimation`'s.
    public init(
        mass: Double = 1, stiffness: Double = 100, damping: Double = 10,
        initialVelocity: Double = 0, allowsOverdamping: Bool = false
    ) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        self.allowsOverdamping = allowsOverdamping
    }

    /// Creates a spring after checking its parameters.
    ///
    /// The closed form also needs the quantities derived from the parameters to be finite, so
    /// extreme combinations of finite values are rejected too: `stiffness / mass` (ω0², in 1/s²)
    /// must be finite and > 0, `damping` small enough that the square of the damping ratio and
    /// `damping / mass` (in 1/s) are finite, and `initialVelocity` small enough that the motion's
    /// coefficients, such as `(λ − v0) / ωd`, are finite. These limits are far from any real
    /// spring: parameters whose magnitudes are 0 (damping, velocity) or between 1e-50 and 1e50
    /// always pass.
    ///
    /// - Throws: ``TimingParameterError`` naming the first bad field: `mass` and `stiffness` must be
    ///   finite and > 0, `damping` finite and ≥ 0, `initialVelocity` finite; then the limits above,
    ///   which name `stiffness`, `damping` and `initialVelocity` in that order.
    public static func validated(
        mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0
    ) throws -> Spring {
        if !(mass > 0 && mass.isFinite) {
            throw TimingParameterError(field: "mass", expected: "a finite number greater than 0", actual: mass)
        }
        if !(stiffness > 0 && stiffness.isFinite) {
            throw TimingParameterError(
                field: "stiffness", expected: "a finite number greater than 0", actual: stiffness)
        }
        if !(damping >= 0 && damping.isFinite) {
            throw TimingParameterError(
                field: "damping", expected: "a finite number greater than or equal to 0", actual: damping)
        }
        if !initialVelocity.isFinite {
            throw TimingParameterError(
                field: "initialVelocity", expected: "a finite number", actual: initialVelocity)
        }
        let ratio = stiffness / mass
        if !(ratio > 0 && ratio.isFinite) {
            throw TimingParameterError(
                field: "stiffness", expected: "a number for which stiffness / mass is finite and greater than 0 (mass is \(mass))",
                actual: stiffness)
        }
        var spring = Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: 0)
        if !spring.hasFiniteMotion {
            throw TimingParameterError(
                field: "damping",
                expected: "a number small enough that damping / mass and the square of the damping ratio are finite",
                actual: damping)
        }
        spring.initialVelocity = initialVelocity
        if !spring.hasFiniteMotion {
            throw TimingParameterError(
                field: "initialVelocity",
                expected: "a number small enough, for this stiffness and damping, that the spring's motion has finite coefficients",
                actual: initialVelocity)
        }
        return spring
    }

    /// The undamped angular frequency `ω0 = sqrt(k/m)`, radians per second.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// The damping ratio `ζ = c / (2·sqrt(k·m))`: 0 undamped, below 1 bouncy, 1 critical,
    /// above 1 over-damped (see ``allowsOverdamping``).
    ///
    /// When `k·m` underflows or overflows (a product below about 2.2e-308 or above 1.8e308) the
    /// ratio is computed as `(c / 2) / (sqrt(k)·sqrt(m))` instead, so that it stays finite and
    /// damping 0 still gives 0.
    public var dampingRatio: Double {
        let product = stiffness * mass
        guard !product.isNormal, stiffness > 0, mass > 0 else { return damping / (2 * product.squareRoot()) }
        return damping / 2 / (stiffness.squareRoot() * mass.squareRoot())
    }

    /// Displacement from the target at `t` seconds (1 at t = 0, 0 at rest).
    ///
    /// At very large `t` (far beyond the settling duration) the closed form's factors overflow;
    /// the displacement is then evaluated in a numerically safe way (see ``value(at:)``), so a
    /// spring that ``validated(mass:stiffness:damping:initialVelocity:)`` accepts never gives NaN
    /// for a finite `t ≥ 0`.
    public func displacement(at t: Double) -> Double {
        let motion = self.motion
        let x = closedFormDisplacement(at: t, motion)
        guard !x.isFinite, t > 0, t.isFinite else { return x }
        return farDisplacement(at: t, motion)
    }

    /// The closed form of ``displacement(at:)``.
    private func closedFormDisplacement(at t: Double, _ motion: Motion) -> Double {
        switch motion {
        case let .under(lambda, wd, b):
            return exp(-lambda * t) * (cos(wd * t) + b * sin(wd * t))
        case let .critical(w0, b):
            return (1 + b * t) * exp(-w0 * t)
        case let .over(r1, r2, c1, c2):
            return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    /// Progress at `t` seconds: `1 − displacement(at: t)`; may overshoot 1.
    ///
    /// For a finite `t ≥ 0` at which the closed form overflows (`ωd·t` or `B·t` beyond about
    /// 1.8e308: about 1e307 s for the default spring, less for extreme parameters), the motion is
    /// evaluated safely: a decay envelope that has underflowed gives the target exactly, an
    /// undamped oscillation is evaluated at `t` modulo its period, and the critically damped
    /// `(1 + B·t)·e^(−ω0·t)` is computed from logarithms. Such a spring has long come to rest (or,
    /// undamped, is at an arbitrary phase).
    public func value(at t: Double) -> Double { 1 - displacement(at: t) }

    /// The velocity at `t` seconds, progress per second (the analytic derivative of
    /// ``value(at:)``). At `t = 0` this is ``initialVelocity``. Very large times are evaluated
    /// safely, as in ``value(at:)``.
    public func velocity(at t: Double) -> Double {
        let motion = self.motion
        let v = closedFormVelocity(at: t, motion)
        guard !v.isFinite, t > 0, t.isFinite else { return v }
        return farVelocity(at: t, motion)
    }

    /// The closed form of ``velocity(at:)``.
    private func closedFormVelocity(at t: Double, _ motion: Motion) -> Double {
        switch motion {
        case let .under(lambda, wd, b):
            let (s, c) = (sin(wd * t), cos(wd * t))
            return -exp(-lambda * t) * ((b * wd - lambda) * c - (lambda * b + wd) * s)
        case let .critical(w0, b):
            return -exp(-w0 * t) * (b - w0 * (1 + b * t))
        case let .over(r1, r2, c1, c2):
            return -(c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t))
        }
    }

    /// The estimated time, seconds, after which the spring stays within 0.001 of its target.
    ///
    /// Mirrors `CASpringAnimation.settlingDuration`. With damping ratio `ζ < 1` this is the time
    /// at which the decay envelope `(1 + |B|)·e^(−λt)` reaches 0.001, that is
    /// `ln((1 + |B|) / 0.001) / λ` with `λ = c / 2m` and `B = (λ − v0) / ωd`; this form reproduces
    /// Apple's documented examples (damping 5 → about 2.85 s, damping 15 → just over 1 s).
    /// With `ζ ≥ 1` it is the last time at which `|x(t)| ≥ 0.001`, found by bisection (a fixed
    /// number of steps, so the result is the same on every run). With damping 0 the spring never
    /// settles: `.infinity`.
    public var settlingDuration: TimeInterval {
        let epsilon = 0.001
        switch motion {
        case let .under(lambda, _, b):
            guard lambda > 0 else { return .infinity }
            return log((1 + abs(b)) / epsilon) / lambda
        case .critical, .over:
            return lastTime(aboveDisplacement: epsilon)
        }
    }

    // MARK: Closed form

    /// The three solutions of `m·x'' + c·x' + k·x = 0` with `x(0) = 1`, `x'(0) = −v0`.
    private enum Motion {
        /// `x = e^(−λt)·(cos ωd·t + B·sin ωd·t)`.
        case under(lambda: Double, wd: Double, b: Double)
        /// `x = (1 + B·t)·e^(−ω0·t)`.
        case critical(w0: Double, b: Double)
        /// `x = C1·e^(r1·t) + C2·e^(r2·t)`, `r1 > r2`.
        case over(r1: Double, r2: Double, c1: Double, c2: Double)
    }

    private var motion: Motion {
        let w0 = naturalFrequency
        let zeta = dampingRatio
        let v0 = initialVelocity
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let lambda = zeta * w0
            return .under(lambda: lambda, wd: wd, b: (lambda - v0) / wd)
        }
        if zeta > 1 && allowsOverdamping {
            let root = w0 * (zeta * zeta - 1).squareRoot()
            let r1 = -zeta * w0 + root
            let r2 = -zeta * w0 - root
            let c2 = (-v0 - r1) / (r2 - r1)
            return .over(r1: r1, r2: r2, c1: 1 - c2, c2: c2)
        }
        return .critical(w0: w0, b: w0 - v0)
    }

    /// ``closedFormDisplacement(at:_:)`` where it overflowed, for a finite `t > 0`.
    private func farDisplacement(at t: Double, _ motion: Motion) -> Double {
        switch motion {
        case let .under(lambda, wd, b):
            // |cos + B·sin| ≤ sqrt(1 + B²): once the envelope underflows, so does x. Otherwise
            // (λ ≈ 0) ωd·t overflowed, and the oscillation repeats every 2π/ωd.
            guard let (envelope, phase) = Self.farOscillation(at: t, lambda: lambda, wd: wd) else { return 0 }
            return envelope * (cos(phase) + b * sin(phase))
        case let .critical(w0, b):
            // 1 + B·t = t·(1/t + B) overflowed: add logarithms instead of multiplying ∞ by 0.
            let factor = 1 / t + b
            guard factor != 0 else { return 0 }
            let magnitude = exp(log(t) + log(abs(factor)) - w0 * t)
            return factor < 0 ? -magnitude : magnitude
        case .over:
            return closedFormDisplacement(at: t, motion)
        }
    }

    /// The decay envelope `e^(−λ·t)` and the phase `ωd·t` taken modulo the period, or `nil` once
    /// the envelope has underflowed (the motion is then exactly at rest).
    private static func farOscillation(at t: Double, lambda: Double, wd: Double) -> (envelope: Double, phase: Double)? {
        let envelope = exp(-lambda * t)
        guard envelope > 0 else { return nil }
        return (envelope, wd * t.truncatingRemainder(dividingBy: 2 * .pi / wd))
    }

    /// ``closedFormVelocity(at:_:)`` where it overflowed, for a finite `t > 0`.
    private func farVelocity(at t: Double, _ motion: Motion) -> Double {
        switch motion {
        case let .under(lambda, wd, b):
            guard let (envelope, phase) = Self.farOscillation(at: t, lambda: lambda, wd: wd) else { return 0 }
            return -envelope * ((b * wd - lambda) * cos(phase) - (lambda * b + wd) * sin(phase))
        case let .critical(w0, b):
            // −x'(t) = ω0·x(t) − B·e^(−ω0·t), with x(t) from the logarithms.
            return w0 * farDisplacement(at: t, motion) - b * exp(-w0 * t)
        case .over:
            return closedFormVelocity(at: t, motion)
        }
    }

    /// Whether the closed form's coefficients, and the products of them that
    /// ``velocity(at:)`` uses, are finite, with and without over-damping.
    private var hasFiniteMotion: Bool {
        var spring = self
        return [false, true].allSatisfy { overdamping in
            spring.allowsOverdamping = overdamping
            switch spring.motion {
            case let .under(lambda, wd, b):
                return [lambda, wd, b, b * wd - lambda, lambda * b + wd].allSatisfy(\.isFinite)
            case let .critical(w0, b):
                return w0.isFinite && b.isFinite
            case let .over(r1, r2, c1, c2):
                return [r1, r2, c1, c2, c1 * r1, c2 * r2].allSatisfy(\.isFinite)
            }
        }
    }

    /// For the non-oscillating motions: the last `t` with `|x(t)| ≥ epsilon`.
    ///
    /// `x` has at most one extremum `te` (where the velocity is 0) and at most one zero crossing,
    /// which comes before `te`. So `x` is monotonic on `[0, te]` and `|x|` decreases on `[te, ∞)`.
    /// If `|x(te)| ≥ epsilon` the answer lies after `te`; otherwise it is where `x` falls through
    /// `epsilon` on `[0, te]`.
    private func lastTime(aboveDisplacement epsilon: Double) -> TimeInterval {
        let te: Double
        switch motion {
        case .under:
            return .infinity  // Not used: oscillating motion has a closed form.
        case let .critical(w0, b):
            // x'(t) = e^(−ω0 t)·(B − ω0 − ω0·B·t) = 0.
            te = b != 0 && w0 > 0 ? max(0, (b - w0) / (w0 * b)) : 0
        case let .over(r1, r2, c1, c2):
            // C1·r1·e^(r1 t) + C2·r2·e^(r2 t) = 0  ⇒  e^((r1 − r2) t) = −C2·r2 / (C1·r1).
            let ratio = -(c2 * r2) / (c1 * r1)
            te = ratio > 0 ? max(0, log(ratio) / (r1 - r2)) : 0
        }
        guard te.isFinite else { return .infinity }
        var lo: Double
        var hi: Double
        let increasingDistance: Bool  // whether |x| − epsilon falls from ≥ 0 to < 0 going from lo to hi
        if abs(displacement(at: te)) >= epsilon {
            lo = te
            hi = max(te, 1e-3)
            var doublings = 0
            while abs(displacement(at: hi)) >= epsilon {
                lo = hi
                hi *= 2
                doublings += 1
                if doublings > 1100 || !hi.isFinite { return .infinity }
            }
            increasingDistance = true
        } else {
            lo = 0
            hi = te
            increasingDistance = false
        }
        // Invariant: |x(lo)| ≥ epsilon (or x(lo) ≥ epsilon), and not at hi.
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if mid <= lo || mid >= hi { break }
            let x = displacement(at: mid)
            let above = increasingDistance ? abs(x) >= epsilon : x >= epsilon
            if above { lo = mid } else { hi = mid }
        }
        return lo
    }
}
