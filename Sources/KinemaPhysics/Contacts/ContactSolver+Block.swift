// The two points of a manifold solved together in its step of impact (Box2D 2.x's block solver,
// written from Catto's published description, with the soft step's mass and impulse scaling).
//
// Gauss–Seidel solves a face's two points one after the other: when a face lands flat, the first
// point takes the whole impact and turns the body, so the body tips and, with friction, slides
// (a 40 × 30 pt box dropped flat from 265 pt turned 0.3° and, bouncing at elasticity 0.2, slid
// 2.4 pt to the side). Solved as a block, both points take their share at once. With K the 2 × 2
// effective mass matrix of the two points' normal constraints, a the accumulated impulses, u
// their normal velocities and b their biases, the new impulses are
//
//     x = (1 − impulseScale)·a − massScale·K⁻¹·(u + b),
//
// the scalar soft update with K⁻¹ in place of 1/k. Where both come out ≥ 0 this is the exact
// solution of the pair (the linear complementarity problem with both points pushing); where one
// would pull, or K is ill-conditioned (the points nearly coincide), or in the biased pass one
// point is speculative and the other touching, the lane falls back to Gauss–Seidel.
//
// Only pairs approaching faster than the restitution threshold at the start of the step use the
// block. Resting contacts keep Gauss–Seidel: warm starting already gives them symmetric impulses,
// and a pile whose contacts switch between the two solvers as points open and close by fractions
// of a point jitters at about 1 pt/s and never falls asleep.

extension PhysicsWorld {
    /// Largest ratio k₁₁² / det K for which a pair is solved as a block (Box2D's bound).
    static let blockConditionLimit = Lanes(repeating: 1000)

    /// The normal constraints of a group with two-point lanes: the pairs in their step of impact
    /// as a block where it applies, every other lane by Gauss–Seidel (twice in the relax pass for
    /// an impact pair the block could not take). Returns each lane's summed normal impulse.
    @inline(__always)
    static func solvePairNormals(
        _ g: UnsafeMutablePointer<ContactConstraintGroup>, _ nx: Lanes, _ ny: Lanes, _ dpx: Lanes, _ dpy: Lanes,
        _ A: inout WideBodyState, _ B: inout WideBodyState, _ masses: WideMasses, _ bias: WideBias
    ) -> Lanes {
        let impact = g.pointee.impactPair .> 0
        let block =
            g.pointee.hasImpactPair
            ? solveNormalBlock(&g.pointee.point1, &g.pointee.point2, impact, nx, ny, dpx, dpy, &A, &B, masses, bias)
            : SIMDMask(repeating: false)
        let rest = .!block
        if any(rest) {
            solveNormal(&g.pointee.point1, nx, ny, dpx, dpy, &A, &B, masses, bias, only: rest)
            solveNormal(&g.pointee.point2, nx, ny, dpx, dpy, &A, &B, masses, bias, only: rest)
            let again = impact .& rest
            if !bias.useBias, any(again) {
                solveNormal(&g.pointee.point1, nx, ny, dpx, dpy, &A, &B, masses, bias, only: again)
                solveNormal(&g.pointee.point2, nx, ny, dpx, dpy, &A, &B, masses, bias, only: again)
            }
        }
        return g.pointee.point1.normalImpulse + g.pointee.point2.normalImpulse
    }

    /// Solves both points of the two-point lanes in `pairs` together and returns the lanes it
    /// solved; the other lanes are left untouched, for Gauss–Seidel.
    @inline(__always)
    static func solveNormalBlock(
        _ p1: inout WideConstraintPoint, _ p2: inout WideConstraintPoint, _ pairs: SIMDMask<SIMD4<Int64>>,
        _ nx: Lanes, _ ny: Lanes, _ dpx: Lanes, _ dpy: Lanes, _ A: inout WideBodyState, _ B: inout WideBodyState,
        _ masses: WideMasses, _ bias: WideBias
    ) -> SIMDMask<SIMD4<Int64>> {
        guard any(pairs) else { return pairs }
        let s1 = separation(p1, nx, ny, dpx, dpy, A, B)
        let s2 = separation(p2, nx, ny, dpx, dpy, A, B)
        var eligible = pairs
        let b1: Lanes
        let b2: Lanes
        let massScale: Lanes
        let impulseScale: Lanes
        if bias.useBias {
            // Both points touching (soft) or both speculative (rigid, closing the gap in one
            // sub-step); a pair with one of each is left to Gauss–Seidel.
            let speculative1 = s1 .> 0
            let speculative = speculative1 .& (s2 .> 0)
            eligible = eligible .& (speculative .| ((.!speculative1) .& (s2 .<= 0)))
            b1 = (bias.rate * s1).atLeast(bias.pushFloor).replacing(with: s1 * bias.inv_h, where: speculative)
            b2 = (bias.rate * s2).atLeast(bias.pushFloor).replacing(with: s2 * bias.inv_h, where: speculative)
            massScale = bias.massScale.replacing(with: 1, where: speculative)
            impulseScale = bias.impulseScale.replacing(with: 0, where: speculative)
        } else {
            b1 = (s1 * bias.inv_h).replacing(with: 0, where: s1 .<= 0)
            b2 = (s2 * bias.inv_h).replacing(with: 0, where: s2 .<= 0)
            massScale = Lanes(repeating: 1)
            impulseScale = Lanes()
        }
        // K from the anchors' arms about the normal: rn = r × n.
        let rn1A = p1.anchorAX * ny - p1.anchorAY * nx
        let rn1B = p1.anchorBX * ny - p1.anchorBY * nx
        let rn2A = p2.anchorAX * ny - p2.anchorAY * nx
        let rn2B = p2.anchorBX * ny - p2.anchorBY * nx
        let m = masses.mA + masses.mB
        let k11 = m + masses.iA * rn1A * rn1A + masses.iB * rn1B * rn1B
        let k22 = m + masses.iA * rn2A * rn2A + masses.iB * rn2B * rn2B
        let k12 = m + masses.iA * rn1A * rn2A + masses.iB * rn1B * rn2B
        let det = k11 * k22 - k12 * k12
        let largest = k11.atLeast(k22)
        eligible = eligible .& (largest * largest .< blockConditionLimit * det)
        guard any(eligible) else { return eligible }
        let invDet = 1 / det.replacing(with: 1, where: .!eligible)
        let r1 = normalVelocity(p1, nx, ny, A, B) + b1
        let r2 = normalVelocity(p2, nx, ny, A, B) + b2
        let a1 = p1.normalImpulse
        let a2 = p2.normalImpulse
        let keep = 1 - impulseScale
        let x1 = keep * a1 - massScale * invDet * (k22 * r1 - k12 * r2)
        let x2 = keep * a2 - massScale * invDet * (k11 * r2 - k12 * r1)
        let solved = eligible .& (x1 .>= 0) .& (x2 .>= 0)
        guard any(solved) else { return solved }
        let d1 = (x1 - a1).replacing(with: 0, where: .!solved)
        let d2 = (x2 - a2).replacing(with: 0, where: .!solved)
        p1.normalImpulse = a1 + d1
        p2.normalImpulse = a2 + d2
        p1.maxNormalImpulse = p1.maxNormalImpulse.atLeast(d1)
        p2.maxNormalImpulse = p2.maxNormalImpulse.atLeast(d2)
        applyImpulse(d1 * nx, d1 * ny, at: p1, masses, &A, &B)
        applyImpulse(d2 * nx, d2 * ny, at: p2, masses, &A, &B)
        return solved
    }

    /// The current separation at a point: its start-of-step separation plus the anchors' motion
    /// along the normal since the start of the step.
    @inline(__always)
    static func separation(
        _ p: WideConstraintPoint, _ nx: Lanes, _ ny: Lanes, _ dpx: Lanes, _ dpy: Lanes, _ A: WideBodyState,
        _ B: WideBodyState
    ) -> Lanes {
        let dx = dpx + ((B.qc * p.anchorBX - B.qs * p.anchorBY) - (A.qc * p.anchorAX - A.qs * p.anchorAY))
        let dy = dpy + ((B.qs * p.anchorBX + B.qc * p.anchorBY) - (A.qs * p.anchorAX + A.qc * p.anchorAY))
        return (nx * dx + ny * dy) + p.adjustedSeparation
    }

    /// The velocity of B's anchor relative to A's at a point, pt/s.
    @inline(__always)
    static func relativeVelocity(_ p: WideConstraintPoint, _ A: WideBodyState, _ B: WideBodyState) -> (Lanes, Lanes) {
        let dvx = (B.vx - B.w * p.anchorBY) - (A.vx - A.w * p.anchorAY)
        let dvy = (B.vy + B.w * p.anchorBX) - (A.vy + A.w * p.anchorAX)
        return (dvx, dvy)
    }

    /// The relative normal velocity at a point, pt/s (positive when separating).
    @inline(__always)
    static func normalVelocity(
        _ p: WideConstraintPoint, _ nx: Lanes, _ ny: Lanes, _ A: WideBodyState, _ B: WideBodyState
    ) -> Lanes {
        let (dvx, dvy) = relativeVelocity(p, A, B)
        return dvx * nx + dvy * ny
    }
}
