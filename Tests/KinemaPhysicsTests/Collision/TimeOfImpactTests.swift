import Foundation
import TestSupport
import Testing

@testable import KinemaPhysics

@Suite struct TimeOfImpactTests {
    typealias F = CollisionFixtures

    struct Tolerances: Sendable, CustomTestStringConvertible {
        var target: Double
        var tolerance: Double
        var testDescription: String { "target \(target) ± \(tolerance)" }
    }

    static let tolerances = [Tolerances(target: 0.25, tolerance: 0.0625), Tolerances(target: 0.5, tolerance: 0.125)]

    static func staticSweep(_ xf: Transform2) -> Sweep {
        Sweep(localCenter: .zero, c1: xf.p, c2: xf.p, q1: xf.q, q2: xf.q)
    }

    /// The surface distance at fraction `t`.
    static func gap(_ a: Geometry, _ sweepA: Sweep, _ b: Geometry, _ sweepB: Sweep, at t: Double) -> Double {
        distance(a, sweepA.transform(at: t), b, sweepB.transform(at: t)).distance
    }

    /// Sweeps a 10 × 10 box at 10,000 pt/s for 1/120 s from random starts and angles against
    /// `barrier`, aimed at `aim`, and checks the fraction against dense sampling of the motion.
    func checkFastBox(against barrier: Geometry, _ barrierPose: Transform2, aim: Vec2, seed: UInt64, _ tol: Tolerances) {
        var g = SeededGenerator(seed: seed)
        let box = F.box(10, 10)
        let barrierSweep = Self.staticSweep(barrierPose)
        let travel = 10_000.0 / 120
        var hits = 0
        for trial in 0..<1000 {
            // Start 12…70 pt from the aim point, above it (y down: smaller y), heading at it with
            // some scatter, spinning by up to ±1 rad over the step.
            let bearing = Double.random(in: -1.1...1.1, using: &g) - Double.pi / 2
            let range = Double.random(in: 12...70, using: &g)
            let start = aim + range * Vec2(cos(bearing), sin(bearing))
            let offset = Double.random(in: -8...8, using: &g)
            let heading = (aim - start).normalized
            let direction = (heading + (offset / range) * heading.leftPerp).normalized
            let end = Vec2.mulAdd(start, travel, direction)
            let angle = Double.random(in: 0...(2 * Double.pi), using: &g)
            let spin = Double.random(in: -1...1, using: &g)
            let sweep = Sweep(localCenter: .zero, c1: start, c2: end, q1: Rot(angle: angle), q2: Rot(angle: angle + spin))
            // Starting clear of the barrier by more than the target.
            guard Self.gap(box, sweep, barrier, barrierSweep, at: 0) > tol.target + tol.tolerance else { continue }

            let result = timeOfImpact(box, sweep, barrier, barrierSweep, tMax: 1, target: tol.target, tolerance: tol.tolerance)
            // Dense sampling: the first sample within the target.
            let samples = 500
            var firstContact: Double?
            for i in 0...samples {
                let t = Double(i) / Double(samples)
                if Self.gap(box, sweep, barrier, barrierSweep, at: t) <= tol.target - tol.tolerance {
                    firstContact = t
                    break
                }
            }
            if let firstContact {
                hits += 1
                #expect(result.state == .hit, "trial \(trial): \(result)")
                // Never past: at or before the first sampled contact, and clear of the barrier there.
                #expect(result.fraction <= firstContact, "trial \(trial)")
                let gapAtFraction = Self.gap(box, sweep, barrier, barrierSweep, at: result.fraction)
                #expect(gapAtFraction > 0, "trial \(trial)")
                #expect(abs(gapAtFraction - tol.target) <= tol.tolerance + 1e-9, "trial \(trial): gap \(gapAtFraction)")
            } else if result.state == .hit {
                // A graze the sampling missed: the fraction must still put the box at the target.
                let gapAtFraction = Self.gap(box, sweep, barrier, barrierSweep, at: result.fraction)
                #expect(abs(gapAtFraction - tol.target) <= tol.tolerance + 1e-9, "trial \(trial): gap \(gapAtFraction)")
            } else {
                #expect(result.state == .separated, "trial \(trial): \(result)")
            }
        }
        // Most trials do hit, so the checks above are exercised.
        #expect(hits > 500)
    }

    @Test(arguments: tolerances) func fastBoxAgainstABoundaryStopsJustBeforeIt(_ tol: Tolerances) {
        checkFastBox(against: F.boundary, .identity, aim: Vec2(0, 100), seed: 1, tol)
    }

    @Test(arguments: tolerances) func fastBoxAgainstAStaticBoxStopsJustBeforeIt(_ tol: Tolerances) {
        checkFastBox(against: F.box(20, 20), F.pose(0, 100), aim: Vec2(0, 100), seed: 2, tol)
    }

    @Test func startingInsideReportsOverlapped() {
        let sweep = Sweep(localCenter: .zero, c1: Vec2(0, 98), c2: Vec2(0, 150), q1: .identity, q2: .identity)
        let result = timeOfImpact(
            F.box(10, 10), sweep, F.boundary, Self.staticSweep(.identity), tMax: 1, target: 0.25, tolerance: 0.0625)
        #expect(result.state == .overlapped)
        #expect(result.fraction == 0)
    }

    @Test func missingTheBarrierReportsSeparatedAtTMax() {
        // Passing beside the 20 × 20 box, 30 pt to its right.
        let sweep = Sweep(localCenter: .zero, c1: Vec2(45, 0), c2: Vec2(45, 200), q1: .identity, q2: .identity)
        let result = timeOfImpact(
            F.box(10, 10), sweep, F.box(20, 20), Self.staticSweep(F.pose(0, 100)), tMax: 0.8, target: 0.25, tolerance: 0.0625)
        #expect(result.state == .separated)
        #expect(result.fraction == 0.8)
    }

    @Test func straightDropHitsAtTheExpectedFraction() {
        // Bottom face from y = 55 to 155 against a boundary at 100: touches at 0.45; the target
        // 0.5 pt earlier is at 0.445.
        let sweep = Sweep(localCenter: .zero, c1: Vec2(3, 50), c2: Vec2(3, 150), q1: .identity, q2: .identity)
        let result = timeOfImpact(
            F.box(10, 10), sweep, F.boundary, Self.staticSweep(.identity), tMax: 1, target: 0.5, tolerance: 0.01)
        #expect(result.state == .hit)
        #expect(isClose(result.fraction, 0.445, 0.0001))
        // A circle of radius 5 gives the same answer through its radius.
        let circle = timeOfImpact(
            F.circle(5), sweep, F.boundary, Self.staticSweep(.identity), tMax: 1, target: 0.5, tolerance: 0.01)
        #expect(circle.state == .hit)
        #expect(isClose(circle.fraction, 0.445, 0.0001))
    }

    @Test func bothBodiesMovingMeetInTheMiddle() {
        // Two 10 × 10 boxes 100 pt apart (gap 90) closing at 100 pt per sweep each.
        let a = Sweep(localCenter: .zero, c1: Vec2(0, 0), c2: Vec2(100, 0), q1: .identity, q2: .identity)
        let b = Sweep(localCenter: .zero, c1: Vec2(100, 0), c2: Vec2(0, 0), q1: .identity, q2: .identity)
        let result = timeOfImpact(F.box(10, 10), a, F.box(10, 10), b, tMax: 1, target: 0.5, tolerance: 0.01)
        #expect(result.state == .hit)
        // Gap 90 − 200 t = 0.5 → t = 0.4475.
        #expect(isClose(result.fraction, 0.4475, 0.0001))
    }
}
