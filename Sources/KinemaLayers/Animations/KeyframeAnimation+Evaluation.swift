import Foundation
import KinemaGeometry
import KinemaTiming

extension KeyframeAnimation {
    /// The value for eased progress `p` in `[0, 1]` from ``values`` (ignoring ``path``), or
    /// `nil` when there are no values.
    public func value(atProgress p: Double) -> AnimatableValue? {
        KeyframeTable(self).value(at: p, values: values, curves: timingFunctions)
    }

    /// Evenly spaced key times for `n` values.
    func uniform(_ n: Int) -> [Double] {
        (0..<n).map { Double($0) / Double(n - 1) }
    }

    /// Whether `k` never decreases and stays in `[0, 1]`.
    static func isOrderedInUnitInterval(_ k: [Double]) -> Bool {
        zip(k, k.dropFirst()).allSatisfy { $0 <= $1 } && k.allSatisfy { (0...1).contains($0) }
    }

    /// The given key times when they are valid for `count` keys: that many, ordered, in
    /// `[0, 1]`, starting at 0 and ending at 1.
    func validKeyTimes(count: Int) -> [Double]? {
        guard let k = keyTimes, k.count == count, k.first == 0, k.last == 1, Self.isOrderedInUnitInterval(k) else { return nil }
        return k
    }

    /// Key times for discrete mode: `n + 1` entries (the last value shows from `k[n−1]`); `n`
    /// entries are taken as segment starts; otherwise `i/n`.
    func discreteKeyTimes(count n: Int) -> [Double] {
        if let k = keyTimes, k.count == n + 1 || k.count == n, Self.isOrderedInUnitInterval(k) {
            return Array(k.prefix(n))
        }
        return (0..<n).map { Double($0) / Double(n) }
    }

    /// Fraction `s` of segment `i` through that segment's curve, when `curves` has one.
    static func ease(_ s: Double, segment i: Int, curves: [TimingFunction]?) -> Double {
        guard let curves, i < curves.count else { return s }
        return curves[i].evaluate(s)
    }

    /// Key times proportional to the distance travelled between values (uniform when all are 0).
    func pacedKeyTimes() -> [Double] {
        let n = values.count
        var cumulative = [0.0]
        for i in 1..<n {
            cumulative.append(cumulative[i - 1] + AnimatableValue.distance(values[i - 1], values[i]))
        }
        guard let total = cumulative.last, total > 0 else { return uniform(n) }
        return cumulative.map { $0 / total }
    }

    /// The segment containing `p` (the last whose start ≤ `p`) and the local fraction in it.
    static func segment(containing p: Double, keyTimes k: [Double]) -> (index: Int, fraction: Double) {
        k.withUnsafeBufferPointer { segment(containing: p, keyTimes: $0) }
    }

    /// The segment containing `p` among key times read in place.
    static func segment(containing p: Double, keyTimes k: UnsafeBufferPointer<Double>) -> (index: Int, fraction: Double) {
        let last = k.count - 2
        var i = 0
        for j in 0...last where k[j] <= p { i = j }
        let span = k[i + 1] - k[i]
        let s = span > 0 ? (p - k[i]) / span : 1
        return (i, min(max(s, 0), 1))
    }

    static func linearValue(_ p: Double, values: [AnimatableValue], keyTimes k: [Double], curves: [TimingFunction]?) -> AnimatableValue {
        k.withUnsafeBufferPointer { k in
            linearValue(p, keyTimes: k, value: { values[$0] }, ease: { ease($0, segment: $1, curves: curves) })
        }
    }

    /// Linear keyframes read in place: one key time per value, `value(i)` the value of key `i`
    /// and `ease(s, i)` fraction `s` of segment `i` through its curve.
    @inline(__always)
    static func linearValue(
        _ p: Double, keyTimes k: UnsafeBufferPointer<Double>, value: (Int) -> AnimatableValue, ease: (Double, Int) -> Double
    ) -> AnimatableValue {
        let n = k.count
        if p <= k[0] { return value(0) }
        if p >= k[n - 1] { return value(n - 1) }
        let (i, s) = Self.segment(containing: p, keyTimes: k)
        return .interpolate(from: value(i), to: value(i + 1), fraction: ease(s, i))
    }

    /// The key showing at `p` in discrete mode: the last whose time is at most `p`, else the first.
    @inline(__always)
    static func discreteIndex(_ p: Double, keyTimes k: UnsafeBufferPointer<Double>) -> Int {
        var index = 0
        for i in k.indices where k[i] <= p { index = i }
        return index
    }
}

/// A keyframe path prepared once: its segments, total length and segment key times.
struct PreparedPath {
    let path: Path
    let segments: [PathSegment]
    let length: Double
    let keyTimes: [Double]
    let mode: KeyframeAnimation.CalculationMode
    let curves: [TimingFunction]?
    let rotationMode: KeyframeAnimation.RotationMode?

    init(_ path: Path, animation a: KeyframeAnimation) {
        self.path = path
        segments = path.segments
        length = path.length
        mode = a.calculationMode
        curves = a.timingFunctions
        rotationMode = a.rotationMode
        let n = segments.count
        keyTimes = a.validKeyTimes(count: n + 1) ?? (n > 0 ? (0...n).map { Double($0) / Double(n) } : [])
    }

    /// The extra z rotation for a tangent angle, per `rotationMode` (`nil` when none).
    func rotation(for angle: Double) -> Double? {
        guard let rotationMode else { return nil }
        return angle + (rotationMode == .rotateAutoReverse ? Double.pi : 0)
    }

    /// A point on the path and the tangent angle (radians) there, for progress `p`.
    func sample(at p: Double) -> (point: Point, angle: Double)? {
        guard !segments.isEmpty else { return nil }
        let clamped = min(max(p, 0), 1)
        switch mode {
        case .paced, .cubicPaced:
            let distance = clamped * length
            guard let point = path.point(atLength: distance) else { return nil }
            return (point, path.tangentAngle(atLength: distance) ?? 0)
        case .linear, .cubic, .discrete:
            let n = segments.count
            var (i, s) = KeyframeAnimation.segment(containing: clamped, keyTimes: keyTimes)
            if mode == .discrete { s = clamped >= 1 && i == n - 1 ? 1 : 0 }
            let eased = KeyframeAnimation.ease(s, segment: i, curves: curves)
            let segment = segments[i]
            return (segment.point(at: eased), PreparedPath.tangentAngle(of: segment, at: eased))
        }
    }

    /// The direction of `segment` at parameter `s`; where the derivative vanishes, the limit
    /// direction just inside the segment, else the chord.
    static func tangentAngle(of segment: PathSegment, at s: Double) -> Double {
        for probe in [s, s + 1e-6, s - 1e-6, 1e-3, 1 - 1e-3] where (0...1).contains(probe) {
            let d = segment.derivative(at: probe)
            if d.dx * d.dx + d.dy * d.dy > 1e-18 { return atan2(d.dy, d.dx) }
        }
        let a = segment.point(at: 0), b = segment.point(at: 1)
        return atan2(b.y - a.y, b.x - a.x)
    }
}

/// What a keyframe animation needs at every frame, computed once: effective key times, the
/// spline for cubic modes, the path's segments.
struct KeyframeTable {
    enum Mode {
        case empty
        case constant
        case discrete([Double])
        case linear([Double], usesCurves: Bool)
        case spline(CubicSpline, paced: Bool)
    }

    let mode: Mode

    init(_ a: KeyframeAnimation) {
        let n = a.values.count
        switch (n, a.calculationMode) {
        case (0, _): mode = .empty
        case (1, _): mode = .constant
        case (_, .discrete): mode = .discrete(a.discreteKeyTimes(count: n))
        case (_, .linear): mode = .linear(a.validKeyTimes(count: n) ?? a.uniform(n), usesCurves: true)
        case (_, .paced): mode = .linear(a.pacedKeyTimes(), usesCurves: false)
        case (_, .cubic), (_, .cubicPaced):
            if let spline = CubicSpline(keyframes: a) {
                mode = .spline(spline, paced: a.calculationMode == .cubicPaced)
            } else if a.calculationMode == .cubic {
                mode = .linear(a.validKeyTimes(count: n) ?? a.uniform(n), usesCurves: true)
            } else {
                mode = .linear(a.pacedKeyTimes(), usesCurves: false)
            }
        }
    }

    func value(at p: Double, values: [AnimatableValue], curves: [TimingFunction]?) -> AnimatableValue? {
        switch mode {
        case .empty: return nil
        case .constant: return values[0]
        case .discrete(let k):
            let index = k.withUnsafeBufferPointer { KeyframeAnimation.discreteIndex(p, keyTimes: $0) }
            return values[min(index, values.count - 1)]
        case .linear(let k, let usesCurves):
            return KeyframeAnimation.linearValue(p, values: values, keyTimes: k, curves: usesCurves ? curves : nil)
        case .spline(let spline, let paced):
            return paced ? spline.pacedValue(atProgress: p) : spline.value(atProgress: p, curves: curves)
        }
    }
}
