// Restitution, once per step after the sub-steps (as in Box2D v3), solved as the impact problem
// of Newton's law of restitution over the step's *total* impulses.
//
// Each point that pushed during the step has a pre-step normal velocity u⁻, a total normal
// impulse Λ (the sum over the sub-steps, since each sub-step re-applies the accumulated impulse,
// plus the bounce) and an end-of-step normal velocity u⁺. The problem is
//
//     Λ ≥ 0,   u⁺ ≥ target,   Λ · (u⁺ − target) = 0,
//
// with target −e·u⁻ for a point that approached faster than the threshold, 0 for one that
// approached slower, and −u⁻ for one that was separating before the step (it pushed only because
// a neighbour drove it in; forcing it to u⁺ ≥ 0 would gain Λ·u⁻/2). The Jacobians are fixed
// within a step, so the bodies' kinetic energy changes by exactly Σ Λ·(u⁻ + u⁺)/2: with e = 1
// every term but the slow approaches' vanishes and a collision keeps its energy. What used to
// break this, measured on a closed box of 50 elastic items:
// * clamping the bounce against the last sub-step's accumulated impulse instead of the step's
//   total, so a point kept pushing after its bounce was met (two-point impacts: +10 % in 30 s);
// * solving a two-point manifold point by point (here a 2×2 block, Box2D 2.x's enumeration);
// * visiting each contact once, so a bounce undid what its neighbours had fixed, and leaving out
//   the neighbours' contacts that had not approached (bodies touching others: −8 %);
// * a threshold of 100 pt/s without gravity (see ``RestitutionThreshold``).
// The passes repeat over every contact that pushed until no velocity moves, and run only in steps
// with an impact, so scenes without elastic impacts are untouched.

extension PhysicsWorld {
    /// Largest number of passes over the contacts; independent contacts converge in one (the
    /// second only confirms), coupled ones geometrically.
    static let restitutionPassLimit = 12

    /// A pass stops repeating once no point's normal velocity changed by more than this, pt/s.
    static let restitutionVelocityTolerance = 1e-3

    /// Bounces. In a step where some point of an elastic contact approached faster than the
    /// threshold and pushed, solves the impact problem over every contact that pushed: such points
    /// leave at −e × their speed of impact, the other points that pushed at no less than minus
    /// their pre-step velocity (0 if they were approaching).
    ///
    /// Reads `bodies` (accelerations, for the threshold). Writes `constraints` (impulses) and
    /// `awake.states` (velocities, deltas).
    func applyContactRestitution(_ context: StepContext) {
        var bounds = RestitutionThreshold(
            limit: context.restitutionThreshold, floor: configuration.sleepLinearTolerance, dt: context.dt)
        var bs: [Body] = []
        swap(&bs, &bodies.elements)
        bs.withUnsafeBufferPointer { bodies in
            bounds.bodies = bodies
            withContactArrays { cs, states in
                var impact = false
                for i in cs.indices where cs[i].restitution > 0 {
                    let threshold = bounds.threshold(cs[i])
                    if Self.isBouncing(cs[i].point1, threshold)
                        || (cs[i].pointCount > 1 && Self.isBouncing(cs[i].point2, threshold))
                    {
                        impact = true
                        break
                    }
                }
                guard impact else { return }
                for _ in 0..<Self.restitutionPassLimit {
                    var largestChange = 0.0
                    for i in cs.indices {
                        largestChange = max(largestChange, Self.applyRestitution(&cs[i], states, bounds))
                    }
                    if largestChange <= Self.restitutionVelocityTolerance { break }
                }
            }
        }
        swap(&bs, &bodies.elements)
    }

    /// A point that pushed during the step after approaching faster than the threshold.
    @inline(__always)
    static func isBouncing(_ cp: ContactConstraintPoint, _ threshold: Double) -> Bool {
        cp.maxNormalImpulse > 0 && cp.relativeVelocity <= -threshold
    }

    /// Solves one contact's impact problem for the current velocities and returns the largest
    /// normal velocity change it made, pt/s.
    @inline(__always)
    static func applyRestitution(
        _ c: inout ContactConstraint, _ states: UnsafeMutableBufferPointer<BodyState>, _ bounds: RestitutionThreshold
    ) -> Double {
        // The points that pushed during the step take part.
        let count = c.pointCount
        let active1 = count > 0 && c.point1.maxNormalImpulse > 0
        let active2 = count > 1 && c.point2.maxNormalImpulse > 0
        guard active1 || active2 else { return 0 }
        let dt = bounds.dt

        // Targets: −e × the speed of impact for bouncing points, −(the pre-step velocity) for
        // points that were separating, 0 for the rest. A speculative point meets its surface
        // part-way through the step, after gravity has added to the approach.
        var impactFraction = 1.0
        var target1 = 0.0
        var target2 = 0.0
        if c.restitution > 0 {
            let threshold = bounds.threshold(c)
            if active1 { target1 = target(c.point1, c, threshold, dt, &impactFraction) }
            if active2 { target2 = target(c.point2, c, threshold, dt, &impactFraction) }
        }

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

    /// The least normal velocity a point that pushed may leave with, pt/s.
    @inline(__always)
    static func target(
        _ cp: ContactConstraintPoint, _ c: ContactConstraint, _ threshold: Double, _ dt: Double, _ impactFraction: inout Double
    ) -> Double {
        if cp.relativeVelocity <= -threshold { return bounceTarget(cp, c, dt, &impactFraction) }
        return -max(cp.relativeVelocity, 0)
    }

    /// The normal velocity a bouncing point leaves with, and the fraction of the step at which a
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

/// The approach speed below which a contact does not bounce, pt/s.
///
/// A resting contact picks up an approach of about a ⋅ Δt per step from its bodies' acceleration
/// a (gravity and applied forces); a bounce threshold must stay well above that or resting
/// elastic items jitter and never settle. UIKit's threshold (Box2D's 1 m/s, 100 pt/s) is 12 steps
/// of UIKit gravity (1000 pt/s² × 1/120 s); a fixed 100 pt/s, though, turns every glancing impact
/// of items moving a few hundred pt/s in weak or zero gravity into an inelastic one (a closed box
/// of elastic items loses 10 % of its energy in 30 s). So the threshold is
/// `min(limit, max(floor, 12 ⋅ a ⋅ Δt))` with `a` the larger acceleration of the two bodies:
/// unchanged under UIKit gravity, down to the resting speed `floor` without forces.
struct RestitutionThreshold {
    /// Steps of acceleration a resting contact may pick up before an approach counts as an impact.
    static let restingSteps = 12.0

    /// The configured threshold (an upper bound), the resting speed (a lower bound), pt/s, and
    /// the step, s.
    var limit: Double
    var floor: Double
    var dt: Double
    var bodies = UnsafeBufferPointer<Body>(start: nil, count: 0)

    @inline(__always)
    func threshold(_ c: ContactConstraint) -> Double {
        let a = max(acceleration(Int(c.bodyA)), acceleration(Int(c.bodyB)))
        return min(limit, max(floor, Self.restingSteps * a * dt))
    }

    @inline(__always)
    func acceleration(_ i: Int) -> Double {
        guard i < bodies.count, bodies[i].type == .dynamic else { return 0 }
        return (bodies[i].gravity + bodies[i].invMass * bodies[i].force).length
    }
}
