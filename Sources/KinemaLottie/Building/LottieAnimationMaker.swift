import KinemaGeometry
import KinemaLayers
import KinemaTiming

/// Turns Lottie keyframes into Core Animation keyframe animations, as lottie-ios's Core
/// Animation engine does: key times from the keyframes' frames, one timing function per segment
/// from its easing handles, hold keyframes as an instant jump at the next keyframe's time (two
/// key times that are equal, which `CAKeyframeAnimation` allows), and `fillMode = both` so the
/// end values hold before the first keyframe and after the last.
struct LottieAnimationMaker {
    /// The frame rate of the composition whose frames the keyframe times count.
    var frameRate: Double
    /// Inside a time-remapped precomposition: how the frames of the layer time the animations
    /// run in map to the composition's own frames, and the frames to sample. Core Animation has
    /// no curve from one time to another, so every value there is sampled at each whole frame,
    /// as lottie-ios samples it.
    var remap: LottieRemap?

    /// A `beginTime` of exactly 0 means "now" to Core Animation; AVFoundation's
    /// `AVCoreAnimationBeginTimeAtZero` (1e-100) is the documented way to say time zero.
    static let beginTimeAtZero = 1e-100

    /// A keyframe animation of `keyPath` through `keyframes` (values already converted), or
    /// `nil` when there is only one.
    func animation(_ keyPath: LayerKeyPath, _ keyframes: [LottieKeyframe<AnimatableValue>]) -> KeyframeAnimation? {
        if remap != nil, keyframes.count > 1 {
            let property = LottieProperty(keyframes: keyframes)
            return remapped(keyPath) { property.value(at: $0) }
        }
        guard keyframes.count > 1, let first = keyframes.first, let last = keyframes.last, last.time > first.time else { return nil }
        var values: [AnimatableValue] = [], times: [Double] = [], curves: [TimingFunction] = []
        for (k, key) in keyframes.enumerated() {
            values.append(key.value)
            times.append(key.time)
            guard k + 1 < keyframes.count else { break }
            if key.isHold {
                // Hold: stay, then jump at the next keyframe.
                values.append(key.value)
                times.append(keyframes[k + 1].time)
                curves.append(.linear)
                curves.append(.linear)
            } else {
                curves.append(key.timingFunction)
            }
        }
        let span = last.time - first.time
        var animation = KeyframeAnimation(keyPath: keyPath)
        animation.values = values
        animation.keyTimes = times.map { min(max(($0 - first.time) / span, 0), 1) }
        animation.timingFunctions = curves
        timed(&animation, from: first.time, to: last.time)
        return animation
    }

    /// A position animation along the keyframes' spatial curves: segment k runs from v_k
    /// through v_k + to_k and v_{k+1} + ti_k to v_{k+1}, travelled at the curve's own parameter
    /// (as `CAKeyframeAnimation.path` does), eased by the segment's timing function.
    func positionAlongPath(_ keyPath: LayerKeyPath, _ keyframes: [LottieKeyframe<[Double]>]) -> KeyframeAnimation? {
        if remap != nil, keyframes.count > 1 {
            let property = LottieProperty(keyframes: keyframes)
            return remapped(keyPath) { .point(property.pointAlongPath(at: $0)) }
        }
        guard keyframes.count > 1, let first = keyframes.first, let last = keyframes.last, last.time > first.time else { return nil }
        func offset(_ p: Point, _ d: [Double]) -> Point {
            Point(x: p.x + (d.count > 0 ? d[0] : 0), y: p.y + (d.count > 1 ? d[1] : 0))
        }
        var path = Path()
        var times: [Double] = [first.time], curves: [TimingFunction] = []
        path.move(to: Point(lottie: first.value))
        for k in 0..<(keyframes.count - 1) {
            let a = keyframes[k], b = keyframes[k + 1]
            let start = Point(lottie: a.value), end = Point(lottie: b.value)
            if a.isHold {
                // Stay (a segment of no length), then jump (a segment of no time).
                path.addCurve(to: start, control1: start, control2: start)
                path.addCurve(to: end, control1: start, control2: end)
                times += [b.time, b.time]
                curves += [.linear, .linear]
            } else {
                path.addCurve(to: end, control1: offset(start, a.spatialOut), control2: offset(end, a.spatialIn))
                times.append(b.time)
                curves.append(a.timingFunction)
            }
        }
        let span = last.time - first.time
        var animation = KeyframeAnimation(keyPath: keyPath)
        animation.path = path
        animation.keyTimes = times.map { min(max(($0 - first.time) / span, 0), 1) }
        animation.timingFunctions = curves
        timed(&animation, from: first.time, to: last.time)
        return animation
    }

    /// Linear keyframes at every whole frame from `start` to `end` (and `end` itself), for
    /// values Core Animation cannot animate from the file's keyframes (several properties of one
    /// shape with different key times), as lottie-ios samples them.
    func sampled(_ keyPath: LayerKeyPath, from start: Double, to end: Double, value: (Double) -> AnimatableValue) -> KeyframeAnimation? {
        if remap != nil { return remapped(keyPath, value) }
        guard end > start else { return nil }
        var frames: [Double] = []
        var f = start
        while f < end && frames.count < 100_000 {
            frames.append(f)
            f = (f + 1).rounded(.down)
        }
        frames.append(end)
        let keys = frames.map { LottieKeyframe(time: $0, value: value($0)) }
        return animation(keyPath, keys)
    }

    /// Inside a time-remapped precomposition: `value` (of a frame of the composition) at each
    /// sampled frame, as linear keyframes in the frames the animations run in.
    private func remapped(_ keyPath: LayerKeyPath, _ value: (Double) -> AnimatableValue) -> KeyframeAnimation? {
        guard let remap else { return nil }
        return LottieAnimationMaker(frameRate: frameRate).animation(
            keyPath, remap.frames.map { LottieKeyframe(time: $0, value: value(remap.map($0))) })
    }

    private func timed(_ animation: inout KeyframeAnimation, from start: Double, to end: Double) {
        let begin = start / frameRate
        animation.beginTime = begin == 0 ? Self.beginTimeAtZero : begin
        animation.duration = (end - start) / frameRate
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
        animation.calculationMode = .linear
    }
}

/// A time-remapped precomposition's frames: `map` takes a frame of the layer time the
/// animations run in to a frame of the composition, and `frames` are the frames sampled.
struct LottieRemap {
    var map: (Double) -> Double
    var frames: [Double]

    /// The most frames sampled, so that a long remapped animation stays a bounded number of
    /// keyframes per property.
    static let maximumFrames = 10_000
}

extension LottieProperty where Value == AnimatableValue {
    /// The value at `frame`, eased between keyframes.
    func value(at frame: Double) -> AnimatableValue {
        let (i, f) = segment(at: frame)
        guard f != 0, i + 1 < keyframes.count else { return keyframes[i].value }
        return .interpolate(from: keyframes[i].value, to: keyframes[i + 1].value, fraction: f)
    }
}

extension LottieProperty where Value == [Double] {
    /// A position at `frame` along the keyframes' spatial curves, at the eased curve parameter
    /// (as ``LottieAnimationMaker/positionAlongPath(_:_:)`` animates it).
    func pointAlongPath(at frame: Double) -> Point {
        let (i, s) = segment(at: frame)
        let a = keyframes[i]
        guard s != 0, i + 1 < keyframes.count else { return Point(lottie: a.value) }
        let p0 = Point(lottie: a.value), p3 = Point(lottie: keyframes[i + 1].value)
        let p1 = Point(x: p0.x + (a.spatialOut.first ?? 0), y: p0.y + (a.spatialOut.count > 1 ? a.spatialOut[1] : 0))
        let p2 = Point(x: p3.x + (a.spatialIn.first ?? 0), y: p3.y + (a.spatialIn.count > 1 ? a.spatialIn[1] : 0))
        let u = 1 - s
        func c(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
            u * u * u * a + 3 * u * u * s * b + 3 * u * s * s * c + s * s * s * d
        }
        return Point(x: c(p0.x, p1.x, p2.x, p3.x), y: c(p0.y, p1.y, p2.y, p3.y))
    }
}

extension LottieProperty {
    /// The keyframes with their values converted for a layer.
    func keyframes(_ convert: (Value) -> AnimatableValue) -> [LottieKeyframe<AnimatableValue>] {
        map(convert).keyframes
    }

    /// Whether `other` changes at the same frames with the same easing, so that a value made from
    /// both can be keyframed at those frames.
    func sharesTiming<T>(with other: LottieProperty<T>) -> Bool {
        guard keyframes.count == other.keyframes.count else { return false }
        return zip(keyframes, other.keyframes).allSatisfy { a, b in
            a.time == b.time && a.isHold == b.isHold && a.outEase == b.outEase && a.inEase == b.inEase
        }
    }
}
