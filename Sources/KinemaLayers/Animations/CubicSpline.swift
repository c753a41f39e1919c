import Foundation
import KinemaGeometry
import KinemaTiming

/// A Kochanek–Bartels spline through keyframe values, for the `cubic` and `cubicPaced` modes.
///
/// Values become vectors (numbers, points, sizes, rects, colours, number arrays); end keys are
/// duplicated for their tangents; tangents at interior keys are rescaled for non-uniform key
/// times. With tension, continuity and bias all 0 this is a Catmull-Rom spline.
struct CubicSpline {
    let keys: [[Double]]
    let template: AnimatableValue
    let keyTimes: [Double]
    /// Outgoing tangent at each key (start of the segment that begins there).
    let outgoing: [[Double]]
    /// Incoming tangent at each key (end of the segment that ends there).
    let incoming: [[Double]]

    init?(keyframes a: KeyframeAnimation) {
        let n = a.values.count
        guard n >= 2, let first = a.values.first else { return nil }
        var keys: [[Double]] = []
        for v in a.values {
            guard let vector = CubicSpline.vector(v), vector.count == CubicSpline.vector(first)?.count else { return nil }
            keys.append(vector)
        }
        self.keys = keys
        self.template = first
        let k = a.calculationMode == .cubic ? (a.validKeyTimes(count: n) ?? a.uniform(n)) : a.uniform(n)
        self.keyTimes = k
        func param(_ list: [Double], _ i: Int) -> Double { i < list.count ? list[i] : 0 }
        var outgoing: [[Double]] = []
        var incoming: [[Double]] = []
        for i in 0..<n {
            let prev = keys[max(i - 1, 0)], here = keys[i], next = keys[min(i + 1, n - 1)]
            let t = param(a.tensionValues, i), c = param(a.continuityValues, i), b = param(a.biasValues, i)
            let d0 = zip(here, prev).map { $0 - $1 }
            let d1 = zip(next, here).map { $0 - $1 }
            let oa = (1 - t) * (1 + c) * (1 + b) / 2, ob = (1 - t) * (1 - c) * (1 - b) / 2
            let ia = (1 - t) * (1 - c) * (1 + b) / 2, ib = (1 - t) * (1 + c) * (1 - b) / 2
            var out = zip(d0, d1).map { oa * $0 + ob * $1 }
            var inc = zip(d0, d1).map { ia * $0 + ib * $1 }
            if i > 0 && i < n - 1 {
                let lin = k[i] - k[i - 1], lout = k[i + 1] - k[i]
                if lin + lout > 0 {
                    inc = inc.map { $0 * 2 * lin / (lin + lout) }
                    out = out.map { $0 * 2 * lout / (lin + lout) }
                }
            }
            outgoing.append(out)
            incoming.append(inc)
        }
        self.outgoing = outgoing
        self.incoming = incoming
    }

    /// The value at progress `p` with key times and optional per-segment curves.
    func value(atProgress p: Double, curves: [TimingFunction]?) -> AnimatableValue {
        let n = keys.count
        if p <= keyTimes[0] { return CubicSpline.value(keys[0], like: template) }
        if p >= keyTimes[n - 1] { return CubicSpline.value(keys[n - 1], like: template) }
        let (i, s) = KeyframeAnimation.segment(containing: p, keyTimes: keyTimes)
        let eased = curves.flatMap { i < $0.count ? $0[i].evaluate(s) : nil } ?? s
        if case .number = template { return .number(scalar(segment: i, at: eased)) }
        return CubicSpline.value(point(segment: i, at: eased), like: template)
    }

    /// `point(segment:at:)` for one-dimensional keys, without allocating.
    func scalar(segment i: Int, at s: Double) -> Double {
        let s2 = s * s, s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
        return h00 * keys[i][0] + h10 * outgoing[i][0] + h01 * keys[i + 1][0] + h11 * incoming[i + 1][0]
    }

    /// The value at progress `p` of the whole spline's arc length.
    func pacedValue(atProgress p: Double) -> AnimatableValue {
        let lengths = (0..<(keys.count - 1)).map { segmentLength($0, upTo: 1) }
        let total = lengths.reduce(0, +)
        guard total > 0 else { return value(atProgress: p, curves: nil) }
        var remaining = min(max(p, 0), 1) * total
        var i = 0
        while i < lengths.count - 1 && remaining > lengths[i] {
            remaining -= lengths[i]
            i += 1
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if segmentLength(i, upTo: mid) < remaining { lo = mid } else { hi = mid }
        }
        return CubicSpline.value(point(segment: i, at: (lo + hi) / 2), like: template)
    }

    func point(segment i: Int, at s: Double) -> [Double] {
        let s2 = s * s, s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
        return (0..<keys[i].count).map { d in
            h00 * keys[i][d] + h10 * outgoing[i][d] + h01 * keys[i + 1][d] + h11 * incoming[i + 1][d]
        }
    }

    func derivative(segment i: Int, at s: Double) -> [Double] {
        let s2 = s * s
        let d00 = 6 * s2 - 6 * s, d10 = 3 * s2 - 4 * s + 1, d01 = -6 * s2 + 6 * s, d11 = 3 * s2 - 2 * s
        return (0..<keys[i].count).map { d in
            d00 * keys[i][d] + d10 * outgoing[i][d] + d01 * keys[i + 1][d] + d11 * incoming[i + 1][d]
        }
    }

    /// Arc length of segment `i` from parameter 0 to `end`. One-dimensional splines are measured
    /// exactly (split at the derivative's roots); others by Gauss–Legendre quadrature.
    func segmentLength(_ i: Int, upTo end: Double) -> Double {
        guard end > 0 else { return 0 }
        if keys[i].count == 1 {
            let v0 = keys[i][0], v1 = keys[i + 1][0], m0 = outgoing[i][0], m1 = incoming[i + 1][0]
            let a = 6 * v0 + 3 * m0 - 6 * v1 + 3 * m1
            let b = -6 * v0 - 4 * m0 + 6 * v1 - 2 * m1
            let c = m0
            var cuts: [Double] = [0]
            if abs(a) > 1e-15 {
                let disc = b * b - 4 * a * c
                if disc > 0 {
                    let r = disc.squareRoot()
                    cuts += [(-b - r) / (2 * a), (-b + r) / (2 * a)].sorted()
                }
            } else if abs(b) > 1e-15 {
                cuts.append(-c / b)
            }
            cuts = cuts.filter { $0 >= 0 && $0 < end } + [end]
            var length = 0.0
            for (s0, s1) in zip(cuts, cuts.dropFirst()) {
                length += abs(point(segment: i, at: s1)[0] - point(segment: i, at: s0)[0])
            }
            return length
        }
        let nodes = [-0.9061798459386640, -0.5384693101056831, 0.0, 0.5384693101056831, 0.9061798459386640]
        let weights = [0.2369268850561891, 0.4786286704993665, 0.5688888888888889, 0.4786286704993665, 0.2369268850561891]
        let pieces = 16
        let h = end / Double(pieces)
        var length = 0.0
        for j in 0..<pieces {
            let mid = (Double(j) + 0.5) * h
            for (x, w) in zip(nodes, weights) {
                let d = derivative(segment: i, at: mid + x * h / 2)
                length += w * h / 2 * d.reduce(0) { $0 + $1 * $1 }.squareRoot()
            }
        }
        return length
    }

    static func vector(_ v: AnimatableValue) -> [Double]? {
        switch v {
        case .number(let x): [x]
        case .point(let p): [p.x, p.y]
        case .size(let s): [s.width, s.height]
        case .rect(let r): [r.origin.x, r.origin.y, r.width, r.height]
        case .color(let c?): [c.red, c.green, c.blue, c.alpha]
        case .numbers(let ns): ns
        default: nil
        }
    }

    static func value(_ v: [Double], like template: AnimatableValue) -> AnimatableValue {
        switch template {
        case .number: .number(v[0])
        case .point: .point(Point(x: v[0], y: v[1]))
        case .size: .size(Size(width: v[0], height: v[1]))
        case .rect: .rect(Rect(x: v[0], y: v[1], width: v[2], height: v[3]))
        case .color:
            .color(Color(red: min(max(v[0], 0), 1), green: min(max(v[1], 0), 1),
                         blue: min(max(v[2], 0), 1), alpha: min(max(v[3], 0), 1)))
        default: .numbers(v)
        }
    }
}
