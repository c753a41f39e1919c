import KinemaGeometry
import KinemaLayers
import KinemaTiming

// How a property animator's motion is represented, and how it reaches the layers.
//
// Every property a block changed becomes a *track*: one layer, one key path, the model value
// before the block (`modelFrom`) and after it (`modelTo`). The model keeps `modelTo` while the
// animator is active; what the track shows is described in the *track space*:
//
//   additive tracks (numbers, points, sizes, rects, number arrays, transforms):
//       shown = model + offset,  start = modelFrom − modelTo,  end = zero
//   absolute tracks (colours, colour arrays, whose additive form would clamp):
//       shown = offset,          start = modelFrom,            end = modelTo
//
// A track's motion is a sum of *terms*, each one layer animation (additive or not, as the track)
// that the animator can also evaluate itself, without the layer:
//
//   term(t) = interpolate(from, to, progress(t − begin)),  progress clamped to [0, length]
//
// with a Bézier or a spring progress. Evaluating the terms gives the position and velocity at
// any hand-off (pause, reverse, continue), which is what makes interruptions continuous.
//
// Linear tracks (all additive kinds but transforms) can carry any velocity vector: a spring is a
// linear ODE, so the motion from P to T with velocity V is the sum of two springs (see
// `springTerms`). Transforms and colours interpolate non-linearly, so they move along one line
// at a time with a scalar progress velocity.

/// One layer animation of a track, as the animator evaluates it.
struct MotionTerm {
    enum Pacing {
        /// A Bézier over `length` seconds; `mirrored` runs its point reflection
        /// `1 − c(1 − x)`, which retraces the curve backwards in time.
        case curve(TimingFunction, mirrored: Bool)
        /// A spring's progress at the term's local time (cut off at `length`).
        case spring(Spring)
    }

    var from: AnimatableValue
    var to: AnimatableValue
    var pacing: Pacing
    /// Media time of progress 0, seconds.
    var begin: Double
    /// Seconds; > 0. The progress holds its value at `length` afterwards.
    var length: Double

    /// A term that holds `value`.
    static func constant(_ value: AnimatableValue, at time: Double) -> MotionTerm {
        MotionTerm(from: value, to: value, pacing: .curve(.linear, mirrored: false), begin: time, length: 1)
    }

    /// The Bézier the layer animation uses (the reflection for mirrored terms).
    var timingFunction: TimingFunction? {
        guard case .curve(let curve, let mirrored) = pacing else { return nil }
        return mirrored ? curve.mirrored : curve
    }

    /// The term's local time at media time `t`, seconds, clamped to `[0, length]`.
    func localTime(at t: Double) -> Double { min(max(t - begin, 0), length) }

    /// The progress at media time `t` (as the layer computes it).
    func progress(at t: Double) -> Double {
        let tau = localTime(at: t)
        switch pacing {
        case .curve:
            return timingFunction?.evaluate(tau / length) ?? 0
        case .spring(let spring):
            return spring.value(at: tau)
        }
    }

    /// The progress velocity at media time `t`, progress per second: the spring's analytic
    /// velocity inside `[begin, begin + length)`, 0 outside and for curves (curve hand-offs use
    /// the curve time, not a velocity).
    func rate(at t: Double) -> Double {
        guard case .spring(let spring) = pacing, t >= begin, t - begin < length else { return 0 }
        return spring.velocity(at: t - begin)
    }

    func value(at t: Double) -> AnimatableValue {
        AnimatableValue.interpolate(from: from, to: to, fraction: progress(at: t))
    }

    /// The spring, for spring terms.
    var spring: Spring? {
        if case .spring(let s) = pacing { return s }
        return nil
    }
}

extension TimingFunction {
    /// The point reflection `x ↦ 1 − c(1 − x)`: the same curve run backwards in time.
    var mirrored: TimingFunction {
        TimingFunction(controlPoints: 1 - c2.x, 1 - c2.y, 1 - c1.x, 1 - c1.y)
    }
}

/// One property one animation block changed, with its current motion.
final class AnimatorTrack {
    /// How the track composes with the model and how it can carry velocity.
    enum Kind {
        /// Additive, componentwise linear: any velocity vector, by superposition.
        case linear
        /// Additive transform: moves along one interpolation line, scalar velocity.
        case transform
        /// Absolute (colours): moves along one interpolation line, scalar velocity.
        case absolute
    }

    let view: View
    let layer: Layer
    let keyPath: LayerKeyPath
    /// The model value before the block, and after it.
    let modelFrom: AnimatableValue
    let modelTo: AnimatableValue
    /// The animator fraction at which the track starts moving (delay factors, blocks added late).
    let startFraction: Double
    let kind: Kind
    /// Where the track starts and ends, in track space.
    let start: AnimatableValue
    let end: AnimatableValue
    /// The current motion; empty means the track shows ``end``. A new track holds ``start``
    /// (not yet installed on the layer: its block has just set the model to the new value).
    private(set) var terms: [MotionTerm]
    /// The keys of the installed layer animations.
    private var keys: [String] = []
    /// The forward time on `curve` the track stands at, when it is frozen on a curve (or a
    /// scrub put it there): what a curve continues from.
    var curveTime: (curve: TimingFunction, time: Double)?

    init?(change: PropertyChange, startFraction: Double) {
        let valueKind = change.keyPath.valueKind
        let kind: Kind
        switch valueKind {
        case .number, .point, .size, .rect, .numbers: kind = .linear
        case .transform: kind = .transform
        case .color, .colors: kind = .absolute
        case .bool, .path: return nil
        }
        guard change.from.isFinite, change.to.isFinite, change.from != change.to else { return nil }
        view = change.view
        layer = change.layer
        keyPath = change.keyPath
        modelFrom = change.from
        modelTo = change.to
        self.startFraction = startFraction
        self.kind = kind
        switch kind {
        case .linear:
            start = .subtract(change.from, change.to)
            end = .scale(change.to, by: 0)
        case .transform:
            start = .subtract(change.from, change.to)
            end = .transform(.identity)
        case .absolute:
            start = change.from
            end = change.to
        }
        terms = [.constant(start, at: 0)]
    }

    var isAdditive: Bool { kind != .absolute }

    /// What the track shows at media time `t`, in track space.
    func value(at t: Double) -> AnimatableValue {
        guard var total = terms.first?.value(at: t) else { return end }
        for term in terms.dropFirst() { total = .add(total, term.value(at: t)) }
        return total
    }

    /// The velocity of a linear track at `t`, value units per second (zero for other kinds).
    func linearVelocity(at t: Double) -> AnimatableValue {
        var total = AnimatableValue.scale(end, by: 0)
        guard kind == .linear else { return total }
        for term in terms {
            let rate = term.rate(at: t)
            if rate != 0 { total = .add(total, .scale(.subtract(term.to, term.from), by: rate)) }
        }
        return total
    }

    /// The forward time on `curve` of a track moving on it (a single curve term of that curve),
    /// or the stored ``curveTime``.
    func forwardCurveTime(on curve: TimingFunction, at t: Double) -> Double? {
        if terms.count == 1, case .curve(let base, let mirrored) = terms[0].pacing, base == curve, terms[0].from != terms[0].to {
            let u = terms[0].localTime(at: t) / terms[0].length
            return mirrored ? 1 - u : u
        }
        if terms.isEmpty { return 1 }
        if let stored = curveTime, stored.curve == curve { return stored.time }
        return nil
    }

    /// Replaces the track's layer animations by `newTerms`. Terms whose values are not finite
    /// are dropped (the track then shows its model), so NaN never reaches the layer.
    func install(_ newTerms: [MotionTerm]) {
        removeAnimations()
        terms = newTerms.filter { $0.from.isFinite && $0.to.isFinite && $0.length > 0 && $0.begin.isFinite }
        guard layer.layerContext != nil else { return }
        for term in terms {
            let key = ViewAnimationBlock.freeKey(for: keyPath.string, on: layer)
            layer.add(makeAnimation(term), forKey: key)
            keys.append(key)
        }
    }

    /// Removes the track's layer animations (its terms stay for evaluation until replaced).
    func removeAnimations() {
        for key in keys { layer.removeAnimation(forKey: key) }
        keys.removeAll()
    }

    /// Forgets the motion and removes its animations.
    func clear() {
        removeAnimations()
        terms = []
    }

    private func makeAnimation(_ term: MotionTerm) -> AnyAnimation {
        var animation: AnyAnimation
        switch term.pacing {
        case .curve:
            var a = BasicAnimation(keyPath: keyPath)
            a.fromValue = term.from
            a.toValue = term.to
            a.isAdditive = isAdditive
            a.timingFunction = term.timingFunction
            animation = .basic(a)
        case .spring(let spring):
            var a = SpringAnimation(keyPath: keyPath)
            a.fromValue = term.from
            a.toValue = term.to
            a.isAdditive = isAdditive
            a.spring = spring
            animation = .spring(a)
        }
        var timing = MediaTimingParameters()
        timing.beginTime = layer.animationBeginTime(atMediaTime: term.begin)
        timing.duration = term.length
        timing.fillMode = .both
        animation.timing = timing
        if case .basic(var a) = animation {
            a.isRemovedOnCompletion = false
            animation = .basic(a)
        } else if case .spring(var a) = animation {
            a.isRemovedOnCompletion = false
            animation = .spring(a)
        }
        return animation
    }
}

extension Layer {
    /// The layer-time `beginTime` for an animation that begins at media time `t`. Core Animation
    /// reads a `beginTime` of exactly 0 as "now", so a 0 that means the layer's time origin is
    /// nudged to the smallest positive number (5·10⁻³²⁴ s, far below any effect).
    func animationBeginTime(atMediaTime t: Double) -> Double {
        let local = localTime(atMediaTime: t)
        return local == 0 ? .leastNonzeroMagnitude : local
    }
}

extension AnimatableValue {
    /// The value with each axis scaled by a normalised velocity: x (and widths) by `v.dx`,
    /// y (and heights) by `v.dy`, every other component by `v.dx`.
    func scaledPerAxis(by v: Vector) -> AnimatableValue {
        switch self {
        case .number(let x): .number(x * v.dx)
        case .point(let p): .point(Point(x: p.x * v.dx, y: p.y * v.dy))
        case .size(let s): .size(Size(width: s.width * v.dx, height: s.height * v.dy))
        case .rect(let r): .rect(Rect(x: r.origin.x * v.dx, y: r.origin.y * v.dy, width: r.width * v.dx, height: r.height * v.dy))
        case .numbers(let ns): .numbers(ns.map { $0 * v.dx })
        default: .scale(self, by: v.dx)
        }
    }

    /// Whether every component is zero.
    var isZero: Bool { self == .scale(self, by: 0) }

    /// Whether a normalised velocity acts on this kind of value as one scalar (`dx` alone, or
    /// `dx == dy`).
    func takesScalarVelocity(_ v: Vector) -> Bool {
        switch self {
        case .point, .size, .rect: v.dx == v.dy
        default: true
        }
    }
}
