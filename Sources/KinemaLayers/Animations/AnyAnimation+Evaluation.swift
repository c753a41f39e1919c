import KinemaGeometry
import KinemaTiming

extension AnyAnimation {
    /// Applies the animation to `state` at `parentTime` (the layer's local time, or the group's
    /// eased time for a child). Children of a group ignore `isRemovedOnCompletion`.
    func apply(to state: inout LayerState, parentTime: Double, isGroupChild: Bool = false, groupDuration: Double = 0) {
        var timing = self.timing
        if isGroupChild && timing.duration <= 0 { timing.duration = groupDuration }
        let resolution = timing.resolve(parentTime: parentTime)
        guard timing.contributes(in: resolution.phase, isRemovedOnCompletion: isGroupChild ? false : isRemovedOnCompletion)
        else { return }
        let f = resolution.fraction(duration: timing.duration)
        let eased = timingFunction?.evaluate(f) ?? f
        switch self {
        case .basic(let a):
            a.apply(to: &state, cycle: resolution.cycle, endpoints: a.endpoints) { from, to in
                .interpolate(from: from, to: to, fraction: eased)
            }
        case .spring(let a):
            let seconds = a.timingFunction == nil ? resolution.basicTime : eased * timing.duration
            let progress = a.spring.value(at: seconds)
            let endProgress = a.spring.value(at: timing.duration)
            a.apply(to: &state, cycle: resolution.cycle, endFraction: endProgress, endpoints: a.endpoints) { from, to in
                .interpolate(from: from, to: to, fraction: progress)
            }
        case .keyframe(let a):
            a.apply(to: &state, progress: eased, cycle: resolution.cycle)
        case .group(let g):
            let childTime = eased * timing.duration
            for child in g.animations {
                child.apply(to: &state, parentTime: childTime, isGroupChild: true, groupDuration: timing.duration)
            }
        case .transition:
            break  // transitions act on the rendered image, not on property values
        }
    }
}

extension PropertyAnimation {
    /// Resolves endpoints against the underlying value, interpolates with `interpolate`, and
    /// writes the result (see ``finish(_:from:to:underlying:cycle:endFraction:state:)``).
    func apply(
        to state: inout LayerState, cycle: Double, endFraction: Double = 1,
        endpoints: (AnimatableValue) -> (AnimatableValue, AnimatableValue),
        interpolate: (AnimatableValue, AnimatableValue) -> AnimatableValue
    ) {
        guard keyPath.isValid, let underlying = state.value(at: keyPath) else { return }
        let (from, to) = endpoints(valueFunction?.identityValue ?? underlying)
        let value = interpolate(from, to)
        let end = isCumulative && cycle > 0 ? AnimatableValue.interpolate(from: from, to: to, fraction: endFraction) : value
        finish(value, cycleEnd: end, underlying: underlying, cycle: cycle, state: &state)
    }

    /// Applies `cumulative` (`k · V(end) + V(f)` in cycle `k`), the value function and `additive`,
    /// then writes the key path.
    func finish(_ interpolated: AnimatableValue, cycleEnd: AnimatableValue, underlying: AnimatableValue, cycle: Double, state: inout LayerState) {
        var value = interpolated
        if isCumulative && cycle > 0 {
            value = .add(.scale(cycleEnd, by: cycle), value)
        }
        if let valueFunction {
            value = .transform(valueFunction.transform(for: value))
        }
        if isAdditive {
            value = .add(underlying, value)
        }
        state.set(keyPath, to: value)
    }
}
