import KinemaLayoutSolver
import Testing

@Suite struct ValidationTests {
    @Test func invalidPriorities() {
        let s = LayoutSolver(), x = LayoutVariable("x")
        for p: Float in [0, 0.5, 1000.5, -1, .nan, .infinity] {
            #expect(throws: SolverError.self) { try s.add(SolverConstraint(x, .equal, 1, priority: p)) }
        }
        #expect(throws: SolverError.self) { try s.addEditVariable(x, priority: 1000) }
        #expect(s.constraintCount == 0)
    }

    @Test func nonFiniteInput() throws {
        let s = LayoutSolver(), x = LayoutVariable("x")
        #expect(throws: SolverError.self) { try s.add(SolverConstraint(x, .equal, .nan)) }
        #expect(throws: SolverError.self) { try s.add(SolverConstraint(x * .infinity, .equal, LinearExpression(1))) }
        try s.addEditVariable(x, priority: 500)
        #expect(throws: SolverError.self) { try s.suggestValue(x, .infinity) }
        #expect(s.value(of: x) == 0)
    }

    @Test func unknownAndDuplicate() throws {
        let s = LayoutSolver(), x = LayoutVariable("x")
        let c = SolverConstraint(x, .equal, 1)
        #expect(throws: SolverError.self) { try s.remove(c) }
        try s.add(c)
        #expect(throws: SolverError.self) { try s.add(c) }
        try s.remove(c)
        #expect(throws: SolverError.self) { try s.remove(c) }
        #expect(throws: SolverError.self) { try s.removeEditVariable(x) }
        #expect(throws: SolverError.self) { try s.suggestValue(x, 3) }
        try s.addEditVariable(x, priority: 400)
        #expect(throws: SolverError.self) { try s.addEditVariable(x, priority: 400) }
    }
}
