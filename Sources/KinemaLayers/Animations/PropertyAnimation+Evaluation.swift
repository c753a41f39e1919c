import KinemaGeometry
import KinemaTiming

/// What every property animation does with an interpolated value, stored flat so that a frame
/// copies no animation struct.
struct PropertyWriter {
    let keyPath: LayerKeyPath
    let isAdditive: Bool
    let isCumulative: Bool
    let valueFunction: ValueFunction?

    init(_ a: some PropertyAnimation) {
        self.init(keyPath: a.keyPath, isAdditive: a.isAdditive, isCumulative: a.isCumulative, valueFunction: a.valueFunction)
    }

    init(keyPath: LayerKeyPath, isAdditive: Bool, isCumulative: Bool, valueFunction: ValueFunction?) {
        self.keyPath = keyPath
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
        self.valueFunction = valueFunction
    }

    /// Applies `cumulative` (`k · V(end) + V(f)` in cycle `k`, where `V(end)` is where one cycle
    /// ends: the end value, or the start value when the animation autoreverses), the value function and
    /// `additive`, then writes the key path.
    func write(
        _ interpolated: AnimatableValue, cycleEnd: @autoclosure () -> AnimatableValue, underlying: AnimatableValue?, cycle: Double,
        state: inout LayerState
    ) {
        var value = interpolated
        if isCumulative && cycle > 0 {
            value = .add(.scale(cycleEnd(), by: cycle), value)
        }
        if let valueFunction {
            value = .transform(valueFunction.transform(for: value))
        }
        if isAdditive, let underlying {
            value = .add(underlying, value)
        }
        state.set(keyPath, to: value)
    }
}

/// Resolves the eight from/to/by combinations against the underlying value `u`.
func resolveEndpoints(
    from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?, underlying u: AnimatableValue
) -> (AnimatableValue, AnimatableValue) {
    switch (from, to, by) {
    case (let f?, let t?, _): (f, t)
    case (let f?, nil, let b?): (f, .add(f, b))
    case (let f?, nil, nil): (f, u)
    case (nil, let t?, let b?): (.subtract(t, b), t)
    case (nil, let t?, nil): (u, t)
    case (nil, nil, let b?): (u, .add(u, b))
    case (nil, nil, nil): (u, u)
    }
}
