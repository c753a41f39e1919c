// Restitution, once per step after the sub-steps (Box2D v3 applies it the same way), solved as
// the impact problem of Newton's law of restitution over the step's *total* impulses.
//
// For every point of an elastic contact that pushed during the step, with pre-step normal
// velocity u⁻, total normal impulse Λ and end-of-step normal velocity u⁺:
//
//     Λ ≥ 0,   u⁺ ≥ e·max(−u⁻, 0) (0 below the threshold),   Λ · (u⁺ − target) = 0.
//
// The bodies' kinetic energy changes by exactly Σ Λ·(u⁻ + u⁺)/2 over the step (the Jacobians
// are fixed within a step), so with e = 1 every term is zero and the collision conserves energy.
// Three things break that and are avoided here:
// * clamping the bounce against the last sub-step's accumulated impulse instead of the step's
//   total lets a point keep pushing after the bounce target is met (energy gain);
// * solving a two-point manifold point by point with a fixed pass count does not reach the block
//   solution when the points are close (gain or loss); it is solved as a 2×2 block here;
// * a contact's bounce changes the velocities its neighbours already fixed: the pass repeats over
//   all elastic contacts until nothing moves (Gauss–Seidel on the impact problem), bounded.
//
// Points that interacted below the restitution threshold keep u⁺ ≥ 0, so a bounce elsewhere in
// the manifold cannot drive them into the surface.

extension PhysicsWorld {
    /// Largest number of passes over the elastic contacts; independent contacts converge in one
    /// (the second only confirms), coupled ones geometrically.
    static let restitutionPassLimit = 12

    /// A pass stops repeating once no point's normal velocity changed by more than this, pt/s.
    static let restitutionVelocityTolerance = 1e-3

    /// Bounces: for contacts with a point that approached faster than the threshold and pushed
    /// during the step, drives each such point's normal velocity to −e × its approach velocity.
    func applyContactRestitution(_ context: StepContext) {
        let threshold = context.restitutionThreshold
        let dt = context.dt
        withContactArrays { cs, states in
            for _ in 0..<Self.restitutionPassLimit {
                var largestChange = 0.0
                for i in cs.indices where cs[i].restitution > 0 {
                    let change = Self.applyRestitution(&cs[i], states, threshold, dt)
                    largestChange = max(largestChange, change)
                }
                if largestChange <= Self.restitutionVelocityTolerance { break }
            }
        }
    }

    /// Solves one contact's impact problem for the current velocities and returns the largest
    /// normal velocity change it made, pt/s (0 if the contact did not bounce).
    @inline(__always)
    static func applyRestitution(
        _ c: inout ContactConstraint, _ states: UnsafeMutableBufferPointer<BodyState>, _ threshold: Double, _ dt: Double
    ) -> Double {
        // Which points take part: those that pushed during the step. The contact bounces only if
        // one of them approached faster than the threshold.
        let count = c.pointCount
        let active1 = count > 0 && c.point1.maxNormalImpulse > 0
        let active2 = count > 1 && c.point2.maxNormalImpulse > 0
        let fast1 = active1 && c.point1.relativeVelocity <= -threshold
        let fast2 = active2 && c.point2.relativeVelocity <= -threshold
        guard fast1 || fast2 else { return 0 }

        // Targets: −e × the speed of impact for fast points, 0 (no approach) for slow ones. A
        // speculative point meets its surface part-way through the step, after gravity has added
        // to the approach.
        var impactFraction = 1.0
        var target1 = 0.0
        var target2 = 0.0
        if fast1 { target1 = bounceTarget(c.point1, c, dt, &impactFraction) }
        if fast2 { target2 = bounceTarget(c.point2, c, dt, &impactFraction) }

        let a = Int(c.bodyA)
        let b = Int(c.bodyB)
        var sA = states[a]
        var sB = states[b]
        let (mA, iA, mB, iB) = (c.invMassA, c.invIA, c.invMassB, c.invIB)
        let n = c.normal
        let r1A = c.point1.anchorA
        let r1B = c.point1.anchorB
        let r2A = c.point2.anchorA
        let r2B = c.point2.anchorB
        let rn1A = r1A.cross(n)
        let rn1B = r1B.cross(n)
        let rn2A = r2A.cross(n)
        let rn2B = r2B.cross(n)
        let vn1 = normalVelocity(sA, sB, r1A, r1B, n)
        let vn2 = active2 ? normalVelocity(sA, sB, r2A, r2B, n) : 0

        // The impact problem in the new totals x ≥ 0: w = K·x + q ≥ 0 and x·w = 0, where
        // q = vn − target − K·Λ (Λ: the totals so far).
        let k11 = mA + mB + iA * rn1A * rn1A + iB * rn1B * rn1B
        let k22 = mA + mB + iA * rn2A * rn2A + iB * rn2B * rn2B
        let k12 = mA + mB + iA * rn1A * rn2A + iB * rn1B * rn2B
        let total1 = c.point1.totalNormalImpulse
        let total2 = c.point2.totalNormalImpulse
        var x1 = total1
        var x2 = total2
        if active1, active2 {
            let q1 = vn1 - target1 - (k11 * total1 + k12 * total2)
            let q2 = vn2 - target2 - (k12 * total1 + k22 * total2)
            (x1, x2) = solveImpact(k11, k12, k22, q1, q2)
        } else if active1, k11 > 0 {
            x1 = max(total1 - (vn1 - target1) / k11, 0)
        } else if active2, k22 > 0 {
            x2 = max(total2 - (vn2 - target2) / k22, 0)
        }
        let d1 = x1 - total1
        let d2 = x2 - total2
        guard d1 != 0 || d2 != 0 else { return 0 }
        c.point1.totalNormalImpulse = x1
        c.point2.totalNormalImpulse = x2

        // Apply both increments. A speculative impact happened part-way through the step but the
        // bodies waited at the surface until its end: they travel the rest of the step at the
        // bounce velocity.
        let P1 = d1 * n
        let P2 = d2 * n
        let dvA = -mA * (P1 + P2)
        let dwA = -iA * (r1A.cross(P1) + r2A.cross(P2))
        let dvB = mB * (P1 + P2)
        let dwB = iB * (r1B.cross(P1) + r2B.cross(P2))
        sA.v += dvA
        sA.w += dwA
        sB.v += dvB
        sB.w += dwB
        if impactFraction > 0, impactFraction < 1 {
            let rest = (1 - impactFraction) * dt
            sA.dp = Vec2.mulAdd(sA.dp, rest, dvA)
            sB.dp = Vec2.mulAdd(sB.dp, rest, dvB)
        }
        if mA > 0 || iA > 0 { states[a] = sA }
        if mB > 0 || iB > 0 { states[b] = sB }
        return max(abs(k11 * d1 + k12 * d2), abs(k12 * d1 + k22 * d2))
    }

    /// The normal velocity a fast point must leave with, and the fraction of the step at which a
    /// speculative point made its impact (0 for a point that already touched).
    @inline(__always)
    static func bounceTarget(
        _ cp: ContactConstraintPoint, _ c: ContactConstraint, _ dt: Double, _ impactFraction: inout Double
    ) -> Double {
        var approach = cp.relativeVelocity
        if cp.separation > 0 {
            let f = min(cp.separation / (-cp.relativeVelocity * dt), 1)
            impactFraction = min(impactFraction, f)
            approach = min(approach, approach + c.relativeGravity * f * dt)
        } else {
            impactFraction = 0
        }
        return -c.restitution * approach
    }

    @inline(__always)
    static func normalVelocity(_ sA: BodyState, _ sB: BodyState, _ rA: Vec2, _ rB: Vec2, _ n: Vec2) -> Double {
        ((sB.v + Vec2.cross(sB.w, rB)) - (sA.v + Vec2.cross(sA.w, rA))).dot(n)
    }

    /// The 2×2 linear complementarity problem x ≥ 0, w = K·x + q ≥ 0, x·w = 0 for a symmetric
    /// positive semi-definite K, by enumerating which points push (Box2D 2.x's block solver).
    @inline(__always)
    static func solveImpact(_ k11: Double, _ k12: Double, _ k22: Double, _ q1: Double, _ q2: Double) -> (Double, Double) {
        // Both push: K·x = −q. Skipped when the points are so close that K is singular.
        let det = k11 * k22 - k12 * k12
        if det > 1e-9 * k11 * k22 {
            let x1 = (k12 * q2 - k22 * q1) / det
            let x2 = (k12 * q1 - k11 * q2) / det
            if x1 >= 0, x2 >= 0 { return (x1, x2) }
        }
        // Only the first pushes.
        if k11 > 0 {
            let x1 = -q1 / k11
            if x1 >= 0, k12 * x1 + q2 >= 0 { return (x1, 0) }
        }
        // Only the second pushes.
        if k22 > 0 {
            let x2 = -q2 / k22
            if x2 >= 0, k12 * x2 + q1 >= 0 { return (0, x2) }
        }
        // Neither: both separate on their own (q ≥ 0), or a degenerate K; push where needed.
        if q1 >= 0, q2 >= 0 { return (0, 0) }
        return (q1 < q2 && k11 > 0 ? max(-q1 / k11, 0) : 0, q1 < q2 || k22 <= 0 ? 0 : max(-q2 / k22, 0))
    }
}
