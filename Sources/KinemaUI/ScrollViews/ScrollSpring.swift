import Foundation

/// A critically damped spring in absolute units, in closed form: where a scroll view's offset
/// goes when it springs back to an edge or settles on a page.
///
/// With `a` the displacement from the target at the start, `v0` the velocity (points per second),
/// `ω` the natural frequency and `τ` the time since the start:
///
/// `x(τ) = target + e^(−ωτ)·(a + (v0 + ω·a)·τ)`, `v(τ) = e^(−ωτ)·(v0 − ω·(v0 + ω·a)·τ)`.
///
/// Critical damping reaches the target as fast as a spring can without oscillating; a velocity
/// towards the target can carry it past once, never twice. Nothing divides by the distance, so a
/// zero distance with a velocity (a flick on a page that is already in place) moves out and back
/// without NaN. Evaluated at absolute time, never integrated, so the frame rate does not matter.
struct ScrollSpring: Hashable, Sendable {
    /// Where the spring comes to rest, points.
    var target: Double
    /// The displacement from the target at τ = 0, points.
    var displacement: Double
    /// The velocity at τ = 0, points per second.
    var initialVelocity: Double
    /// The natural frequency ω, radians per second.
    var angularFrequency: Double

    /// A spring from `value` with `velocity` (points per second) to `target`, with natural
    /// frequency `2π/response`. Non-finite inputs read as 0 (or as the target for `value`).
    init(from value: Double, velocity: Double, to target: Double, response: Double) {
        self.target = target.isFinite ? target : 0
        displacement = value.isFinite ? value - self.target : 0
        initialVelocity = velocity.isFinite ? velocity : 0
        angularFrequency = response > 0 && response.isFinite ? 2 * .pi / response : 2 * .pi / 0.575
    }

    /// The value `τ` seconds after the start, points.
    func value(at τ: Double) -> Double {
        let t = max(0, τ)
        let w = angularFrequency
        let x = exp(-w * t) * (displacement + (initialVelocity + w * displacement) * t)
        return target + (x.isFinite ? x : 0)
    }

    /// The velocity `τ` seconds after the start, points per second.
    func velocity(at τ: Double) -> Double {
        let t = max(0, τ)
        let w = angularFrequency
        let v = exp(-w * t) * (initialVelocity - w * (initialVelocity + w * displacement) * t)
        return v.isFinite ? v : 0
    }

    /// The first time, on a 1 ms grid, after which the spring stays within `distance` points of
    /// its target moving slower than `speed` points per second: where the motion stops and the
    /// value lands on the target exactly. At most 10 s.
    ///
    /// The search starts after the spring's only extremum, beyond which both the displacement and
    /// (once it is past its own peak) the speed only shrink, so the first grid time that meets
    /// both bounds is final. A grid of fixed times keeps the answer the same on every run and at
    /// every frame rate.
    func settlingTime(distance: Double, speed: Double) -> Double {
        let w = angularFrequency
        let b = initialVelocity + w * displacement
        // x(τ) = e^(−ωτ)(a + bτ) has its extremum where v = 0: τ = 1/ω − a/b.
        var start = b != 0 ? 1 / w - displacement / b : 0
        if !(start.isFinite && start > 0) { start = 0 }
        var step = (start * 1000).rounded(.down)
        while step <= 10_000 {
            let t = step / 1000
            if abs(value(at: t) - target) < distance && abs(velocity(at: t)) < speed { return t }
            step += 1
        }
        return 10
    }
}
