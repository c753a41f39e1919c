import KinemaLayoutSolver
import Testing

@Suite struct PriorityOrderingTests {
    @Test func single751BeatsHundred750s() throws {
        let s = LayoutSolver(), x = LayoutVariable("x")
        for i in 0..<100 { try s.add(SolverConstraint(x, .equal, Double(i), priority: 750)) }
        try s.add(SolverConstraint(x, .equal, 1000, priority: 751))
        #expect(s.value(of: x) == 1000)
    }

    @Test func single751BeatsHundred750sAddedAfter() throws {
        let s = LayoutSolver(), x = LayoutVariable("x"), y = LayoutVariable("y")
        try s.add(SolverConstraint(x + y, .lessThanOrEqual, LinearExpression(-7), priority: 751))
        for i in 0..<100 {
            try s.add(SolverConstraint(x, .greaterThanOrEqual, Double(i), priority: 750))
            try s.add(SolverConstraint(y, .greaterThanOrEqual, Double(i), priority: 750))
        }
        #expect(abs(s.value(of: x) + s.value(of: y) + 7) < 1e-9)
    }

    @Test func fractionalPrioritiesAreOrdered() throws {
        let s = LayoutSolver(), x = LayoutVariable("x")
        for _ in 0..<50 { try s.add(SolverConstraint(x, .equal, 1, priority: 500)) }
        try s.add(SolverConstraint(x, .equal, 2, priority: 500.5))
        #expect(s.value(of: x) == 2)
    }

    @Test func samePriorityTradesOffByCount() throws {
        let s = LayoutSolver(), x = LayoutVariable("x")
        try s.add(SolverConstraint(x, .equal, 0, priority: 600))
        try s.add(SolverConstraint(x, .equal, 10, priority: 600))
        try s.add(SolverConstraint(x, .equal, 10, priority: 600))
        #expect(s.value(of: x) == 10)
    }

    /// Dual-simplex path: suggestions at 750 never override a 751 bound.
    @Test func suggestionsRespectStrictOrder() throws {
        let s = LayoutSolver(), x = LayoutVariable("x"), y = LayoutVariable("y")
        try s.add(SolverConstraint(x, .lessThanOrEqual, 100, priority: 751))
        try s.add(SolverConstraint(LinearExpression(y), .equal, x * 2))
        try s.addEditVariable(x, priority: 750)
        for v in [10.0, 150, 99.5, 1e6, -20] {
            try s.suggestValue(x, v)
            s.updateVariables()
            #expect(x.value == min(v, 100))
            #expect(y.value == 2 * x.value)
        }
        #expect(!s.isAmbiguous(x) && !s.isAmbiguous(y))
        try s.removeEditVariable(x)
        #expect(s.isAmbiguous(x))
    }
}
