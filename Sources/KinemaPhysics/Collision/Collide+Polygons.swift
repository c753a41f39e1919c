// Polygon–polygon (and segment–polygon) manifolds, the classic way:
//
//   1. Separating axes: the face of each outline with the largest separation from the other.
//      The reference face is A's unless B's separates clearly more (a tolerance keeps the
//      choice stable, so feature ids persist and warm starting works).
//   2. The incident edge: the other outline's edge whose normal is most anti-parallel.
//   3. When the outlines are apart by more than a sliver and the closest features are two
//      vertices, one point along the vertex–vertex line (a good speculative normal for corners).
//   4. Otherwise clip the incident edge to the reference face's side planes: up to two points,
//      moved midway between the surfaces, each named by the vertex–edge pair that made it.
//
//        incident  v22 ●━━━━━━━━━━━━━━● v21
//                    ↓ lower           ↓ upper       (clipped to [v11, v12] along the tangent)
//        reference  v11 ●━━━━━━━━━━━━━━━━━━━━● v12   normal n points out of the reference face

/// Polygon feature ids: shape A's feature index in bits 8–13, shape B's in bits 0–5, and flags.
///
/// A clipped point is a vertex of one shape against an edge of the other: an incident vertex
/// on the reference face, or a reference vertex's side plane cutting the incident edge. The id
/// names that vertex–edge pair from A's side, so it does not change when the reference face
/// moves to the other shape (a box resting on a floor) or when two edges are equally
/// anti-parallel (a corner into a face).
enum PolygonFeature {
    /// The vertex is A's (and the edge B's); clear for an edge of A against a vertex of B.
    static let vertexOnA: UInt16 = 0x0040
    /// A vertex–vertex point.
    static let vertexVertex: UInt16 = 0x8000

    /// The id of a vertex–edge pair given from the reference shape's (poly1's) side.
    @inline(__always) static func id(poly1Index: Int, poly2Index: Int, vertexOnPoly1: Bool, flip: Bool) -> UInt16 {
        let ab = flip ? makeFeatureID(poly2Index, poly1Index) : makeFeatureID(poly1Index, poly2Index)
        return vertexOnPoly1 != flip ? ab | vertexOnA : ab
    }
}

/// A convex outline read in place by the polygon routines: a polygon, or a segment seen as a
/// two-sided polygon with two vertices.
protocol ConvexOutline {
    var vertexCount: Int { get }
    func vertex(_ i: Int) -> Vec2
    /// The outward unit normal of the edge from `vertex(i)` to `vertex(i + 1)`.
    func normal(_ i: Int) -> Vec2
    var radius: Double { get }
}

extension Polygon: ConvexOutline {
    @inline(__always) var vertexCount: Int { vertices.count }
    @inline(__always) func vertex(_ i: Int) -> Vec2 { vertices[i] }
    @inline(__always) func normal(_ i: Int) -> Vec2 { normals[i] }
}

/// A zero-thickness segment as a 2-gon: edge 0 runs p1 → p2 with the right-side normal, edge 1
/// runs back with the opposite normal.
struct SegmentOutline: ConvexOutline {
    var p1: Vec2
    var p2: Vec2
    var n: Vec2

    @inline(__always) init(_ s: Segment) {
        p1 = s.p1
        p2 = s.p2
        n = (s.p2 - s.p1).rightPerp.normalized
    }

    @inline(__always) var vertexCount: Int { 2 }
    @inline(__always) func vertex(_ i: Int) -> Vec2 { i == 0 ? p1 : p2 }
    @inline(__always) func normal(_ i: Int) -> Vec2 { i == 0 ? n : -n }
    @inline(__always) var radius: Double { 0 }
}

/// The face of `poly1` that separates it most from `poly2`, and that separation (core shapes,
/// radii not included). Stops at the first face separating by more than `earlyOut`.
@inline(__always) func maxSeparation<P1: ConvexOutline, P2: ConvexOutline>(
    _ poly1: P1, _ xf1: Transform2, _ poly2: P2, _ xf2: Transform2, earlyOut: Double = .infinity
) -> (edge: Int, separation: Double) {
    // poly1 in poly2's frame.
    let xf = xf2.invMul(xf1)
    let count1 = poly1.vertexCount
    let count2 = poly2.vertexCount
    var bestEdge = 0
    var best = -Double.infinity
    for i in 0..<count1 {
        let n = xf.q.rotate(poly1.normal(i))
        let v1 = xf.apply(poly1.vertex(i))
        var si = Double.infinity
        for j in 0..<count2 {
            let sij = n.dot(poly2.vertex(j) - v1)
            if sij < si { si = sij }
        }
        if si > best {
            best = si
            bestEdge = i
            if si > earlyOut { break }
        }
    }
    return (bestEdge, best)
}

/// Polygon (or segment outline) A against polygon (or segment outline) B.
func collidePolygons<A: ConvexOutline, B: ConvexOutline>(
    _ a: A, _ xfA: Transform2, _ b: B, _ xfB: Transform2, speculativeDistance: Double
) -> Manifold {
    guard a.vertexCount >= 2, b.vertexCount >= 2 else { return Manifold() }
    let radius = a.radius + b.radius
    // A face separating beyond the speculative distance ends the search: no contact.
    let reach = speculativeDistance + radius
    let (edgeA, separationA) = maxSeparation(a, xfA, b, xfB, earlyOut: reach)
    if separationA - radius > speculativeDistance { return Manifold() }
    let (edgeB, separationB) = maxSeparation(b, xfB, a, xfA, earlyOut: reach)
    if separationB - radius > speculativeDistance { return Manifold() }
    if separationB > separationA + CollisionTolerance.referenceFaceTolerance {
        return polygonContact(
            reference: b, xfB, edge: edgeB, incident: a, xfA, separation: separationB, flip: true,
            xfA: xfA, xfB: xfB, speculativeDistance: speculativeDistance)
    }
    return polygonContact(
        reference: a, xfA, edge: edgeA, incident: b, xfB, separation: separationA, flip: false,
        xfA: xfA, xfB: xfB, speculativeDistance: speculativeDistance)
}

/// The manifold from `poly1`'s reference face `edge1` against `poly2`. `flip` says `poly1` is
/// shape B: the normal is then reversed and feature ids keep A's vertex first.
@inline(__always) func polygonContact<P1: ConvexOutline, P2: ConvexOutline>(
    reference poly1: P1, _ xf1: Transform2, edge edge1: Int, incident poly2: P2, _ xf2: Transform2,
    separation: Double, flip: Bool, xfA: Transform2, xfB: Transform2, speculativeDistance: Double
) -> Manifold {
    var m = Manifold()
    let count1 = poly1.vertexCount
    let count2 = poly2.vertexCount
    let r1 = poly1.radius
    let r2 = poly2.radius
    let radius = r1 + r2

    // The incident edge: most anti-parallel to the reference normal.
    let normal1InFrame2 = xf2.q.invRotate(xf1.q.rotate(poly1.normal(edge1)))
    var i21 = 0
    var minDot = Double.infinity
    for i in 0..<count2 {
        let d = normal1InFrame2.dot(poly2.normal(i))
        if d < minDot {
            minDot = d
            i21 = i
        }
    }
    let i22 = i21 + 1 < count2 ? i21 + 1 : 0
    let i11 = edge1
    let i12 = edge1 + 1 < count1 ? edge1 + 1 : 0

    let v11 = xf1.apply(poly1.vertex(i11))
    let v12 = xf1.apply(poly1.vertex(i12))
    let v21 = xf2.apply(poly2.vertex(i21))
    let v22 = xf2.apply(poly2.vertex(i22))

    if separation > CollisionTolerance.vertexVertexSeparation {
        // Apart: the closest features may be two vertices.
        let closest = segmentDistance(v11, v12, v21, v22)
        let f1 = closest.fraction1
        let f2 = closest.fraction2
        if (f1 == 0 || f1 == 1) && (f2 == 0 || f2 == 1) {
            let vertex1 = f1 == 0 ? v11 : v12
            let vertex2 = f2 == 0 ? v21 : v22
            let feature1 = f1 == 0 ? i11 : i12
            let feature2 = f2 == 0 ? i21 : i22
            let distance = closest.distanceSquared.squareRoot()
            guard distance > 1e-9 else { return clip() }
            let s = distance - radius
            guard s <= speculativeDistance else { return m }
            let n = (1 / distance) * (vertex2 - vertex1)
            let surface1 = Vec2.mulAdd(vertex1, r1, n)
            let surface2 = Vec2.mulSub(vertex2, r2, n)
            m.normal = flip ? -n : n
            let id = (flip ? makeFeatureID(feature2, feature1) : makeFeatureID(feature1, feature2)) | PolygonFeature.vertexVertex
            m.append(point: 0.5 * (surface1 + surface2), separation: s, id: id, xfA, xfB)
            return m
        }
    }
    return clip()

    func clip() -> Manifold {
        var m = Manifold()
        let n = xf1.q.rotate(poly1.normal(edge1))
        let edge = v12 - v11
        let tangent = edge.normalized
        let upper1 = edge.dot(tangent)
        // The incident edge runs against the reference edge: v22 is at the lower end.
        let upper2 = (v21 - v11).dot(tangent)
        let lower2 = (v22 - v11).dot(tangent)
        let span = upper2 - lower2
        // Feature ids (see `PolygonFeature`): an incident vertex on the reference face, or the
        // incident edge cut at a reference vertex.
        var vLower = v22
        var idLower = PolygonFeature.id(poly1Index: edge1, poly2Index: i22, vertexOnPoly1: false, flip: flip)
        if lower2 < 0, span > 1e-12 {
            vLower = Vec2.mulAdd(v22, (0 - lower2) / span, v21 - v22)
            idLower = PolygonFeature.id(poly1Index: i11, poly2Index: i21, vertexOnPoly1: true, flip: flip)
        }
        var vUpper = v21
        var idUpper = PolygonFeature.id(poly1Index: edge1, poly2Index: i21, vertexOnPoly1: false, flip: flip)
        if upper2 > upper1, span > 1e-12 {
            vUpper = Vec2.mulAdd(v22, (upper1 - lower2) / span, v21 - v22)
            idUpper = PolygonFeature.id(poly1Index: i12, poly2Index: i21, vertexOnPoly1: true, flip: flip)
        }
        let separationLower = (vLower - v11).dot(n)
        let separationUpper = (vUpper - v11).dot(n)
        // Midway between the surfaces.
        vLower = Vec2.mulAdd(vLower, 0.5 * (r1 - r2 - separationLower), n)
        vUpper = Vec2.mulAdd(vUpper, 0.5 * (r1 - r2 - separationUpper), n)
        m.normal = flip ? -n : n
        let sLower = separationLower - radius
        let sUpper = separationUpper - radius
        if sLower <= speculativeDistance {
            m.append(point: vLower, separation: sLower, id: idLower, xfA, xfB)
        }
        if sUpper <= speculativeDistance {
            m.append(point: vUpper, separation: sUpper, id: idUpper, xfA, xfB)
        }
        return m
    }
}
