import KinemaLayoutSolver
import Testing

@Suite struct ChainTests {
    /// The chain's values; how long it takes is the layout benchmark's to measure
    /// (`KinemaBenchmarks layout`), not a test's.
    func chain(_ n: Int) throws {
        let s = LayoutSolver()
        let xs = (0...n).map { LayoutVariable("x\($0)") }
        try s.add(SolverConstraint(xs[0], .equal, 0))
        for i in 0..<n { try s.add(SolverConstraint(LinearExpression(xs[i + 1]), .equal, xs[i] + 1)) }
        s.updateVariables()
        for i in stride(from: 0, through: n, by: max(1, n / 100)) { #expect(xs[i].value == Double(i)) }
        #expect(xs[n].value == Double(n))
    }

    @Test func chain1000() throws { try chain(1000) }
    @Test func chain10000() throws { try chain(10_000) }

    /// Moving the head of a 1,000 chain with an edit variable (dual simplex) moves the tail.
    @Test func editHeadOfChain() throws {
        let s = LayoutSolver()
        let xs = (0...1000).map { LayoutVariable("x\($0)") }
        for i in 0..<1000 { try s.add(SolverConstraint(LinearExpression(xs[i + 1]), .equal, xs[i] + 1)) }
        try s.addEditVariable(xs[0], priority: 900)
        try s.suggestValue(xs[0], 7)
        #expect(s.value(of: xs[1000]) == 1007)
        try s.suggestValue(xs[0], -3)
        #expect(s.value(of: xs[1000]) == 997)
    }
}
