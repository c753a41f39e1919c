import KinemaGeometry
import KinemaTiming

/// An animation prepared for evaluation, built once when it is added to a layer: the timing is
/// resolved, keyframe tables and splines are precomputed, and evaluating a frame copies nothing.
class AnimationEvaluator {
    final let timing: MediaTimingParameters
    final let curve: TimingFunction?
    final let isRemovedOnCompletion: Bool

    init(timing: MediaTimingParameters, curve: TimingFunction?, isRemovedOnCompletion: Bool) {
        self.timing = timing
        self.curve = curve
        self.isRemovedOnCompletion = isRemovedOnCompletion
    }

    /// The evaluator for `animation`. A group's children ignore `isRemovedOnCompletion`, and a
    /// child with duration 0 takes the group's duration.
    static func make(_ animation: AnyAnimation, groupDuration: Double? = nil) -> AnimationEvaluator {
        var timing = animation.timing
        if let groupDuration, timing.duration <= 0 { timing.duration = groupDuration }
        let removed = groupDuration == nil ? animation.isRemovedOnCompletion : false
        let curve = animation.timingFunction
        switch animation {
        case .basic(let a): return BasicEvaluator(a, timing: timing, curve: curve, removed: removed)
        case .spring(let a): return BasicEvaluator(a, timing: timing, curve: curve, removed: removed)
        case .keyframe(let a): return KeyframeEvaluator(a, timing: timing, curve: curve, removed: removed)
        case .group(let g): return GroupEvaluator(g, timing: timing, curve: curve, removed: removed)
        case .transition: return AnimationEvaluator(timing: timing, curve: curve, isRemovedOnCompletion: removed)
        }
    }

    /// Applies the animation to `state` at `parentTime` (the layer's local time, or the group's
    /// eased time for a child).
    final func apply(to state: inout LayerState, parentTime: Double) {
        guard let (resolution, eased) = Self.progress(timing, curve, isRemovedOnCompletion, parentTime: parentTime) else { return }
        applyValue(to: &state, resolution: resolution, eased: eased)
    }

    /// Where an animation with this timing is at `parentTime` and its eased progress there, or
    /// `nil` when it contributes nothing then.
    @inline(__always)
    static func progress(
        _ timing: MediaTimingParameters, _ curve: TimingFunction?, _ isRemovedOnCompletion: Bool, parentTime: Double
    ) -> (TimingResolution, Double)? {
        let resolution = timing.resolve(parentTime: parentTime)
        guard timing.contributes(in: resolution.phase, isRemovedOnCompletion: isRemovedOnCompletion) else { return nil }
        let f = resolution.fraction(duration: timing.duration)
        return (resolution, curve?.evaluate(f) ?? f)
    }

    /// Writes the animation's value for eased progress `eased`. Transitions write nothing: they
    /// act on the rendered image.
    func applyValue(to state: inout LayerState, resolution: TimingResolution, eased: Double) {}
}

/// A basic or spring animation: from/to/by resolved each frame against the underlying value.
final class BasicEvaluator: AnimationEvaluator {
    let writer: PropertyWriter
    let from: AnimatableValue?
    let to: AnimatableValue?
    let by: AnimatableValue?
    /// The spring pacing the progress, for spring animations.
    let spring: Spring?
    /// The spring's progress at the end of one duration (what a cumulative cycle adds).
    let endProgress: Double

    init(_ a: BasicAnimation, timing: MediaTimingParameters, curve: TimingFunction?, removed: Bool) {
        writer = PropertyWriter(a)
        (from, to, by) = (a.fromValue, a.toValue, a.byValue)
        spring = nil
        endProgress = 1
        super.init(timing: timing, curve: curve, isRemovedOnCompletion: removed)
    }

    init(_ a: SpringAnimation, timing: MediaTimingParameters, curve: TimingFunction?, removed: Bool) {
        writer = PropertyWriter(a)
        (from, to, by) = (a.fromValue, a.toValue, a.byValue)
        spring = a.spring
        endProgress = a.spring.value(at: timing.duration)
        super.init(timing: timing, curve: curve, isRemovedOnCompletion: removed)
    }

    override func applyValue(to state: inout LayerState, resolution: TimingResolution, eased: Double) {
        Self.apply(
            writer, from, to, by, spring: spring, endProgress: endProgress, timing: timing, curve: curve, to: &state,
            resolution: resolution, eased: eased)
    }

    /// A basic or spring animation's value for eased progress `eased`, written into `state`.
    @inline(__always)
    static func apply(
        _ writer: PropertyWriter, _ from: AnimatableValue?, _ to: AnimatableValue?, _ by: AnimatableValue?, spring: Spring?,
        endProgress: Double, timing: MediaTimingParameters, curve: TimingFunction?, to state: inout LayerState,
        resolution: TimingResolution, eased: Double
    ) {
        guard writer.keyPath.isValid else { return }
        // The underlying value is read only when the endpoints or `additive` need it. (Matching
        // the cases, not `from == nil`: comparing with `nil` copied both values into a tuple and
        // destroyed it through its type's metadata, every frame.)
        var lacksAnEndpoint = true
        if case .some = from, case .some = to { lacksAnEndpoint = false }
        let needsUnderlying = writer.isAdditive || (writer.valueFunction == nil && lacksAnEndpoint)
        var underlying: AnimatableValue?
        if needsUnderlying {
            guard let u = state.value(at: writer.keyPath) else { return }
            underlying = u
        }
        let base = writer.valueFunction?.identityValue ?? underlying ?? to ?? from ?? .number(0)
        let (start, end) = resolveEndpoints(from: from, to: to, by: by, underlying: base)
        var progress = eased
        if let spring {
            progress = spring.value(at: curve == nil ? resolution.basicTime : eased * timing.duration)
        }
        let value = AnimatableValue.interpolate(from: start, to: end, fraction: progress)
        writer.write(
            value, cycleEnd: .interpolate(from: start, to: end, fraction: timing.autoreverses ? 0 : endProgress),
            underlying: underlying, cycle: resolution.cycle, state: &state)
    }
}

final class KeyframeEvaluator: AnimationEvaluator {
    let writer: PropertyWriter
    let values: [AnimatableValue]
    let curves: [TimingFunction]?
    let path: PreparedPath?
    let table: KeyframeTable

    init(_ a: KeyframeAnimation, timing: MediaTimingParameters, curve: TimingFunction?, removed: Bool) {
        writer = PropertyWriter(a)
        values = a.values
        curves = a.timingFunctions
        path = a.path.map { PreparedPath($0, animation: a) }
        table = KeyframeTable(a)
        super.init(timing: timing, curve: curve, isRemovedOnCompletion: removed)
    }

    override func applyValue(to state: inout LayerState, resolution: TimingResolution, eased: Double) {
        guard let path else {
            Self.apply(writer, timing: timing, to: &state, resolution: resolution, eased: eased) {
                table.value(at: $0, values: values, curves: curves)
            }
            return
        }
        guard writer.keyPath.isValid, let underlying = Self.underlying(writer, in: state) else { return }
        guard writer.keyPath.valueKind == .point, let sample = path.sample(at: eased) else { return }
        writer.write(
            .point(sample.point), cycleEnd: .point(path.sample(at: timing.autoreverses ? 0 : 1)?.point ?? sample.point),
            underlying: underlying, cycle: resolution.cycle, state: &state)
        if let angle = path.rotation(for: sample.angle) {
            state.transform = state.transform.concatenating(.makeRotation(angle, 0, 0, 1))
        }
    }

    /// The underlying value an additive writer adds to (`.some(nil)` when it is not additive),
    /// or `nil` when the state has no value at the writer's key path.
    @inline(__always)
    static func underlying(_ writer: PropertyWriter, in state: LayerState) -> AnimatableValue?? {
        guard writer.isAdditive else { return .some(nil) }
        guard let u = state.value(at: writer.keyPath) else { return nil }
        return u
    }

    /// Writes the keyframe value `value(eased)` through `writer`: keyframes without a path.
    @inline(__always)
    static func apply(
        _ writer: PropertyWriter, timing: MediaTimingParameters, to state: inout LayerState, resolution: TimingResolution,
        eased: Double, value: (Double) -> AnimatableValue?
    ) {
        guard writer.keyPath.isValid, let underlying = Self.underlying(writer, in: state), let v = value(eased) else { return }
        writer.write(
            v, cycleEnd: value(timing.autoreverses ? 0 : 1) ?? v, underlying: underlying, cycle: resolution.cycle,
            state: &state)
    }
}

final class GroupEvaluator: AnimationEvaluator {
    let children: [AnimationEvaluator]

    init(_ g: AnimationGroup, timing: MediaTimingParameters, curve: TimingFunction?, removed: Bool) {
        children = g.animations.map { AnimationEvaluator.make($0, groupDuration: timing.duration) }
        super.init(timing: timing, curve: curve, isRemovedOnCompletion: removed)
    }

    override func applyValue(to state: inout LayerState, resolution: TimingResolution, eased: Double) {
        let childTime = eased * timing.duration
        for child in children { child.apply(to: &state, parentTime: childTime) }
    }
}
