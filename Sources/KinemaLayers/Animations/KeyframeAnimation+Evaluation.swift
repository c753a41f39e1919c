import Foundation
import KinemaGeometry
import KinemaTiming

extension KeyframeAnimation {
    func apply(to state: inout LayerState, progress p: Double, cycle: Double) {
        guard keyPath.isValid, let underlying = state.value(at: keyPath) else { return }
        if let path {
            guard keyPath.valueKind == .point, let sample = pathSample(path, at: p) else { return }
            let end = isCumulative && cycle > 0 ? (pathSample(path, at: 1)?.point ?? sample.point) : sample.point
            finish(.point(sample.point), cycleEnd: .point(end), underlying: underlying, cycle: cycle, state: &state)
            if let rotationMode {
                let angle = sample.angle + (rotationMode == .rotateAutoReverse ? Double.pi : 0)
                state.transform = state.transform.concatenating(.makeRotation(angle, 0, 0, 1))
            }
            return
        }
        guard let value = value(atProgress: p) else { return }
        let end = isCumulative && cycle > 0 ? (self.value(atProgress: 1) ?? value) : value
        finish(value, cycleEnd: end, underlying: underlying, cycle: cycle, state: &state)
    }

    /// The value for eased progress `p` in `[0, 1]` from ``values`` (ignoring ``path``), or
    /// `nil` when there are no values.
    public func value(atProgress p: Double) -> AnimatableValue? {
        let n = values.count
        guard n > 0 else { return nil }
        if n == 1 { return values[0] }
        switch calculationMode {
        case .discrete:
            let k = discreteKeyTimes(count: n)
            var index = 0
            for (i, t) in k.enumerated() where t <= p { index = i }
            return values[min(index, n - 1)]
        case .linear:
            return linearValue(p, keyTimes: validKeyTimes(count: n) ?? uniform(n), curves: timingFunctions)
        case .paced:
            return linearValue(p, keyTimes: pacedKeyTimes(), curves: nil)
        case .cubic, .cubicPaced:
            guard let spline = CubicSpline(keyframes: self) else {
                return linearValue(p, keyTimes: calculationMode == .cubic ? (validKeyTimes(count: n) ?? uniform(n)) : pacedKeyTimes(), curves: nil)
            }
            return calculationMode == .cubic ? spline.value(atProgress: p, curves: timingFunctions) : spline.pacedValue(atProgress: p)
        }
    }

    /// Evenly spaced key times for `n` values.
    func uniform(_ n: Int) -> [Double] {
        (0..<n).map { Double($0) / Double(n - 1) }
    }

    /// The given key times when they are valid for `count` values: that many, non-decreasing,
    /// in `[0, 1]`, starting at 0 and ending at 1.
    func validKeyTimes(count: Int) -> [Double]? {
        guard let k = keyTimes, k.count == count, k.first == 0, k.last == 1,
              zip(k, k.dropFirst()).allSatisfy({ $0 <= $1 }), k.allSatisfy({ (0...1).contains($0) })
        else { return nil }
        return k
    }

    /// Key times for discrete mode: `n + 1` entries (the last value shows from `k[n−1]`); `n`
    /// entries are taken as segment starts; otherwise `i/n`.
    func discreteKeyTimes(count n: Int) -> [Double] {
        if let k = keyTimes, k.count == n + 1 || k.count == n,
           zip(k, k.dropFirst()).allSatisfy({ $0 <= $1 }), k.allSatisfy({ (0...1).contains($0) }) {
            return Array(k.prefix(n))
        }
        return (0..<n).map { Double($0) / Double(n) }
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
        let last = k.count - 2
        var i = 0
        for j in 0...last where k[j] <= p { i = j }
        let span = k[i + 1] - k[i]
        let s = span > 0 ? (p - k[i]) / span : 1
        return (i, min(max(s, 0), 1))
    }

    func linearValue(_ p: Double, keyTimes k: [Double], curves: [TimingFunction]?) -> AnimatableValue {
        let n = values.count
        if p <= k[0] { return values[0] }
        if p >= k[n - 1] { return values[n - 1] }
        let (i, s) = Self.segment(containing: p, keyTimes: k)
        let eased = curves.flatMap { i < $0.count ? $0[i].evaluate(s) : nil } ?? s
        return .interpolate(from: values[i], to: values[i + 1], fraction: eased)
    }

    /// A point on `path` and the tangent angle (radians) there, for progress `p`.
    func pathSample(_ path: Path, at p: Double) -> (point: Point, angle: Double)? {
        let segments = path.segments
        guard !segments.isEmpty else { return nil }
        switch calculationMode {
        case .paced, .cubicPaced:
            let length = path.length
            let distance = min(max(p, 0), 1) * length
            guard let point = path.point(atLength: distance) else { return nil }
            return (point, path.tangentAngle(atLength: distance) ?? 0)
        case .linear, .cubic, .discrete:
            let n = segments.count
            let k: [Double]
            if let given = keyTimes, given.count == n + 1, given.first == 0, given.last == 1,
               zip(given, given.dropFirst()).allSatisfy({ $0 <= $1 }) {
                k = given
            } else {
                k = (0...n).map { Double($0) / Double(n) }
            }
            let clamped = min(max(p, 0), 1)
            var (i, s) = Self.segment(containing: clamped, keyTimes: k)
            if calculationMode == .discrete { s = clamped >= 1 && i == n - 1 ? 1 : 0 }
            let eased = timingFunctions.flatMap { i < $0.count ? $0[i].evaluate(s) : nil } ?? s
            let segment = segments[i]
            return (segment.point(at: eased), Self.tangentAngle(of: segment, at: eased))
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
