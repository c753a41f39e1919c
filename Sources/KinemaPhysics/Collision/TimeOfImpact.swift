// Time of impact by conservative advancement along separating axes (Catto, "Continuous
// Collision", GDC 2013; Box2D's b2TimeOfImpact):
//
//   t1 = 0
//   repeat
//       GJK at t1 → the closest features; done if within target ± tolerance
//       build a separating axis from them (two points, or a face of A or of B)
//       repeat  (push back the deepest points)
//           at t2 (initially tMax) find the deepest pair of support points on the axis
//           deeper than the target? find the root s(t) = target on [t1, t2] (bisection and
//           secant alternating), set t2 to it, try again with the new deepest pair
//       t1 = t2
//
// Distances are between the cores; the target adds both radii, so the shapes end `target`
// points apart at the returned fraction: never touching, never past.

/// The outcome of ``timeOfImpact(_:_:_:_:tMax:target:tolerance:)``.
enum TOIState: Sendable {
    case unknown
    /// The root finder or the advancement did not converge; the fraction is the last safe one.
    case failed
    /// The shapes overlap at the start of the sweep.
    case overlapped
    /// The shapes reach the target separation at the fraction.
    case hit
    /// The shapes stay apart until `tMax`.
    case separated
}

/// A one-dimensional separation along an axis that moves with the bodies.
private struct SeparationFunction {
    enum Kind {
        case points
        case faceA
        case faceB
    }

    let proxyA: DistanceProxy
    let proxyB: DistanceProxy
    let sweepA: Sweep
    let sweepB: Sweep
    let kind: Kind
    /// For faces: the face's midpoint, in its body frame.
    var localPoint = Vec2.zero
    /// World axis for points; the face normal in its body frame for faces.
    var axis = Vec2.zero

    init(cache: SimplexCache, _ proxyA: DistanceProxy, _ sweepA: Sweep, _ proxyB: DistanceProxy, _ sweepB: Sweep, t1: Double) {
        self.proxyA = proxyA
        self.proxyB = proxyB
        self.sweepA = sweepA
        self.sweepB = sweepB
        let xfA = sweepA.transform(at: t1)
        let xfB = sweepB.transform(at: t1)
        if cache.count == 1 {
            kind = .points
            let pA = xfA.apply(proxyA.vertex(cache.indexA.0))
            let pB = xfB.apply(proxyB.vertex(cache.indexB.0))
            axis = (pB - pA).normalized
        } else if cache.indexA.0 == cache.indexA.1 {
            // Two points on B, one on A: a face of B.
            kind = .faceB
            let b1 = proxyB.vertex(cache.indexB.0)
            let b2 = proxyB.vertex(cache.indexB.1)
            axis = (b2 - b1).cross(1).normalized
            let normal = xfB.q.rotate(axis)
            localPoint = 0.5 * (b1 + b2)
            let pB = xfB.apply(localPoint)
            let pA = xfA.apply(proxyA.vertex(cache.indexA.0))
            if (pA - pB).dot(normal) < 0 { axis = -axis }
        } else {
            // Two points on A: a face of A.
            kind = .faceA
            let a1 = proxyA.vertex(cache.indexA.0)
            let a2 = proxyA.vertex(cache.indexA.1)
            axis = (a2 - a1).cross(1).normalized
            let normal = xfA.q.rotate(axis)
            localPoint = 0.5 * (a1 + a2)
            let pA = xfA.apply(localPoint)
            let pB = xfB.apply(proxyB.vertex(cache.indexB.0))
            if (pB - pA).dot(normal) < 0 { axis = -axis }
        }
    }

    /// The deepest pair of support points along the axis at `t`, and their separation.
    func findMinSeparation(_ t: Double) -> (separation: Double, indexA: Int, indexB: Int) {
        let xfA = sweepA.transform(at: t)
        let xfB = sweepB.transform(at: t)
        switch kind {
        case .points:
            let ia = proxyA.support(xfA.q.invRotate(axis))
            let ib = proxyB.support(xfB.q.invRotate(-axis))
            let pA = xfA.apply(proxyA.vertex(ia))
            let pB = xfB.apply(proxyB.vertex(ib))
            return ((pB - pA).dot(axis), ia, ib)
        case .faceA:
            let normal = xfA.q.rotate(axis)
            let pA = xfA.apply(localPoint)
            let ib = proxyB.support(xfB.q.invRotate(-normal))
            let pB = xfB.apply(proxyB.vertex(ib))
            return ((pB - pA).dot(normal), -1, ib)
        case .faceB:
            let normal = xfB.q.rotate(axis)
            let pB = xfB.apply(localPoint)
            let ia = proxyA.support(xfA.q.invRotate(-normal))
            let pA = xfA.apply(proxyA.vertex(ia))
            return ((pA - pB).dot(normal), ia, -1)
        }
    }

    /// The separation of the given support points along the axis at `t`.
    func evaluate(_ indexA: Int, _ indexB: Int, _ t: Double) -> Double {
        let xfA = sweepA.transform(at: t)
        let xfB = sweepB.transform(at: t)
        switch kind {
        case .points:
            return (xfB.apply(proxyB.vertex(indexB)) - xfA.apply(proxyA.vertex(indexA))).dot(axis)
        case .faceA:
            return (xfB.apply(proxyB.vertex(indexB)) - xfA.apply(localPoint)).dot(xfA.q.rotate(axis))
        case .faceB:
            return (xfA.apply(proxyA.vertex(indexA)) - xfB.apply(localPoint)).dot(xfB.q.rotate(axis))
        }
    }
}

/// The first fraction in [0, `tMax`] of the sweeps at which `a` and `b` come within `target`
/// points of each other (surface to surface, radii included), to within `tolerance` points.
///
/// `target` should be a little above zero (such as a quarter to a half of the linear slop) so
/// the bodies are placed just before touching; `tolerance` below `target` (such as a quarter of
/// it). Sweeps are the bodies' motion over the step (`Sweep.transform(at:)`, 0…1).
func timeOfImpact(
    _ a: Geometry, _ sweepA: Sweep, _ b: Geometry, _ sweepB: Sweep, tMax: Double, target: Double, tolerance: Double
) -> (state: TOIState, fraction: Double) {
    let proxyA = DistanceProxy(a)
    let proxyB = DistanceProxy(b)
    guard tMax.isFinite, target.isFinite, tolerance.isFinite, sweepA.isFinite, sweepB.isFinite else { return (.failed, 0) }
    let tMax = min(max(tMax, 0), 1)
    let tolerance = max(abs(tolerance), 1e-9)
    // Core to core.
    let goal = max(target, tolerance) + proxyA.radius + proxyB.radius
    var t1 = 0.0
    var cache = SimplexCache()
    let maxIterations = 20
    let maxPushBacks = 64
    let maxRootIterations = 50
    for _ in 0..<maxIterations {
        let xfA = sweepA.transform(at: t1)
        let xfB = sweepB.transform(at: t1)
        let output = distance(proxyA, xfA, proxyB, xfB, useRadii: false, cache: &cache)
        // Cores overlapping: give up on continuous collision.
        if output.overlapping || output.distance <= 0 { return (.overlapped, 0) }
        if output.distance < goal + tolerance { return (.hit, t1) }

        let function = SeparationFunction(cache: cache, proxyA, sweepA, proxyB, sweepB, t1: t1)
        var t2 = tMax
        var advanced = false
        for _ in 0..<maxPushBacks {
            let deepest = function.findMinSeparation(t2)
            var s2 = deepest.separation
            let indexA = deepest.indexA
            let indexB = deepest.indexB
            // Separated along this axis for the whole sweep.
            if s2 > goal + tolerance { return (.separated, tMax) }
            // Close enough at t2: advance and take a new axis.
            if s2 > goal - tolerance {
                t1 = t2
                advanced = true
                break
            }
            var s1 = function.evaluate(indexA, indexB, t1)
            // The deepest points are already too close at t1: the axis cannot advance.
            if s1 < goal - tolerance { return (.failed, t1) }
            if s1 <= goal + tolerance { return (.hit, t1) }
            // s1 > goal > s2: find the crossing.
            var lo = t1
            var hi = t2
            for rootIteration in 0..<maxRootIterations {
                let t: Double
                if rootIteration & 1 == 1 {
                    // Secant.
                    t = lo + (goal - s1) * (hi - lo) / (s2 - s1)
                } else {
                    t = 0.5 * (lo + hi)
                }
                let s = function.evaluate(indexA, indexB, t)
                if abs(s - goal) < tolerance {
                    t2 = t
                    break
                }
                if s > goal {
                    lo = t
                    s1 = s
                } else {
                    hi = t
                    s2 = s
                }
                if rootIteration == maxRootIterations - 1 { t2 = lo }
            }
        }
        // Every push-back found a deeper point: t1 is still safe, but no progress is possible.
        if !advanced { return (.failed, t1) }
    }
    return (.failed, t1)
}

extension Sweep {
    fileprivate var isFinite: Bool {
        localCenter.isFinite && c1.isFinite && c2.isFinite && q1.c.isFinite && q1.s.isFinite && q2.c.isFinite && q2.s.isFinite
    }
}
