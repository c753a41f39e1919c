import Foundation
import KinemaLayers

/// A trim path as Core Animation's `strokeStart` and `strokeEnd`, as lottie-ios sets them: the
/// start is min(s, e)/100 and the end max(s, e)/100, both moved by the offset o/360 of a turn;
/// a span that wraps past the path's end draws from a path repeated twice; 0…100 draws the
/// whole path whatever the offset; s = e draws nothing.
struct LottieTrim {
    let start: LottieProperty<Double>
    let end: LottieProperty<Double>
    let offset: LottieProperty<Double>
    /// Whether, at some frame, the trimmed span runs past the end of the path.
    let needsRepeat: Bool

    init(_ item: LottieShapeItem) {
        if case .trim(let s, let e, let o) = item {
            (start, end, offset) = (s, e, o)
        } else {
            (start, end, offset) = (LottieProperty(0), LottieProperty(100), LottieProperty(0))
        }
        let frames = Self.frames(of: [start.times, end.times, offset.times])
        let (s, e, o) = (start, end, offset)
        needsRepeat = frames.contains { Self.span(s.value(at: $0), e.value(at: $0), o.value(at: $0)).end > 1 }
    }

    /// Every whole frame between the first and last keyframe of any of the properties, and the
    /// keyframes themselves.
    private static func frames(of times: [[Double]]) -> [Double] {
        let all = times.flatMap { $0 }
        guard let lo = all.min(), let hi = all.max(), hi > lo else { return Array(Set(all)) }
        var result = Set(all)
        var f = lo.rounded(.up)
        while f < hi && result.count < 100_000 {
            result.insert(f)
            f += 1
        }
        return result.sorted()
    }

    /// The drawn span as fractions of the path, start in [0, 1).
    static func span(_ s: Double, _ e: Double, _ o: Double) -> (start: Double, end: Double) {
        let lo = min(max(min(s, e) / 100, 0), 1), hi = min(max(max(s, e) / 100, 0), 1)
        if hi - lo >= 1 { return (0, 1) }
        if hi == lo { return (0, 0) }
        let shift = o / 360
        var a = lo + shift, b = hi + shift
        let whole = a.rounded(.down)
        a -= whole
        b -= whole
        return (a, b)
    }

    func apply(to layer: ShapeLayer, maker: LottieAnimationMaker) {
        let scale = needsRepeat ? 0.5 : 1
        let (s, e, o) = (start, end, offset)
        func at(_ f: Double) -> (Double, Double) {
            let span = Self.span(s.value(at: f), e.value(at: f), o.value(at: f))
            return (span.start * scale, span.end * scale)
        }
        let first = at(start.times.first ?? 0)
        layer.strokeStart = first.0
        layer.strokeEnd = first.1
        let combined = LottieCombined(timelines: [LottieTimeline(start), LottieTimeline(end), LottieTimeline(offset)]) { at($0) }
        guard let plan = combined.plan else { return }
        // Keyframes are exact only while the span is linear in s, e and o: the same one of s and
        // e is the start, and no wrap moves it; otherwise every frame is sampled.
        var linear = false
        if case .keyframes = plan {
            let frames = Self.frames(of: [start.times, end.times, offset.times])
            let order = frames.map { s.value(at: $0) <= e.value(at: $0) }
            let wraps = frames.map { (min(s.value(at: $0), e.value(at: $0)) / 100 + o.value(at: $0) / 360).rounded(.down) }
            let full = frames.map { abs(s.value(at: $0) - e.value(at: $0)) >= 100 || s.value(at: $0) == e.value(at: $0) }
            linear = Set(order).count == 1 && Set(wraps).count == 1 && !full.contains(true)
        }
        for (index, key) in [(0, "strokeStart"), (1, "strokeEnd")] {
            let keyPath = LayerKeyPath(stringLiteral: key)
            let animation: KeyframeAnimation?
            switch plan {
            case .keyframes(let keys) where linear:
                animation = maker.animation(
                    keyPath,
                    keys.map { k in
                        var c = LottieKeyframe<AnimatableValue>(time: k.time, value: .number(index == 0 ? k.value.0 : k.value.1))
                        c.isHold = k.isHold
                        c.outEase = k.outEase
                        c.inEase = k.inEase
                        return c
                    })
            case .keyframes(let keys):
                animation = maker.sampled(keyPath, from: keys.first?.time ?? 0, to: keys.last?.time ?? 0) {
                    .number(index == 0 ? at($0).0 : at($0).1)
                }
            case .sampled(let from, let to):
                animation = maker.sampled(keyPath, from: from, to: to) { .number(index == 0 ? at($0).0 : at($0).1) }
            }
            if let animation { layer.add(animation, forKey: key) }
        }
    }
}
