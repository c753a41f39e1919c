import KinemaLayoutSolver
import Testing

@Suite struct HandExampleTests {
    @Test func singleEquality() throws {
        let s = LayoutSolver(), x = LayoutVariable("x")
        try s.add(SolverConstraint(x, .equal, 10))
        s.updateVariables()
        #expect(x.value == 10)
    }

    @Test func twoEquations() throws {
        let s = LayoutSolver(), x = LayoutVariable("x"), y = LayoutVariable("y")
        try s.add(SolverConstraint(x + y, .equal, LinearExpression(20)))
        try s.add(SolverConstraint(LinearExpression(x), .equal, y * 2))
        #expect(close(s.value(of: x), 40.0 / 3))
        #expect(close(s.value(of: y), 20.0 / 3))
    }

    @Test func requiredBeatsOptional() throws {
        let s = LayoutSolver(), x = LayoutVariable("x")
        try s.add(SolverConstraint(x, .greaterThanOrEqual, 10))
        try s.add(SolverConstraint(x, .lessThanOrEqual, 5, priority: 750))
        #expect(s.value(of: x) == 10)
    }

    @Test func optionalInequalityHoldsWhenPossible() throws {
        let s = LayoutSolver(), x = LayoutVariable("x")
        try s.add(SolverConstraint(x, .greaterThanOrEqual, 10))
        try s.add(SolverConstraint(x, .equal, 0, priority: 250))
        try s.add(SolverConstraint(x, .greaterThanOrEqual, 30, priority: 750))
        #expect(s.value(of: x) == 30)
    }

    /// Midpoint example of the Cassowary paper (Badros, Borning and Stuckey 2001, section 2): xm == (xl + xr)/2, xl + 10 <= xr, xr <= 100, xl >= 0.
    @Test func paperMidpointExample() throws {
        let s = LayoutSolver()
        let xl = LayoutVariable("xl"), xm = LayoutVariable("xm"), xr = LayoutVariable("xr")
        let mid = SolverConstraint(xm * 2, .equal, xl + xr)
        let span = SolverConstraint(xl + 10, .lessThanOrEqual, LinearExpression(xr))
        let right = SolverConstraint(xr, .lessThanOrEqual, 100)
        let left = SolverConstraint(xl, .greaterThanOrEqual, 0)
        for c in [mid, span, right, left] { try s.add(c) }
        // Weak stays keep xl and xr where they were (the paper's stay constraints).
        try s.add(SolverConstraint(xl, .equal, 20, priority: 1))
        try s.add(SolverConstraint(xr, .equal, 60, priority: 1))
        #expect(s.value(of: xm) == 40)

        try s.addEditVariable(xm, priority: 999)
        #expect(s.value(of: xm) == 40)  // adding the edit does not move anything
        try s.suggestValue(xm, 50)
        #expect(close(s.value(of: xm), 50))
        #expect(close(s.value(of: xl) + s.value(of: xr), 100))
        for target in [2.0, 98.0, 30.0, -1000, 1000, 55.5] {
            try s.suggestValue(xm, target)
            for c in [mid, span, right, left] { #expect(holds(c, s)) }
            let expected = min(95, max(5, target))
            #expect(close(s.value(of: xm), expected), "target \(target)")
        }
        try s.suggestValue(xm, 2)
        s.updateVariables()
        #expect(close(xm.value, 5) && close(xl.value, 0) && close(xr.value, 10))
        try s.suggestValue(xm, 98)
        s.updateVariables()
        #expect(close(xm.value, 95) && close(xl.value, 90) && close(xr.value, 100))
        try s.removeEditVariable(xm)
        #expect(!s.hasEditVariable(xm))
        for c in [mid, span, right, left] { #expect(holds(c, s)) }
    }

    @Test func removeRestoresPreviousSolution() throws {
        let s = LayoutSolver(), x = LayoutVariable("x")
        try s.add(SolverConstraint(x, .equal, 10, priority: 250))
        let strong = SolverConstraint(x, .equal, 20, priority: 750)
        try s.add(strong)
        #expect(s.value(of: x) == 20)
        try s.remove(strong)
        #expect(!s.hasConstraint(strong))
        #expect(s.value(of: x) == 10)
    }

    @Test func ambiguityDetection() throws {
        let s = LayoutSolver()
        let a = LayoutVariable("a"), b = LayoutVariable("b"), c = LayoutVariable("c")
        try s.add(SolverConstraint(a, .equal, 5))
        try s.add(SolverConstraint(b + c, .equal, LinearExpression(10)))
        #expect(!s.isAmbiguous(a))
        #expect(s.isAmbiguous(b))
        #expect(s.isAmbiguous(c))
        #expect(s.isAmbiguous(LayoutVariable("unknown")))
        // An optional constraint fixes it.
        try s.add(SolverConstraint(b, .equal, 3, priority: 250))
        #expect(!s.isAmbiguous(b) && !s.isAmbiguous(c))
        #expect(s.value(of: c) == 7)
        // Same-priority tie: b == 0 and b == 4 at equal priority leave b anywhere in [0, 4].
        let t = LayoutSolver(), d = LayoutVariable("d")
        try t.add(SolverConstraint(d, .equal, 0, priority: 500))
        try t.add(SolverConstraint(d, .equal, 4, priority: 500))
        #expect(t.isAmbiguous(d))
        try t.add(SolverConstraint(d, .equal, 1, priority: 400))
        #expect(!t.isAmbiguous(d) && t.value(of: d) == 1)
        // Probing leaves the solver untouched.
        #expect(t.constraintCount == 3 && t.value(of: d) == 1)
    }
}
