import KinemaTiming

/// One keyframe of an animated Lottie property.
///
/// Lottie stores a segment's easing on the keyframe that starts it: the curve from keyframe k to
/// k + 1 runs from (0, 0) through `outEase` (k's `o`) and `inEase` (k's `i`) to (1, 1), x being
/// the fraction of the segment's time and y the fraction of its change (y may overshoot).
struct LottieKeyframe<Value> {
    /// The keyframe's time, in frames of the composition that holds the property.
    var time: Double
    var value: Value
    /// `h: 1`: the value stays until the next keyframe, then jumps.
    var isHold = false
    /// The segment's first easing handle (`o`), default linear (0, 0).
    var outEase = (x: 0.0, y: 0.0)
    /// The segment's second easing handle (`i`), default linear (1, 1).
    var inEase = (x: 1.0, y: 1.0)
    /// Spatial tangents of a position segment (`to`, `ti`), relative to the segment's start and
    /// end points; zero when absent.
    var spatialOut: [Double] = []
    var spatialIn: [Double] = []

    /// The segment's easing as a Core Animation timing function (`CAMediaTimingFunction`'s
    /// control points), x clamped to [0, 1] as Core Animation requires.
    var timingFunction: TimingFunction {
        func unit(_ x: Double) -> Double { min(max(x.isFinite ? x : 0, 0), 1) }
        func finite(_ y: Double) -> Double { y.isFinite ? min(max(y, -1e6), 1e6) : 0 }
        return TimingFunction(controlPoints: unit(outEase.x), finite(outEase.y), unit(inEase.x), finite(inEase.y))
    }

    /// Whether this segment's spatial tangents are not both zero.
    var hasSpatialTangents: Bool {
        spatialOut.contains { $0 != 0 } || spatialIn.contains { $0 != 0 }
    }
}

/// A Lottie property: one value, or keyframes in ascending time.
struct LottieProperty<Value> {
    var keyframes: [LottieKeyframe<Value>]

    init(_ value: Value) { keyframes = [LottieKeyframe(time: 0, value: value)] }
    init(keyframes: [LottieKeyframe<Value>]) { self.keyframes = keyframes }

    /// Whether the value changes over time.
    var isAnimated: Bool { keyframes.count > 1 }
    /// The value before the first keyframe (and the value of a static property).
    var initialValue: Value { keyframes[0].value }

    func map<T>(_ transform: (Value) -> T) -> LottieProperty<T> {
        LottieProperty<T>(
            keyframes: keyframes.map {
                LottieKeyframe<T>(
                    time: $0.time, value: transform($0.value), isHold: $0.isHold, outEase: $0.outEase, inEase: $0.inEase,
                    spatialOut: $0.spatialOut, spatialIn: $0.spatialIn)
            })
    }

    /// The segment holding `frame` and its eased fraction: before the first keyframe and after
    /// the last, the end values hold; a hold segment keeps its start value.
    func segment(at frame: Double) -> (index: Int, fraction: Double) {
        let n = keyframes.count
        if n == 1 || frame <= keyframes[0].time { return (0, 0) }
        if frame >= keyframes[n - 1].time { return (n - 1, 0) }
        var i = 0
        while i + 1 < n - 1 && keyframes[i + 1].time <= frame { i += 1 }
        let k = keyframes[i]
        if k.isHold { return (i, 0) }
        let span = keyframes[i + 1].time - k.time
        let s = span > 0 ? (frame - k.time) / span : 1
        return (i, k.timingFunction.evaluate(min(max(s, 0), 1)))
    }

    /// The times of the keyframes, frames.
    var times: [Double] { keyframes.map(\.time) }
}

extension LottieProperty where Value == [Double] {
    /// The value at `frame`, component by component (spatial tangents are ignored here: only the
    /// builder's position paths follow them).
    func value(at frame: Double) -> [Double] {
        let (i, f) = segment(at: frame)
        let a = keyframes[i].value
        guard f != 0, i + 1 < keyframes.count else { return a }
        let b = keyframes[i + 1].value
        return (0..<min(a.count, b.count)).map { a[$0] + (b[$0] - a[$0]) * f }
    }

    /// Component `index` of the value at `frame` (0 when missing).
    func component(_ index: Int, at frame: Double) -> Double {
        let v = value(at: frame)
        return index < v.count ? v[index] : 0
    }
}
