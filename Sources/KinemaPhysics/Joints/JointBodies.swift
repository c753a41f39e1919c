// What every joint kind's sub-step solve shares: reading the two bodies' states and the masses
// the joint may move them by, the anchors as the bodies have turned so far, applying impulses,
// the bias of a one-sided limit, and writing the velocities back.

/// A joint's two bodies as its solver sees them during one pass: their states when the pass
/// reached the joint, the inverse masses it may move them by (zero for a body it must not write),
/// the anchors rotated by the bodies' rotation so far this step, and the velocities the pass
/// updates.
struct JointBodies {
    let a: Int
    let b: Int
    let sA: BodyState
    let sB: BodyState
    let mA: Double
    let mB: Double
    let iA: Double
    let iB: Double
    /// The anchors relative to the centres of mass, turned by each body's rotation this step.
    let rA: Vec2
    let rB: Vec2
    var vA: Vec2
    var wA: Double
    var vB: Vec2
    var wB: Double

    @inline(__always) init(_ joint: Joint, _ states: [BodyState]) {
        a = Int(joint.bodyA)
        b = Int(joint.bodyB)
        sA = states[a]
        sB = states[b]
        mA = joint.mA
        mB = joint.mB
        iA = joint.iA
        iB = joint.iB
        rA = sA.dq.rotate(joint.rA)
        rB = sB.dq.rotate(joint.rB)
        vA = sA.v
        wA = sA.w
        vB = sB.v
        wB = sB.w
    }

    /// B's anchor minus A's now, for a joint whose centres were `deltaCenter` apart at the start
    /// of the step.
    @inline(__always) func separation(_ deltaCenter: Vec2) -> Vec2 { (sB.dp - sA.dp) + deltaCenter + rB - rA }

    /// The velocity of B's anchor relative to A's.
    @inline(__always) var anchorVelocity: Vec2 { vB + Vec2.cross(wB, rB) - vA - Vec2.cross(wA, rA) }

    /// The 2×2 effective mass matrix of a point constraint at the anchors (k11, k12, k22).
    @inline(__always) var pointMass: (Double, Double, Double) {
        let k11 = mA + mB + rA.y * rA.y * iA + rB.y * rB.y * iB
        let k12 = -rA.y * rA.x * iA - rB.y * rB.x * iB
        let k22 = mA + mB + rA.x * rA.x * iA + rB.x * rB.x * iB
        return (k11, k12, k22)
    }

    /// Applies the impulse `p` at the anchors: −p to A, +p to B.
    @inline(__always) mutating func apply(_ p: Vec2) {
        vA = Vec2.mulSub(vA, mA, p)
        wA -= iA * rA.cross(p)
        vB = Vec2.mulAdd(vB, mB, p)
        wB += iB * rB.cross(p)
    }

    /// Writes the velocities back for the bodies the joint may move.
    @inline(__always) func store(_ joint: Joint, into states: inout [BodyState]) {
        if joint.writesA {
            states[a].v = vA
            states[a].w = wA
        }
        if joint.writesB {
            states[b].v = vB
            states[b].w = wB
        }
    }

    /// Warm starting: the linear impulse `p` (−p to A, +p to B) and the angular impulses
    /// `angularA` (taken from A) and `angularB` (given to B), applied to the states the pass began
    /// with and written back for the bodies the joint may move.
    @inline(__always) func warmStart(
        _ joint: Joint, linear p: Vec2, angularA: Double, angularB: Double, into states: inout [BodyState]
    ) {
        if joint.writesA {
            states[a].v = Vec2.mulSub(sA.v, mA, p)
            states[a].w = sA.w - iA * angularA
        }
        if joint.writesB {
            states[b].v = Vec2.mulAdd(sB.v, mB, p)
            states[b].w = sB.w + iB * angularB
        }
    }
}

/// The position bias and soft-step scales of one joint row in one pass.
struct JointBias {
    var bias: Double
    var massScale: Double
    var impulseScale: Double

    /// A one-sided limit with position error `c` (≥ 0 allowed). A limit not yet reached only
    /// removes the approach that would cross it within the sub-step (speculative); a crossed one
    /// is pushed back by the solver's joint softness while the bias is on, rigidly in the relax
    /// pass.
    @inline(__always) init(limit c: Double, _ context: StepContext, useBias: Bool) {
        bias = 0
        massScale = 1
        impulseScale = 0
        if c > 0 {
            bias = c * context.inv_h
        } else if useBias {
            bias = context.jointSoftness.biasRate * c
            massScale = context.jointSoftness.massScale
            impulseScale = context.jointSoftness.impulseScale
        }
    }

    /// An equality with position error `c`, soft with `softness` while the bias is on, rigid in
    /// the relax pass.
    @inline(__always) init(equality c: Double, _ softness: Softness, useBias: Bool) {
        bias = 0
        massScale = 1
        impulseScale = 0
        if useBias {
            bias = softness.biasRate * c
            massScale = softness.massScale
            impulseScale = softness.impulseScale
        }
    }

    /// Adds to the non-negative accumulated impulse `accumulated` the impulse that brings the
    /// row's speed `speed` (with effective mass `mass`) to the bias, and returns what it added.
    @inline(__always) func applyOneSided(_ accumulated: inout Double, mass: Double, speed: Double) -> Double {
        let lambda = -mass * massScale * (speed + bias) - impulseScale * accumulated
        let newImpulse = max(0, accumulated + lambda)
        let applied = newImpulse - accumulated
        accumulated = newImpulse
        return applied
    }
}

extension Joint {
    /// The point constraint of the revolute joint and the weld's linear part: B's anchor on A's,
    /// soft with `softness` while the bias is on, rigid in the relax pass, as one 2×2 block.
    @inline(__always)
    mutating func solvePoint(_ bodies: inout JointBodies, _ softness: Softness, useBias: Bool) {
        let rA = bodies.rA
        let rB = bodies.rB
        var bias = Vec2.zero
        var massScale = 1.0
        var impulseScale = 0.0
        if useBias {
            let separation = (bodies.sB.dp - bodies.sA.dp) + (rB - rA) + self.deltaCenter
            bias = softness.biasRate * separation
            massScale = softness.massScale
            impulseScale = softness.impulseScale
        }
        let cdot = bodies.anchorVelocity
        let (k11, k12, k22) = bodies.pointMass
        let x = solve22(k11, k12, k22, cdot + bias)
        let lambda = Vec2(
            -massScale * x.x - impulseScale * self.linearImpulse.x,
            -massScale * x.y - impulseScale * self.linearImpulse.y)
        self.linearImpulse += lambda
        bodies.apply(lambda)
    }

    /// 1 / k, or 0 for a row no body can move (k = 0).
    @inline(__always) static func effectiveMass(_ k: Double) -> Double { k > 0 ? 1 / k : 0 }
}
