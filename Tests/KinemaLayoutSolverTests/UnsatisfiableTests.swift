import KinemaLayoutSolver
import Testing

@Suite struct UnsatisfiableTests {
    @Test func conflictingEqualities() throws {
        let s = LayoutSolver(), x = LayoutVariable("x"), y = LayoutVariable("y")
        let one = SolverConstraint(x, .equal, 1), two = SolverConstraint(x, .equal, 2, name: "two")
        try s.add(one)
        do {
            try s.add(two)
            Issue.record("expected unsatisfiable")
        } catch {
            #expect(isUnsatisfiable(error, two))
            #expect("\(error)".contains("two"))
        }
        #expect(s.value(of: x) == 1)
        #expect(!s.hasConstraint(two) && s.hasConstraint(one))
        try s.add(SolverConstraint(LinearExpression(y), .equal, x + 1))
        #expect(s.value(of: y) == 2)
    }

    /// Goes through the artificial-variable phase; the solver must be restored exactly.
    @Test func conflictingInequalities() throws {
        let s = LayoutSolver(), x = LayoutVariable("x"), y = LayoutVariable("y")
        try s.add(SolverConstraint(x, .greaterThanOrEqual, 10))
        try s.add(SolverConstraint(y, .equal, 3, priority: 300))
        try s.add(SolverConstraint(x, .equal, 12, priority: 200))
        let bad = SolverConstraint(x, .lessThanOrEqual, 5)
        #expect(throws: SolverError.self) { try s.add(bad) }
        #expect(!s.hasConstraint(bad))
        #expect(s.value(of: x) == 12 && s.value(of: y) == 3)
        try s.add(SolverConstraint(x, .lessThanOrEqual, 11))
        #expect(s.value(of: x) == 11)
    }

    @Test func manyRandomConflictingAddsStayFinite() {
        var rng = SplitMix64(seed: 0xBAD)
        let s = LayoutSolver()
        let vars = (0..<4).map { LayoutVariable("v\($0)") }
        var accepted: [SolverConstraint] = []
        var rejected = 0
        for i in 0..<400 {
            let c = SolverConstraint(
                randomExpression(&rng, vars), randomRelation(&rng),
                priority: i % 3 == 0 ? Float(rng.int(1...999)) : 1000)
            do { try s.add(c); accepted.append(c) } catch {
                #expect(isUnsatisfiable(error, c))
                rejected += 1
            }
            if i % 7 == 0, !accepted.isEmpty {
                let victim = accepted.remove(at: rng.int(0...(accepted.count - 1)))
                #expect(throws: Never.self) { try s.remove(victim) }
            }
            for v in vars { #expect(s.value(of: v).isFinite) }
        }
        #expect(rejected > 50)
        for c in accepted where c.isRequired { #expect(holds(c, s)) }
    }
}
