// Contact constraints in groups of four, solved four at a time in SIMD lanes (Box2D v3's wide
// solver, written from its published design, with a different grouping).
//
// Each step the touching contacts are put in dependency levels, in contact order: a constraint's
// level is one past the last level that wrote either of its moving bodies (static, kinematic and
// sleeping bodies never count, as the solver never writes them). The constraints of one level
// share no moving body, and any two that do keep their contact-order sequence, so solving four of
// them at once gives exactly the scalar Gauss–Seidel result (Box2D v3's graph colouring reorders
// the solve; this does not). Groups are stored level by level; the last group of a level is padded
// with inert lanes (no mass, no points). Everything follows contact order, so the result is
// deterministic.

/// One field of the four constraints of a group.
typealias Lanes = SIMD4<Double>

/// One contact point of the four constraints of a group (see ``ContactConstraintPoint``).
struct WideConstraintPoint {
    var anchorAX = Lanes()
    var anchorAY = Lanes()
    var anchorBX = Lanes()
    var anchorBY = Lanes()
    var adjustedSeparation = Lanes()
    var separation = Lanes()
    var normalImpulse = Lanes()
    var tangentImpulse = Lanes()
    var maxNormalImpulse = Lanes()
    var totalNormalImpulse = Lanes()
    var normalMass = Lanes()
    var tangentMass = Lanes()
    var relativeVelocity = Lanes()

    @inline(__always) subscript(lane k: Int) -> ContactConstraintPoint {
        get {
            var p = ContactConstraintPoint()
            p.anchorA = Vec2(anchorAX[k], anchorAY[k])
            p.anchorB = Vec2(anchorBX[k], anchorBY[k])
            p.adjustedSeparation = adjustedSeparation[k]
            p.separation = separation[k]
            p.normalImpulse = normalImpulse[k]
            p.tangentImpulse = tangentImpulse[k]
            p.maxNormalImpulse = maxNormalImpulse[k]
            p.totalNormalImpulse = totalNormalImpulse[k]
            p.normalMass = normalMass[k]
            p.tangentMass = tangentMass[k]
            p.relativeVelocity = relativeVelocity[k]
            return p
        }
        set {
            setLane(&anchorAX, k, newValue.anchorA.x)
            setLane(&anchorAY, k, newValue.anchorA.y)
            setLane(&anchorBX, k, newValue.anchorB.x)
            setLane(&anchorBY, k, newValue.anchorB.y)
            setLane(&adjustedSeparation, k, newValue.adjustedSeparation)
            setLane(&separation, k, newValue.separation)
            setLane(&normalImpulse, k, newValue.normalImpulse)
            setLane(&tangentImpulse, k, newValue.tangentImpulse)
            setLane(&maxNormalImpulse, k, newValue.maxNormalImpulse)
            setLane(&totalNormalImpulse, k, newValue.totalNormalImpulse)
            setLane(&normalMass, k, newValue.normalMass)
            setLane(&tangentMass, k, newValue.tangentMass)
            setLane(&relativeVelocity, k, newValue.relativeVelocity)
        }
    }
}

/// Four contact constraints of one colour, structure of arrays. An inert lane has contact −1,
/// no mass and no points, and reads body 0's state without ever writing it.
struct ContactConstraintGroup {
    static let width = 4

    /// The contact of each lane, −1 for an inert lane.
    var contact = SIMD4<Int32>(repeating: -1)
    var bodyA = SIMD4<Int32>(repeating: 0)
    var bodyB = SIMD4<Int32>(repeating: 0)
    /// Non-zero where the constraint moves the body (it has mass here), so the solver writes it.
    var movesA = SIMD4<Int32>(repeating: 0)
    var movesB = SIMD4<Int32>(repeating: 0)
    var pointCount = SIMD4<Int32>(repeating: 0)
    var normalX = Lanes()
    var normalY = Lanes()
    var invMassA = Lanes()
    var invIA = Lanes()
    var invMassB = Lanes()
    var invIB = Lanes()
    var friction = Lanes()
    var restitution = Lanes()
    var rollingResistance = Lanes()
    var rollingMass = Lanes()
    var rollingImpulse = Lanes()
    var relativeGravity = Lanes()
    var biasRate = Lanes()
    var massScale = Lanes(repeating: 1)
    var impulseScale = Lanes()
    /// 1 where a two-point manifold is in its step of impact: its points are solved as a block
    /// where they can be, and the relax pass visits them twice where they cannot.
    var impactPair = Lanes()
    var point1 = WideConstraintPoint()
    var point2 = WideConstraintPoint()
    /// Whether any lane has rolling resistance, a second point, a pair in its step of impact.
    var hasRolling = false
    var hasTwoPoints = false
    var hasImpactPair = false

    /// Lane `k` as a scalar constraint.
    @inline(__always) subscript(lane k: Int) -> ContactConstraint {
        get {
            var c = ContactConstraint()
            c.contact = contact[k]
            c.bodyA = bodyA[k]
            c.bodyB = bodyB[k]
            c.normal = Vec2(normalX[k], normalY[k])
            c.invMassA = invMassA[k]
            c.invIA = invIA[k]
            c.invMassB = invMassB[k]
            c.invIB = invIB[k]
            c.friction = friction[k]
            c.restitution = restitution[k]
            c.rollingResistance = rollingResistance[k]
            c.rollingMass = rollingMass[k]
            c.rollingImpulse = rollingImpulse[k]
            c.relativeGravity = relativeGravity[k]
            c.softness = Softness(biasRate: biasRate[k], massScale: massScale[k], impulseScale: impulseScale[k])
            c.pointCount = Int(pointCount[k])
            c.point1 = point1[lane: k]
            c.point2 = point2[lane: k]
            return c
        }
        set {
            contact[k] = newValue.contact
            bodyA[k] = newValue.bodyA
            bodyB[k] = newValue.bodyB
            movesA[k] = newValue.invMassA > 0 || newValue.invIA > 0 ? 1 : 0
            movesB[k] = newValue.invMassB > 0 || newValue.invIB > 0 ? 1 : 0
            pointCount[k] = Int32(newValue.pointCount)
            setLane(&normalX, k, newValue.normal.x)
            setLane(&normalY, k, newValue.normal.y)
            setLane(&invMassA, k, newValue.invMassA)
            setLane(&invIA, k, newValue.invIA)
            setLane(&invMassB, k, newValue.invMassB)
            setLane(&invIB, k, newValue.invIB)
            setLane(&friction, k, newValue.friction)
            setLane(&restitution, k, newValue.restitution)
            setLane(&rollingResistance, k, newValue.rollingResistance)
            setLane(&rollingMass, k, newValue.rollingMass)
            setLane(&rollingImpulse, k, newValue.rollingImpulse)
            setLane(&relativeGravity, k, newValue.relativeGravity)
            setLane(&biasRate, k, newValue.softness.biasRate)
            setLane(&massScale, k, newValue.softness.massScale)
            setLane(&impulseScale, k, newValue.softness.impulseScale)
            point1[lane: k] = newValue.point1
            point2[lane: k] = newValue.point2
            hasRolling = hasRolling || newValue.rollingResistance > 0
            hasTwoPoints = hasTwoPoints || newValue.pointCount == 2
        }
    }
}

/// The constraints of a step seen one at a time (for the passes that run once per step, such as
/// restitution): index `i` is lane `i % 4` of group `i / 4`, inert lanes included. When no
/// constraint of the step has restitution the view is empty (the restitution pass then has
/// nothing to do).
struct ContactConstraintLanes {
    let groups: UnsafeMutablePointer<ContactConstraintGroup>
    let count: Int

    var indices: Range<Int> { 0..<count }

    subscript(i: Int) -> ContactConstraint {
        get { groups[i >> 2][lane: i & 3] }
        nonmutating set { groups[i >> 2][lane: i & 3] = newValue }
    }
}

/// Four bodies' sub-step states, gathered from the lanes of a group.
struct WideBodyState {
    var vx: Lanes
    var vy: Lanes
    var w: Lanes
    var dpx: Lanes
    var dpy: Lanes
    var qc: Lanes
    var qs: Lanes

    @inline(__always) init(_ states: UnsafeMutablePointer<BodyState>, _ index: SIMD4<Int32>) {
        let s0 = states[Int(index[0])]
        let s1 = states[Int(index[1])]
        let s2 = states[Int(index[2])]
        let s3 = states[Int(index[3])]
        vx = Lanes(s0.v.x, s1.v.x, s2.v.x, s3.v.x)
        vy = Lanes(s0.v.y, s1.v.y, s2.v.y, s3.v.y)
        w = Lanes(s0.w, s1.w, s2.w, s3.w)
        dpx = Lanes(s0.dp.x, s1.dp.x, s2.dp.x, s3.dp.x)
        dpy = Lanes(s0.dp.y, s1.dp.y, s2.dp.y, s3.dp.y)
        qc = Lanes(s0.dq.c, s1.dq.c, s2.dq.c, s3.dq.c)
        qs = Lanes(s0.dq.s, s1.dq.s, s2.dq.s, s3.dq.s)
    }

    /// Writes the velocities back for the lanes flagged in `moves`.
    @inline(__always) func scatterVelocities(
        _ states: UnsafeMutablePointer<BodyState>, _ index: SIMD4<Int32>, _ moves: SIMD4<Int32>
    ) {
        if moves[0] != 0 { Self.store(states + Int(index[0]), vx[0], vy[0], w[0]) }
        if moves[1] != 0 { Self.store(states + Int(index[1]), vx[1], vy[1], w[1]) }
        if moves[2] != 0 { Self.store(states + Int(index[2]), vx[2], vy[2], w[2]) }
        if moves[3] != 0 { Self.store(states + Int(index[3]), vx[3], vy[3], w[3]) }
    }

    @inline(__always) private static func store(_ s: UnsafeMutablePointer<BodyState>, _ x: Double, _ y: Double, _ w: Double) {
        s.pointee.v = Vec2(x, y)
        s.pointee.w = w
    }
}

/// Writes lane `k` of `lanes` with one scalar store (no read-modify-write of the vector).
@inline(__always) func setLane(_ lanes: inout Lanes, _ k: Int, _ value: Double) {
    withUnsafeMutableBytes(of: &lanes) { $0.storeBytes(of: value, toByteOffset: k &* 8, as: Double.self) }
}

extension Lanes {
    /// `self` where it is above `floor`, else `floor` (lane-wise `max`).
    @inline(__always) func atLeast(_ floor: Lanes) -> Lanes { replacing(with: floor, where: self .< floor) }
    /// `self` where it is below `ceiling`, else `ceiling` (lane-wise `min`).
    @inline(__always) func atMost(_ ceiling: Lanes) -> Lanes { replacing(with: ceiling, where: self .> ceiling) }
}
