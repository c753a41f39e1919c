// TEMPORARY (solver helper): a small narrow phase until the collision helper's `collide` lands.
// Deleted when dyn-collision is merged.

/// Contact manifold between two shapes; normal from A to B, anchors relative to the body origins.
func collide(_ a: Geometry, _ xfA: Transform2, _ b: Geometry, _ xfB: Transform2, speculativeDistance: Double) -> Manifold {
    switch (a, b) {
    case (.circle(let ca), .circle(let cb)):
        let pA = xfA.apply(ca.center)
        let pB = xfB.apply(cb.center)
        let d = pB - pA
        let dist = d.length
        let sep = dist - ca.radius - cb.radius
        var m = Manifold()
        guard sep <= speculativeDistance else { return m }
        let n = dist > 1e-12 ? (1 / dist) * d : Vec2(0, 1)
        let cA = Vec2.mulAdd(pA, ca.radius, n)
        let cB = Vec2.mulSub(pB, cb.radius, n)
        let p = 0.5 * (cA + cB)
        m.normal = n
        m.pointCount = 1
        m.point1 = ManifoldPoint(point: p, anchorA: p - xfA.p, anchorB: p - xfB.p, separation: sep, id: 0)
        return m
    case (.circle, _):
        var m = collide(b, xfB, a, xfA, speculativeDistance: speculativeDistance)
        m.normal = -m.normal
        for i in 0..<m.pointCount {
            var p = m[i]
            swap(&p.anchorA, &p.anchorB)
            m[i] = p
        }
        return m
    case (_, .circle(let cb)):
        let (vs, ns, r) = temporaryOutline(a)
        return temporaryPolygonCircle(vs, ns, r, xfA, cb, xfB, speculativeDistance)
    default:
        let (vA, nA, rA) = temporaryOutline(a)
        let (vB, nB, rB) = temporaryOutline(b)
        return temporaryPolygons(vA, nA, rA, xfA, vB, nB, rB, xfB, speculativeDistance)
    }
}

private func temporaryOutline(_ g: Geometry) -> ([Vec2], [Vec2], Double) {
    switch g {
    case .polygon(let p): return (p.vertices, p.normals, p.radius)
    case .segment(let s):
        let n = (s.p2 - s.p1).rightPerp.normalized
        return ([s.p1, s.p2], [n, -n], 0)
    case .circle(let c): return ([c.center], [Vec2(1, 0)], c.radius)
    }
}

private func temporaryPolygonCircle(
    _ vs: [Vec2], _ ns: [Vec2], _ r: Double, _ xfA: Transform2, _ c: Circle, _ xfB: Transform2, _ spec: Double
) -> Manifold {
    var m = Manifold()
    let center = xfA.invApply(xfB.apply(c.center))
    let radius = r + c.radius
    var best = 0
    var sepMax = -Double.infinity
    for i in vs.indices {
        let s = ns[i].dot(center - vs[i])
        if s > sepMax {
            sepMax = s
            best = i
        }
    }
    let v1 = vs[best]
    let v2 = vs[(best + 1) % vs.count]
    let u1 = (center - v1).dot(v2 - v1)
    let u2 = (center - v2).dot(v1 - v2)
    var localNormal: Vec2
    var localPoint: Vec2
    if u1 < 0, sepMax > 1e-12 {
        localNormal = (center - v1).normalized
        localPoint = v1
    } else if u2 < 0, sepMax > 1e-12 {
        localNormal = (center - v2).normalized
        localPoint = v2
    } else {
        localNormal = ns[best]
        localPoint = Vec2.mulSub(center, localNormal.dot(center - v1), localNormal)
    }
    let sep = localNormal.dot(center - localPoint) - radius
    guard sep <= spec else { return m }
    let n = xfA.q.rotate(localNormal)
    let surfaceA = Vec2.mulAdd(xfA.apply(localPoint), r, n)
    let surfaceB = Vec2.mulSub(xfB.apply(c.center), c.radius, n)
    let p = 0.5 * (surfaceA + surfaceB)
    m.normal = n
    m.pointCount = 1
    m.point1 = ManifoldPoint(point: p, anchorA: p - xfA.p, anchorB: p - xfB.p, separation: sep, id: UInt16(best))
    return m
}

private func temporaryMaxSeparation(_ v1: [Vec2], _ n1: [Vec2], _ xf1: Transform2, _ v2: [Vec2], _ xf2: Transform2) -> (Int, Double) {
    var best = 0
    var maxSep = -Double.infinity
    for i in v1.indices {
        let n = xf1.q.rotate(n1[i])
        let p = xf1.apply(v1[i])
        var si = Double.infinity
        for v in v2 { si = min(si, n.dot(xf2.apply(v) - p)) }
        if si > maxSep {
            maxSep = si
            best = i
        }
    }
    return (best, maxSep)
}

private func temporaryPolygons(
    _ vA: [Vec2], _ nA: [Vec2], _ rA: Double, _ xfA: Transform2, _ vB: [Vec2], _ nB: [Vec2], _ rB: Double, _ xfB: Transform2,
    _ spec: Double
) -> Manifold {
    var m = Manifold()
    let radius = rA + rB
    let (edgeA, sepA) = temporaryMaxSeparation(vA, nA, xfA, vB, xfB)
    if sepA - radius > spec { return m }
    let (edgeB, sepB) = temporaryMaxSeparation(vB, nB, xfB, vA, xfA)
    if sepB - radius > spec { return m }
    let flip = sepB > sepA + 0.1 * 0.5
    let (rv, rn, rxf, re) = flip ? (vB, nB, xfB, edgeB) : (vA, nA, xfA, edgeA)
    let (iv, inn, ixf) = flip ? (vA, nA, xfA) : (vB, nB, xfB)
    let n = rxf.q.rotate(rn[re])
    var inc = 0
    var minDot = Double.infinity
    for j in inn.indices {
        let d = n.dot(ixf.q.rotate(inn[j]))
        if d < minDot {
            minDot = d
            inc = j
        }
    }
    let r1 = rxf.apply(rv[re])
    let r2 = rxf.apply(rv[(re + 1) % rv.count])
    var p1 = ixf.apply(iv[inc])
    var p2 = ixf.apply(iv[(inc + 1) % iv.count])
    var id1 = UInt16(re) << 8 | UInt16(inc)
    var id2 = UInt16(re) << 8 | UInt16((inc + 1) % iv.count)
    let t = (r2 - r1).normalized
    // Clip the incident edge to the reference edge's side planes.
    let lo = t.dot(r1)
    let hi = t.dot(r2)
    let d1 = t.dot(p1)
    let d2 = t.dot(p2)
    if d1 < lo, d2 < lo { return m }
    if d1 > hi, d2 > hi { return m }
    if d1 < lo {
        p1 = p1 + ((lo - d1) / (d2 - d1)) * (p2 - p1)
        id1 |= 0x80
    } else if d2 < lo {
        p2 = p2 + ((lo - d2) / (d1 - d2)) * (p1 - p2)
        id2 |= 0x80
    }
    let e1 = t.dot(p1)
    let e2 = t.dot(p2)
    if e1 > hi {
        p1 = p1 + ((e1 - hi) / (e1 - e2)) * (p2 - p1)
        id1 |= 0x40
    } else if e2 > hi {
        p2 = p2 + ((e2 - hi) / (e2 - e1)) * (p1 - p2)
        id2 |= 0x40
    }
    let normal = flip ? -n : n
    for (p, id) in [(p1, id1), (p2, id2)] {
        let sep = n.dot(p - r1) - radius
        guard sep <= spec else { continue }
        let mid = Vec2.mulSub(p, 0.5 * (sep + radius) - rB * 0, n)
        let point = ManifoldPoint(
            point: mid, anchorA: mid - xfA.p, anchorB: mid - xfB.p, separation: sep, id: id | (flip ? 0x8000 : 0))
        m[m.pointCount] = point
        m.pointCount += 1
    }
    m.normal = normal
    return m
}
