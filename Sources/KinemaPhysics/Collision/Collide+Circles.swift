// Narrow-phase pairs with a circle: one contact point along the line between the closest
// features, midway between the two surfaces.

/// The unit direction of `d` with its length, or `fallback` and 0 when `d` is (nearly) zero.
@inline(__always) private func lengthAndDirection(_ d: Vec2, fallback: Vec2) -> (length: Double, direction: Vec2) {
    let length = d.length
    guard length > 1e-12 else { return (0, fallback) }
    return (length, (1 / length) * d)
}

/// Circle A against circle B. Concentric circles get the normal +y (down the screen).
func collideCircles(_ a: Circle, _ xfA: Transform2, _ b: Circle, _ xfB: Transform2, speculativeDistance: Double) -> Manifold {
    let cA = xfA.apply(a.center)
    let cB = xfB.apply(b.center)
    let (distance, normal) = lengthAndDirection(cB - cA, fallback: Vec2(0, 1))
    let separation = distance - a.radius - b.radius
    var m = Manifold()
    guard separation <= speculativeDistance else { return m }
    let surfaceA = Vec2.mulAdd(cA, a.radius, normal)
    let surfaceB = Vec2.mulSub(cB, b.radius, normal)
    m.normal = normal
    m.append(point: 0.5 * (surfaceA + surfaceB), separation: separation, id: 0, xfA, xfB)
    return m
}

/// Segment A (zero thickness) against circle B. A centre on the segment's line gets the normal
/// of the segment's right side.
func collideSegmentAndCircle(
    _ a: Segment, _ xfA: Transform2, _ b: Circle, _ xfB: Transform2, speculativeDistance: Double
)
    -> Manifold
{
    let p1 = xfA.apply(a.p1)
    let p2 = xfA.apply(a.p2)
    let c = xfB.apply(b.center)
    let e = p2 - p1
    let ee = e.dot(e)
    var t = ee > 0 ? (c - p1).dot(e) / ee : 0
    t = min(max(t, 0), 1)
    var closest = Vec2.mulAdd(p1, t, e)
    var (distance, normal) = lengthAndDirection(c - closest, fallback: ee > 0 ? e.rightPerp.normalized : Vec2(0, 1))
    if t > 0, t < 1 {
        // The face region: the exact perpendicular, so a circle resting on a boundary sees a
        // normal without rounding noise.
        let side = e.rightPerp.normalized
        let offset = (c - p1).dot(side)
        normal = offset >= 0 ? side : -side
        distance = abs(offset)
        closest = Vec2.mulSub(c, distance, normal)
    }
    let separation = distance - b.radius
    var m = Manifold()
    guard separation <= speculativeDistance else { return m }
    // Feature: vertex 0, vertex 1 or the face (2).
    let feature = t == 0 ? 0 : (t == 1 ? 1 : 2)
    m.normal = normal
    let surfaceB = Vec2.mulSub(c, b.radius, normal)
    m.append(point: 0.5 * (closest + surfaceB), separation: separation, id: makeFeatureID(feature, 0), xfA, xfB)
    return m
}

/// Polygon A (optionally rounded) against circle B: the face of largest separation, or one of its
/// vertices when the centre lies beyond it (Voronoi regions).
func collidePolygonAndCircle<P: ConvexOutline>(
    _ a: P, _ xfA: Transform2, _ b: Circle, _ xfB: Transform2, speculativeDistance: Double
)
    -> Manifold
{
    var m = Manifold()
    let n = a.vertexCount
    guard n >= 2 else { return m }
    let radius = a.radius + b.radius
    // The circle centre in A's frame.
    let c = xfA.invApply(xfB.apply(b.center))
    var edge = 0
    var separation = -Double.infinity
    for i in 0..<n {
        let s = a.normal(i).dot(c - a.vertex(i))
        if s > separation {
            separation = s
            edge = i
        }
    }
    guard separation - radius <= speculativeDistance else { return m }
    let next = edge + 1 < n ? edge + 1 : 0
    let v1 = a.vertex(edge)
    let v2 = a.vertex(next)
    let u1 = (c - v1).dot(v2 - v1)
    let u2 = (c - v2).dot(v1 - v2)
    var localNormal: Vec2
    var localPoint: Vec2
    var id: UInt16
    if (u1 < 0 || u2 < 0) && separation > 1e-12 {
        // A vertex region.
        let vertex = u1 < 0 ? v1 : v2
        let (distance, direction) = lengthAndDirection(c - vertex, fallback: a.normal(edge))
        let s = distance - radius
        guard s <= speculativeDistance else { return m }
        separation = s
        localNormal = direction
        let surfaceA = Vec2.mulAdd(vertex, a.radius, direction)
        let surfaceB = Vec2.mulSub(c, b.radius, direction)
        localPoint = 0.5 * (surfaceA + surfaceB)
        id = makeFeatureID(u1 < 0 ? edge : next, 0)
    } else {
        // The face region.
        localNormal = a.normal(edge)
        let surfaceA = Vec2.mulSub(c, separation - a.radius, localNormal)
        let surfaceB = Vec2.mulSub(c, b.radius, localNormal)
        localPoint = 0.5 * (surfaceA + surfaceB)
        separation -= radius
        id = makeFeatureID(edge, 0) | 0x80
    }
    m.normal = xfA.q.rotate(localNormal)
    m.append(point: xfA.apply(localPoint), separation: separation, id: id, xfA, xfB)
    return m
}
