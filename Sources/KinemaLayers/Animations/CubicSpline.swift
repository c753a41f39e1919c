import Foundation
import KinemaGeometry
import KinemaTiming

/// A Kochanek–Bartels spline through keyframe values, for the `cubic` and `cubicPaced` modes.
///
/// Values become vectors (numbers, points, sizes, rects, colours, number arrays); end keys are
/// duplicated for their tangents; tangents at interior keys are rescaled for non-uniform key
/// times. With tension, continuity and bias all 0 this is a Catmull-Rom spline.
///
/// A class (it never changes once made): an evaluator reads it every frame, and each read of a
/// struct of four arrays retained and released all four.
final class CubicSpline {
    /// Components per key (1 for numbers, 2 for points, …).
    let dimension: Int
    /// Key values, `dimension` numbers per key, flat.
    let keys: [Double]
    let template: AnimatableValue
    let keyTimes: [Double]
    /// Outgoing tangent at each key (start of the segment that begins there), flat.
    let outgoing: [Double]
    /// Incoming tangent at each key (end of the segment that ends there), flat.
    let incoming: [Double]
    let count: Int
    /// Whether tension, continuity and bias are 0 at every key (a Catmull-Rom spline), so that
    /// the tangents follow from the keys and key times alone (``tangents(at:_:keys:keyTimes:count:dimension:tension:continuity:bias:)``
    /// with its defaults).
    let isCatmullRom: Bool

    init?(keyframes a: KeyframeAnimation) {
        let n = a.values.count
        guard n >= 2, let first = a.values.first, let firstVector = CubicSpline.vector(first) else { return nil }
        let d = firstVector.count
        guard d > 0 else { return nil }
        var keys: [Double] = []
        keys.reserveCapacity(n * d)
        for v in a.values {
            guard let vector = CubicSpline.vector(v), vector.count == d else { return nil }
            keys += vector
        }
        self.dimension = d
        self.count = n
        self.keys = keys
        self.template = first
        let k = a.calculationMode == .cubic ? (a.validKeyTimes(count: n) ?? a.uniform(n)) : a.uniform(n)
        self.keyTimes = k
        func param(_ list: [Double], _ i: Int) -> Double { i < list.count ? list[i] : 0 }
        var outgoing = [Double](repeating: 0, count: n * d)
        var incoming = [Double](repeating: 0, count: n * d)
        keys.withUnsafeBufferPointer { keys in
            k.withUnsafeBufferPointer { k in
                for i in 0..<n {
                    let t = param(a.tensionValues, i), c = param(a.continuityValues, i), b = param(a.biasValues, i)
                    for j in 0..<d {
                        (outgoing[i * d + j], incoming[i * d + j]) = CubicSpline.tangents(
                            at: i, j, keys: keys.baseAddress!, keyTimes: k.baseAddress!, count: n, dimension: d, tension: t,
                            continuity: c, bias: b)
                    }
                }
            }
        }
        isCatmullRom = [a.tensionValues, a.continuityValues, a.biasValues].allSatisfy { $0.prefix(n).allSatisfy { $0 == 0 } }
        self.outgoing = outgoing
        self.incoming = incoming
    }

    /// The outgoing and incoming tangents of component `j` at key `i` of `count` keys of
    /// `dimension` components: Kochanek–Bartels weights of the differences to the neighbouring
    /// keys (end keys duplicated), rescaled at interior keys for non-uniform key times. Shared
    /// by ``init(keyframes:)`` and a program's inline spline, which computes a Catmull-Rom
    /// spline's tangents as it reads them, so both give the same bits.
    @inline(__always)
    static func tangents(
        at i: Int, _ j: Int, keys: UnsafePointer<Double>, keyTimes k: UnsafePointer<Double>, count n: Int, dimension d: Int,
        tension t: Double = 0, continuity c: Double = 0, bias b: Double = 0
    ) -> (outgoing: Double, incoming: Double) {
        let prev = max(i - 1, 0) * d, here = i * d, next = min(i + 1, n - 1) * d
        let oa = (1 - t) * (1 + c) * (1 + b) / 2, ob = (1 - t) * (1 - c) * (1 - b) / 2
        let ia = (1 - t) * (1 - c) * (1 + b) / 2, ib = (1 - t) * (1 + c) * (1 - b) / 2
        var inScale = 1.0, outScale = 1.0
        if i > 0 && i < n - 1 {
            let lin = k[i] - k[i - 1], lout = k[i + 1] - k[i]
            if lin + lout > 0 {
                inScale = 2 * lin / (lin + lout)
                outScale = 2 * lout / (lin + lout)
            }
        }
        let d0 = keys[here + j] - keys[prev + j]
        let d1 = keys[next + j] - keys[here + j]
        return ((oa * d0 + ob * d1) * outScale, (ia * d0 + ib * d1) * inScale)
    }

    func key(_ i: Int) -> [Double] { Array(keys[(i * dimension)..<((i + 1) * dimension)]) }

    /// The value at progress `p` with key times and optional per-segment curves.
    func value(atProgress p: Double, curves: [TimingFunction]?) -> AnimatableValue {
        if let kind = PlainKind(template) {
            return withView(kind) { $0.value(atProgress: p) { KeyframeAnimation.ease($0, segment: $1, curves: curves) } }
        }
        if p <= keyTimes[0] { return CubicSpline.value(key(0), like: template) }
        if p >= keyTimes[count - 1] { return CubicSpline.value(key(count - 1), like: template) }
        let (i, s) = KeyframeAnimation.segment(containing: p, keyTimes: keyTimes)
        let eased = KeyframeAnimation.ease(s, segment: i, curves: curves)
        return CubicSpline.value(point(segment: i, at: eased), like: template)
    }

    /// Calls `body` with a view of this spline's numbers, read as values of `kind`.
    func withView<R>(_ kind: PlainKind, _ body: (SplineView) -> R) -> R {
        keys.withUnsafeBufferPointer { keys in
            keyTimes.withUnsafeBufferPointer { keyTimes in
                outgoing.withUnsafeBufferPointer { outgoing in
                    incoming.withUnsafeBufferPointer { incoming in
                        body(
                            SplineView(
                                kind: kind, count: count, keys: keys.baseAddress!, keyTimes: keyTimes.baseAddress!,
                                outgoing: outgoing.baseAddress!, incoming: incoming.baseAddress!))
                    }
                }
            }
        }
    }

    /// The value at progress `p` of the whole spline's arc length.
    func pacedValue(atProgress p: Double) -> AnimatableValue {
        let lengths = (0..<(count - 1)).map { segmentLength($0, upTo: 1) }
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

    /// Component `j` of segment `i`'s Hermite curve at parameter `s`.
    func component(_ j: Int, segment i: Int, at s: Double) -> Double {
        let a = i * dimension + j, b = (i + 1) * dimension + j
        return SplineView.hermite(s, keys[a], outgoing[a], keys[b], incoming[b])
    }

    func point(segment i: Int, at s: Double) -> [Double] {
        (0..<dimension).map { component($0, segment: i, at: s) }
    }

    func derivative(segment i: Int, at s: Double) -> [Double] {
        let s2 = s * s
        let d00 = 6 * s2 - 6 * s, d10 = 3 * s2 - 4 * s + 1, d01 = -6 * s2 + 6 * s, d11 = 3 * s2 - 2 * s
        return (0..<dimension).map { j in
            let a = i * dimension + j, b = (i + 1) * dimension + j
            return d00 * keys[a] + d10 * outgoing[a] + d01 * keys[b] + d11 * incoming[b]
        }
    }

    /// Arc length of segment `i` from parameter 0 to `end`. One-dimensional splines are measured
    /// exactly (split at the derivative's roots); others by Gauss–Legendre quadrature.
    func segmentLength(_ i: Int, upTo end: Double) -> Double {
        guard end > 0 else { return 0 }
        if dimension == 1 {
            let v0 = keys[i], v1 = keys[i + 1], m0 = outgoing[i], m1 = incoming[i + 1]
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
                length += abs(component(0, segment: i, at: s1) - component(0, segment: i, at: s0))
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
        guard let kind = PlainKind(template) else { return .numbers(v) }
        return SplineView.value(kind) { v[$0] }
    }
}

/// A cubic spline's numbers read in place: the one evaluation of a spline's value, shared by
/// ``CubicSpline`` (whose arrays it reads) and a layer's ``AnimationProgram`` (which holds a
/// copy of them inline), so both give the same bits.
struct SplineView {
    let kind: PlainKind
    /// The number of keys.
    let count: Int
    /// `count × dimension` key values, then `count` key times, then the outgoing and the
    /// incoming tangents (`count × dimension` each), as ``CubicSpline`` computes them, or `nil`
    /// for a Catmull-Rom spline's, computed from the keys as they are read.
    let keys: UnsafePointer<Double>
    let keyTimes: UnsafePointer<Double>
    let outgoing: UnsafePointer<Double>?
    let incoming: UnsafePointer<Double>?

    /// The cubic Hermite curve from `v0` (tangent `m0`) to `v1` (tangent `m1`) at `s` in `[0, 1]`.
    @inline(__always)
    static func hermite(_ s: Double, _ v0: Double, _ m0: Double, _ v1: Double, _ m1: Double) -> Double {
        let s2 = s * s, s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
        return h00 * v0 + h10 * m0 + h01 * v1 + h11 * m1
    }

    /// The value at progress `p` (``CubicSpline`` semantics), `ease(s, i)` taking fraction `s` of
    /// segment `i` through that segment's curve.
    @inline(__always)
    func value(atProgress p: Double, ease: (Double, Int) -> Double) -> AnimatableValue {
        let d = kind.dimension
        if p <= keyTimes[0] { return Self.value(kind) { keys[$0] } }
        if p >= keyTimes[count - 1] { return Self.value(kind) { keys[(count - 1) * d + $0] } }
        let (i, s) = KeyframeAnimation.segment(containing: p, keyTimes: UnsafeBufferPointer(start: keyTimes, count: count))
        let eased = ease(s, i)
        return Self.value(kind) { j in
            let a = i * d + j, b = (i + 1) * d + j
            if let outgoing, let incoming { return SplineView.hermite(eased, keys[a], outgoing[a], keys[b], incoming[b]) }
            let m0 = CubicSpline.tangents(at: i, j, keys: keys, keyTimes: keyTimes, count: count, dimension: d).outgoing
            let m1 = CubicSpline.tangents(at: i + 1, j, keys: keys, keyTimes: keyTimes, count: count, dimension: d).incoming
            return SplineView.hermite(eased, keys[a], m0, keys[b], m1)
        }
    }

    /// The value of `kind` whose components are `component(0)`, `component(1)`, … (a colour's
    /// clamped to `[0, 1]`, as a spline can overshoot).
    @inline(__always)
    static func value(_ kind: PlainKind, _ component: (Int) -> Double) -> AnimatableValue {
        switch kind {
        case .number: .number(component(0))
        case .point: .point(Point(x: component(0), y: component(1)))
        case .size: .size(Size(width: component(0), height: component(1)))
        case .rect: .rect(Rect(x: component(0), y: component(1), width: component(2), height: component(3)))
        case .color:
            .color(
                Color(
                    red: min(max(component(0), 0), 1), green: min(max(component(1), 0), 1),
                    blue: min(max(component(2), 0), 1), alpha: min(max(component(3), 0), 1)))
        }
    }
}
