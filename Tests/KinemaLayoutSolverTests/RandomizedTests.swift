import KinemaLayoutSolver
import Testing

@Suite struct RandomizedTests {
    /// 100 random square systems with a unique solution vs. Gaussian elimination.
    @Test func requiredEqualitiesMatchGaussianElimination() throws {
        var rng = SplitMix64(seed: 42)
        var checked = 0
        while checked < 100 {
            let n = rng.int(2...7)
            let a = (0..<n).map { _ in (0..<n).map { _ in Double(rng.int(-5...5)) } }
            let b = (0..<n).map { _ in Double(rng.int(-50...50)) }
            guard let expected = gaussianSolve(a, b) else { continue }
            checked += 1
            let vars = (0..<n).map { LayoutVariable("x\($0)") }
            let s = LayoutSolver()
            for i in 0..<n {
                var e = LinearExpression(-b[i])
                for j in 0..<n where a[i][j] != 0 { e = e + vars[j] * a[i][j] }
                try s.add(SolverConstraint(e, .equal))
            }
            for j in 0..<n {
                #expect(close(s.value(of: vars[j]), expected[j]), "system \(checked) x\(j)")
                #expect(!s.isAmbiguous(vars[j]))
            }
        }
    }

    /// 100 random mixes: required constraints hold; higher optional equalities hold
    /// whenever they are (greedily, in priority order) compatible with the required ones.
    @Test func mixedSystemsAreFeasibleAndRespectPriorities() throws {
        var rng = SplitMix64(seed: 7)
        var greedyHits = 0
        for system in 0..<100 {
            let vars = (0..<rng.int(2...6)).map { LayoutVariable("v\($0)") }
            let s = LayoutSolver()
            var required: [SolverConstraint] = []
            for _ in 0..<rng.int(1...8) {
                let c = SolverConstraint(randomExpression(&rng, vars), randomRelation(&rng))
                do { try s.add(c); required.append(c) } catch { #expect(isUnsatisfiable(error, c)) }
            }
            // Optional equalities with distinct priorities, added in random order.
            var priorities = Array(Set((0..<rng.int(1...6)).map { _ in Float(rng.int(1...999)) })).sorted()
            var optional: [SolverConstraint] = []
            while !priorities.isEmpty {
                let p = priorities.remove(at: rng.int(0...(priorities.count - 1)))
                let c = SolverConstraint(randomExpression(&rng, vars), .equal, priority: p)
                try s.add(c)
                optional.append(c)
            }
            for c in required { #expect(holds(c, s), "system \(system): \(c)") }
            // Greedy check from the highest priority down.
            let reference = LayoutSolver()
            for c in required { try reference.add(c) }
            for c in optional.sorted(by: { $0.priority > $1.priority }) {
                let asRequired = SolverConstraint(c.expression, .equal)
                do { try reference.add(asRequired) } catch { break }
                greedyHits += 1
                #expect(holds(c, s), "system \(system): \(c) should hold")
            }
        }
        #expect(greedyHits > 100)
    }
}
