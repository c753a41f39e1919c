// The narrow phase: one entry point that turns two shapes and their transforms into a contact
// manifold, after Box2D v3's design (Catto, "Contact manifolds", GDC 2007 and the v3 docs).
//
//   pair                         routine
//   circle   – circle            collideCircles
//   polygon  – circle            collidePolygonAndCircle   (any order: swapped and flipped)
//   segment  – circle            collideSegmentAndCircle   (any order)
//   polygon  – polygon           collidePolygons           (SAT reference face, incident edge, clip)
//   segment  – polygon           collidePolygons           (the segment as a two-sided 2-gon)
//   segment  – segment           no points (boundaries never collide with each other)
//
// Every routine works on stack values only: polygons are read in place, never copied into new
// arrays, so `collide` does not allocate.

/// Narrow-phase tolerances, points.
enum CollisionTolerance {
    /// Box2D's linear slop (0.005 m) at 100 pt/m.
    static let linearSlop = 0.5
    /// Above this separation, polygon pairs look for a vertex–vertex contact (its normal can then be
    /// normalised safely); below it they clip faces.
    static let vertexVertexSeparation = 0.1 * linearSlop
    /// The reference face switches to shape B only when B's face separates by this much more than
    /// A's: a consistent choice from step to step, so feature ids (and warm starting) persist.
    static let referenceFaceTolerance = 0.1 * linearSlop
}

/// The contact manifold between `a` under `xfA` and `b` under `xfB`.
///
/// The normal points from A to B; each point is world, midway between the two surfaces, with
/// anchors relative to each body origin; separations are negative when overlapping. Points that
/// are more than `speculativeDistance` (points) apart are dropped. Feature `id`s name the vertices
/// and edges that made each point, so they persist while the same features touch.
func collide(_ a: Geometry, _ xfA: Transform2, _ b: Geometry, _ xfB: Transform2, speculativeDistance: Double) -> Manifold {
    collide(a.form, xfA, b.form, xfB, speculativeDistance: speculativeDistance)
}

/// As ``collide(_:_:_:_:speculativeDistance:)`` for outlines in either form (the narrow phase
/// reads its polygons in place).
@inline(__always) func collide<PA: ConvexOutline, PB: ConvexOutline>(
    _ a: CollisionForm<PA>, _ xfA: Transform2, _ b: CollisionForm<PB>, _ xfB: Transform2, speculativeDistance: Double
) -> Manifold {
    // A non-finite pose would put NaN into the solver: no contact instead.
    guard isFinitePose(xfA), isFinitePose(xfB), !speculativeDistance.isNaN else { return Manifold() }
    switch (a, b) {
    case (.circle(let ca), .circle(let cb)):
        return collideCircles(ca, xfA, cb, xfB, speculativeDistance: speculativeDistance)
    case (.polygon(let pa), .circle(let cb)):
        return collidePolygonAndCircle(pa, xfA, cb, xfB, speculativeDistance: speculativeDistance)
    case (.circle(let ca), .polygon(let pb)):
        return collidePolygonAndCircle(pb, xfB, ca, xfA, speculativeDistance: speculativeDistance).flipped(xfA, xfB)
    case (.segment(let sa), .circle(let cb)):
        return collideSegmentAndCircle(sa, xfA, cb, xfB, speculativeDistance: speculativeDistance)
    case (.circle(let ca), .segment(let sb)):
        return collideSegmentAndCircle(sb, xfB, ca, xfA, speculativeDistance: speculativeDistance).flipped(xfA, xfB)
    case (.polygon(let pa), .polygon(let pb)):
        return collidePolygons(pa, xfA, pb, xfB, speculativeDistance: speculativeDistance)
    case (.segment(let sa), .polygon(let pb)):
        return collidePolygons(SegmentOutline(sa), xfA, pb, xfB, speculativeDistance: speculativeDistance)
    case (.polygon(let pa), .segment(let sb)):
        return collidePolygons(pa, xfA, SegmentOutline(sb), xfB, speculativeDistance: speculativeDistance)
    case (.segment, .segment):
        return Manifold()
    }
}

@inline(__always) private func isFinitePose(_ xf: Transform2) -> Bool {
    xf.p.x.isFinite && xf.p.y.isFinite && xf.q.c.isFinite && xf.q.s.isFinite
}

extension Manifold {
    /// The same contact seen with A and B swapped back: `self` was computed as (B, A); the
    /// result's normal points from A to B and its anchors are relative to `xfA` and `xfB`.
    @inline(__always) func flipped(_ xfA: Transform2, _ xfB: Transform2) -> Manifold {
        var m = self
        m.normal = -normal
        for i in 0..<pointCount {
            m[i].anchorA = m[i].point - xfA.p
            m[i].anchorB = m[i].point - xfB.p
        }
        return m
    }

    /// Appends a point (world) with its separation and feature id; anchors relative to `xfA`, `xfB`.
    @inline(__always) mutating func append(point: Vec2, separation: Double, id: UInt16, _ xfA: Transform2, _ xfB: Transform2) {
        var mp = ManifoldPoint()
        mp.point = point
        mp.anchorA = point - xfA.p
        mp.anchorB = point - xfB.p
        mp.separation = separation
        mp.id = id
        self[pointCount] = mp
        pointCount += 1
    }
}

/// A feature id from a feature index on shape A and one on shape B (Box2D's `B2_MAKE_ID`).
@inline(__always) func makeFeatureID(_ a: Int, _ b: Int) -> UInt16 {
    UInt16(truncatingIfNeeded: a & 0xFF) << 8 | UInt16(truncatingIfNeeded: b & 0xFF)
}
