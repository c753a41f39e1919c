import KinemaGeometry
import KinemaLayers
import KinemaTiming

// Building a track's motion from where it shows to where it goes: springs in absolute units (a
// velocity normalised by the distance to go, as UIKit's is, would divide by zero when that distance
// is 0), retargeted from the position and velocity on screen. All in the track space of
// `ViewPropertyAnimator+Tracks.swift`.

extension ViewPropertyAnimator {
    /// The terms that move `track` from where it shows at `now` to its end (its start when
    /// reversed) with the animator's timing, and the media time they end.
    ///
    /// A track that has not reached its start fraction yet (delay factors) waits: its motion
    /// begins once the animator's fraction gets there and ends with the others.
    func makeTerms(
        for track: AnimatorTrack, fraction: Double, remaining: Double, start: Double, now: Double, keepsVelocity: Bool
    ) -> (terms: [MotionTerm], end: Double) {
        let shown = track.value(at: now)
        let target = isReversed ? track.start : track.end
        var delay = 0.0
        var span = max(remaining, 0)
        if !isReversed, track.startFraction > fraction, fraction < 1 {
            delay = span * (track.startFraction - fraction) / (1 - fraction)
            span = max(span - delay, 1e-6)
        }
        let context = MotionContext(
            shown: shown, target: target, begin: start + delay, span: span, now: now, waits: delay > 0)
        switch timing {
        case .curve(let curve):
            return curveTerms(for: track, curve: curve, context)
        case .spring(let parameters):
            return springTerms(for: track, parameters: parameters, keepsVelocity: keepsVelocity, context)
        }
    }

    /// What every builder needs.
    struct MotionContext {
        /// Where the track shows now, and where it goes (track space).
        let shown: AnimatableValue
        let target: AnimatableValue
        /// Media time the motion begins, and seconds it takes (curves, damping-ratio springs).
        let begin: Double
        let span: Double
        let now: Double
        /// Whether the track waits for its start fraction.
        let waits: Bool

        /// The track at rest at the target: nothing, or a term holding the target.
        func settled(_ track: AnimatorTrack) -> (terms: [MotionTerm], end: Double) {
            (target == track.end ? [] : [.constant(target, at: now)], begin)
        }
    }

    /// A Bézier motion. A track standing on the curve at forward time `u` continues from there:
    /// the rest of the curve (the mirrored curve backwards when reversed), rescaled so that it
    /// starts exactly where the track shows and still ends at the target after `span` seconds.
    /// On the curve this is the curve itself (a retrace reverses the speed, as UIKit's reversed
    /// animations do); off it (after a linear scrub) the tail is stretched to fit. When the tail
    /// is too flat to stretch, the whole curve runs again from where the track shows.
    private func curveTerms(
        for track: AnimatorTrack, curve: TimingFunction, _ c: MotionContext
    ) -> (terms: [MotionTerm], end: Double) {
        guard c.shown != c.target, c.span > 0 else { return c.settled(track) }
        let reversed = isReversed
        if !c.waits, let u = track.forwardCurveTime(on: curve, at: c.now) {
            let u0 = reversed ? 1 - u : u
            let effective = reversed ? curve.mirrored : curve
            let b = effective.evaluate(u0)
            if u0 >= 0, u0 < 1, 1 - b >= 1e-3 {
                let length = c.span / (1 - u0)
                // interpolate(from, target, b) == shown  ⇔  from = target + (shown − target) / (1 − b).
                let from = AnimatableValue.interpolate(from: c.target, to: c.shown, fraction: 1 / (1 - b))
                let term = MotionTerm(
                    from: from, to: c.target, pacing: .curve(curve, mirrored: reversed), begin: c.begin - u0 * length, length: length)
                let error = AnimatableValue.distance(term.value(at: c.begin), c.shown)
                let scale = max(1, AnimatableValue.distance(c.shown, c.target))
                if from.isFinite, error <= 1e-9 * scale {
                    return ([term], c.begin + c.span)
                }
            }
        }
        let term = MotionTerm(from: c.shown, to: c.target, pacing: .curve(curve, mirrored: false), begin: c.begin, length: c.span)
        return ([term], c.begin + c.span)
    }

    /// A spring motion from where the track shows, with an initial velocity: the one the track
    /// has now (`keepsVelocity`, when it is already on a spring), or the parameters' normalised
    /// ``SpringTimingParameters/initialVelocity`` times the distance each axis still has to go
    /// (0 on an axis with no distance: Apple's recipe drops that velocity, and nothing divides).
    ///
    /// A linear track moving from P to T with velocity V (absolute units) follows
    /// `x(t) = T + (P − T)·D(t) + V·S(t)`, where `D` is the displacement of the spring released
    /// at rest and `S` the one launched from the target at unit speed. The spring's displacement
    /// with normalised velocity v is `D − v·S`, so two spring terms make any V exactly, whatever
    /// the distance (0 included):
    ///
    /// ```
    /// term 1: from P + V to T, velocity 0  →  T + (P + V − T)·D
    /// term 2: from −V   to 0, velocity 1  →  −V·(D − S)
    /// sum:                                    T + (P − T)·D + V·S
    /// ```
    ///
    /// When the velocity is a multiple of the distance (1-D values, or `dx == dy`), one spring
    /// with that normalised velocity is the same motion. Transforms and colours move along one
    /// interpolation line with a scalar velocity: the parameters' `dx`, or, when reversing along
    /// their path, their current speed along it.
    private func springTerms(
        for track: AnimatorTrack, parameters: SpringTimingParameters, keepsVelocity: Bool, _ c: MotionContext
    ) -> (terms: [MotionTerm], end: Double) {
        var spring: Spring
        var runningTime: Double
        let current = track.terms.first { $0.spring != nil }
        let physical = keepsVelocity && !c.waits && current != nil
        if physical, let current, let currentSpring = current.spring {
            spring = currentSpring
            runningTime = current.length
        } else {
            (spring, runningTime) = parameters.makeSpring(duration: c.span)
        }
        spring.initialVelocity = 0
        guard runningTime > 0 else { return c.settled(track) }
        let end = c.begin + runningTime
        func term(_ from: AnimatableValue, _ to: AnimatableValue, velocity: Double) -> MotionTerm {
            var s = spring
            s.initialVelocity = velocity
            return MotionTerm(from: from, to: to, pacing: .spring(s), begin: c.begin, length: runningTime)
        }
        switch track.kind {
        case .linear:
            let distance = AnimatableValue.subtract(c.target, c.shown)
            var velocity: AnimatableValue
            if physical {
                velocity = track.linearVelocity(at: c.now)
            } else {
                velocity = distance.scaledPerAxis(by: parameters.initialVelocity)
            }
            if !velocity.isFinite { velocity = .scale(distance, by: 0) }
            if velocity.isZero {
                return c.shown == c.target ? c.settled(track) : ([term(c.shown, c.target, velocity: 0)], end)
            }
            if !physical, c.shown.takesScalarVelocity(parameters.initialVelocity) {
                return ([term(c.shown, c.target, velocity: parameters.initialVelocity.dx)], end)
            }
            let zero = AnimatableValue.scale(velocity, by: 0)
            let terms = [
                term(.add(c.shown, velocity), c.target, velocity: 0),
                term(.scale(velocity, by: -1), zero, velocity: 1),
            ]
            return (terms, end)
        case .transform, .absolute:
            guard c.shown != c.target else { return c.settled(track) }
            var rate = physical ? Self.scalarRate(of: current, towards: c.target, at: c.now) : parameters.initialVelocity.dx
            if !rate.isFinite { rate = 0 }
            return ([term(c.shown, c.target, velocity: rate)], end)
        }
    }

    /// The progress velocity along a new line from where `term` shows to `target`, for a value
    /// moving along `term`'s own line: exact when the target is one of the term's ends (a
    /// reversal along the path), 0 otherwise.
    private static func scalarRate(of term: MotionTerm?, towards target: AnimatableValue, at t: Double) -> Double {
        guard let term else { return 0 }
        let p = term.progress(at: t)
        let rate = term.rate(at: t)
        // value = line(p); going to line(0): line(p·(1 − q)), so q' = −p'/p; to line(1): q' = p'/(1 − p).
        if target == term.from, abs(p) > 1e-9 { return -rate / p }
        if target == term.to, abs(1 - p) > 1e-9 { return rate / (1 - p) }
        return 0
    }
}
