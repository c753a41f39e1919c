// GJK distance between two convex proxies (Gilbert–Johnson–Keerthi, in the form of Catto's
// "Computing distance using GJK", GDC 2010): grow a simplex of Minkowski-difference points
// w = b − a towards the origin, solving for the closest point with barycentric coordinates
// over Voronoi regions, until no support point gets closer.

/// The vertices GJK ended on, to restart the next query nearby (time of impact calls distance
/// repeatedly as the sweep advances) and to build separating axes.
struct SimplexCache {
    var count = 0
    var indexA: (Int, Int, Int) = (0, 0, 0)
    var indexB: (Int, Int, Int) = (0, 0, 0)
}

/// The result of ``distance(_:_:_:_:useRadii:cache:)``.
struct DistanceOutput {
    /// Closest points on A and on B, world.
    var pointA: Vec2
    var pointB: Vec2
    /// The distance between them, points; 0 when overlapping.
    var distance: Double
    /// Unit direction from A to B (zero when overlapping with no direction).
    var normal: Vec2
    var iterations: Int
    /// Whether GJK found the cores overlapping (the simplex enclosed the origin).
    var overlapping: Bool
}

struct SimplexVertex {
    /// Support points on A and B, world, their difference `w = wB − wA`, and the barycentric weight.
    var wA = Vec2.zero
    var wB = Vec2.zero
    var w = Vec2.zero
    var a = 0.0
    var indexA = 0
    var indexB = 0
}

struct Simplex {
    var v1 = SimplexVertex()
    var v2 = SimplexVertex()
    var v3 = SimplexVertex()
    var count = 0

    subscript(i: Int) -> SimplexVertex {
        get { i == 0 ? v1 : (i == 1 ? v2 : v3) }
        set {
            switch i {
            case 0: v1 = newValue
            case 1: v2 = newValue
            default: v3 = newValue
            }
        }
    }

    static func vertex(
        _ a: DistanceProxy, _ xfA: Transform2, _ ia: Int, _ b: DistanceProxy, _ xfB: Transform2, _ ib: Int
    ) -> SimplexVertex {
        let wA = xfA.apply(a.vertex(ia))
        let wB = xfB.apply(b.vertex(ib))
        return SimplexVertex(wA: wA, wB: wB, w: wB - wA, a: 1, indexA: ia, indexB: ib)
    }

    /// Restarts from `cache`, or from the first points when the cache is empty or degenerate.
    init(_ cache: SimplexCache, _ a: DistanceProxy, _ xfA: Transform2, _ b: DistanceProxy, _ xfB: Transform2) {
        let n = min(max(cache.count, 0), 3)
        if n >= 1, cache.indexA.0 < a.count, cache.indexB.0 < b.count {
            v1 = Self.vertex(a, xfA, cache.indexA.0, b, xfB, cache.indexB.0)
            count = 1
        }
        if n >= 2, count == 1, cache.indexA.1 < a.count, cache.indexB.1 < b.count {
            v2 = Self.vertex(a, xfA, cache.indexA.1, b, xfB, cache.indexB.1)
            count = 2
        }
        if n >= 3, count == 2, cache.indexA.2 < a.count, cache.indexB.2 < b.count {
            v3 = Self.vertex(a, xfA, cache.indexA.2, b, xfB, cache.indexB.2)
            count = 3
            // A collinear (flat) triangle cannot be solved: start again.
            if abs((v2.w - v1.w).cross(v3.w - v1.w)) < 1e-12 * max(1, (v2.w - v1.w).lengthSquared) { count = 0 }
        }
        if count == 0 || count < n {
            v1 = Self.vertex(a, xfA, 0, b, xfB, 0)
            count = 1
        }
    }

    var cache: SimplexCache {
        SimplexCache(
            count: count, indexA: (v1.indexA, v2.indexA, v3.indexA), indexB: (v1.indexB, v2.indexB, v3.indexB))
    }

    /// The direction from the simplex towards the origin.
    func searchDirection() -> Vec2 {
        switch count {
        case 1: return -v1.w
        case 2:
            let e12 = v2.w - v1.w
            // The origin's side of the edge.
            return e12.cross(-v1.w) > 0 ? Vec2.cross(1, e12) : e12.cross(1)
        default: return .zero
        }
    }

    /// The simplex point closest to the origin.
    func closestPoint() -> Vec2 {
        switch count {
        case 1: return v1.w
        case 2: return v1.a * v1.w + v2.a * v2.w
        default: return .zero
        }
    }

    /// The witness points on A and B.
    func witnessPoints() -> (Vec2, Vec2) {
        switch count {
        case 1: return (v1.wA, v1.wB)
        case 2: return (v1.a * v1.wA + v2.a * v2.wA, v1.a * v1.wB + v2.a * v2.wB)
        default:
            let p = v1.a * v1.wA + v2.a * v2.wA + v3.a * v3.wA
            return (p, p)
        }
    }

    /// The segment's Voronoi regions: keep the part of w1–w2 closest to the origin.
    mutating func solve2() {
        let w1 = v1.w
        let w2 = v2.w
        let e12 = w2 - w1
        let d12n2 = -w1.dot(e12)
        if d12n2 <= 0 {
            // The origin is beyond w1.
            v1.a = 1
            count = 1
            return
        }
        let d12n1 = w2.dot(e12)
        if d12n1 <= 0 {
            // Beyond w2.
            v2.a = 1
            v1 = v2
            count = 1
            return
        }
        let inv = 1 / (d12n1 + d12n2)
        v1.a = d12n1 * inv
        v2.a = d12n2 * inv
        count = 2
    }

    /// The triangle's Voronoi regions (vertices, edges, interior).
    mutating func solve3() {
        let w1 = v1.w
        let w2 = v2.w
        let w3 = v3.w
        let e12 = w2 - w1
        let d12n1 = w2.dot(e12)
        let d12n2 = -w1.dot(e12)
        let e13 = w3 - w1
        let d13n1 = w3.dot(e13)
        let d13n2 = -w1.dot(e13)
        let e23 = w3 - w2
        let d23n1 = w3.dot(e23)
        let d23n2 = -w2.dot(e23)
        let n123 = e12.cross(e13)
        let d123n1 = n123 * w2.cross(w3)
        let d123n2 = n123 * w3.cross(w1)
        let d123n3 = n123 * w1.cross(w2)

        if d12n2 <= 0 && d13n2 <= 0 {
            v1.a = 1
            count = 1
            return
        }
        if d12n1 > 0 && d12n2 > 0 && d123n3 <= 0 {
            let inv = 1 / (d12n1 + d12n2)
            v1.a = d12n1 * inv
            v2.a = d12n2 * inv
            count = 2
            return
        }
        if d13n1 > 0 && d13n2 > 0 && d123n2 <= 0 {
            let inv = 1 / (d13n1 + d13n2)
            v1.a = d13n1 * inv
            v3.a = d13n2 * inv
            v2 = v3
            count = 2
            return
        }
        if d12n1 <= 0 && d23n2 <= 0 {
            v2.a = 1
            v1 = v2
            count = 1
            return
        }
        if d13n1 <= 0 && d23n1 <= 0 {
            v3.a = 1
            v1 = v3
            count = 1
            return
        }
        if d23n1 > 0 && d23n2 > 0 && d123n1 <= 0 {
            let inv = 1 / (d23n1 + d23n2)
            v2.a = d23n1 * inv
            v3.a = d23n2 * inv
            v1 = v3
            count = 2
            return
        }
        let sum = d123n1 + d123n2 + d123n3
        guard sum > 0 else {
            // Degenerate (flat) triangle: keep the best edge.
            count = 2
            solve2()
            return
        }
        let inv = 1 / sum
        v1.a = d123n1 * inv
        v2.a = d123n2 * inv
        v3.a = d123n3 * inv
        count = 3
    }
}

/// The distance between proxies `a` under `xfA` and `b` under `xfB`. With `useRadii`, the radii
/// are subtracted and the points moved onto the surfaces (and a distance of 0 means touching or
/// overlapping); without, it is the distance between the cores. `cache` seeds the simplex and
/// receives the final one.
func distance(
    _ a: DistanceProxy, _ xfA: Transform2, _ b: DistanceProxy, _ xfB: Transform2, useRadii: Bool,
    cache: inout SimplexCache
) -> DistanceOutput {
    var simplex = Simplex(cache, a, xfA, b, xfB)
    let maxIterations = 20
    var iterations = 0
    var saveA = (0, 0, 0)
    var saveB = (0, 0, 0)
    while iterations < maxIterations {
        let saveCount = simplex.count
        saveA = (simplex.v1.indexA, simplex.v2.indexA, simplex.v3.indexA)
        saveB = (simplex.v1.indexB, simplex.v2.indexB, simplex.v3.indexB)
        switch simplex.count {
        case 2: simplex.solve2()
        case 3: simplex.solve3()
        default: break
        }
        if simplex.count == 3 { break }
        let d = simplex.searchDirection()
        if d.lengthSquared < 1e-24 { break }
        let ia = a.support(xfA.q.invRotate(-d))
        let ib = b.support(xfB.q.invRotate(d))
        iterations += 1
        // A repeated support point: no progress possible.
        var duplicate = false
        for i in 0..<saveCount {
            let sa = i == 0 ? saveA.0 : (i == 1 ? saveA.1 : saveA.2)
            let sb = i == 0 ? saveB.0 : (i == 1 ? saveB.1 : saveB.2)
            if sa == ia && sb == ib {
                duplicate = true
                break
            }
        }
        if duplicate { break }
        simplex[simplex.count] = Simplex.vertex(a, xfA, ia, b, xfB, ib)
        simplex.count += 1
    }
    cache = simplex.cache
    var (pA, pB) = simplex.witnessPoints()
    let overlapping = simplex.count == 3
    var dist = (pB - pA).length
    var normal = dist > 1e-12 ? (1 / dist) * (pB - pA) : Vec2.zero
    if overlapping { dist = 0 }
    if useRadii {
        let r = a.radius + b.radius
        if dist > r, dist > 1e-12 {
            dist -= r
            pA = Vec2.mulAdd(pA, a.radius, normal)
            pB = Vec2.mulSub(pB, b.radius, normal)
        } else {
            let p = 0.5 * (pA + pB)
            pA = p
            pB = p
            dist = 0
            if overlapping { normal = .zero }
        }
    }
    return DistanceOutput(pointA: pA, pointB: pB, distance: dist, normal: normal, iterations: iterations, overlapping: overlapping)
}

/// The distance between two geometries (radii included): 0 when touching or overlapping.
func distance(_ a: Geometry, _ xfA: Transform2, _ b: Geometry, _ xfB: Transform2) -> DistanceOutput {
    var cache = SimplexCache()
    return distance(DistanceProxy(a), xfA, DistanceProxy(b), xfB, useRadii: true, cache: &cache)
}
