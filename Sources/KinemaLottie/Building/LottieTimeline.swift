/// When a property's keyframes fall and how each segment eases, without the values: shapes
/// made from several properties can be keyframed at their frames only when they all agree.
struct LottieTimeline: Equatable {
    var times: [Double]
    var holds: [Bool]
    var eases: [[Double]]

    init<V>(_ property: LottieProperty<V>) {
        times = property.keyframes.map(\.time)
        holds = property.keyframes.map(\.isHold)
        eases = property.keyframes.map { [$0.outEase.x, $0.outEase.y, $0.inEase.x, $0.inEase.y] }
    }

    var isAnimated: Bool { times.count > 1 }
}

/// A value computed from several Lottie properties (a rectangle's path from its position, size
/// and radius; a trim's start from its start, end and offset).
struct LottieCombined<Value> {
    var timelines: [LottieTimeline]
    var value: (Double) -> Value

    /// How to animate it: `nil` when nothing changes; the shared keyframes when every animated
    /// property has the same timing; otherwise every whole frame over the span.
    enum Plan {
        case keyframes([LottieKeyframe<Value>])
        case sampled(from: Double, to: Double)
    }

    var plan: Plan? {
        let animated = timelines.filter(\.isAnimated)
        guard let first = animated.first else { return nil }
        if animated.allSatisfy({ $0 == first }) {
            let keys = first.times.indices.map { k in
                var key = LottieKeyframe(time: first.times[k], value: value(first.times[k]))
                key.isHold = first.holds[k]
                let e = first.eases[k]
                key.outEase = (e[0], e[1])
                key.inEase = (e[2], e[3])
                return key
            }
            return .keyframes(keys)
        }
        let start = animated.compactMap(\.times.first).min() ?? 0
        let end = animated.compactMap(\.times.last).max() ?? 0
        return .sampled(from: start, to: end)
    }
}

extension LottieProperty where Value == LottieBezier {
    /// The shape at `frame`, vertex by vertex between keyframes.
    func value(at frame: Double) -> LottieBezier {
        let (i, f) = segment(at: frame)
        let a = keyframes[i].value
        guard f != 0, i + 1 < keyframes.count else { return a }
        return a.interpolated(to: keyframes[i + 1].value, fraction: f)
    }
}

extension LottieProperty where Value == Double {
    /// The value at `frame`.
    func value(at frame: Double) -> Double {
        let (i, f) = segment(at: frame)
        let a = keyframes[i].value
        guard f != 0, i + 1 < keyframes.count else { return a }
        return a + (keyframes[i + 1].value - a) * f
    }
}
