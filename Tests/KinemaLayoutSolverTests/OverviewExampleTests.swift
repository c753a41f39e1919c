import KinemaLayoutSolver
import Testing

/// The module overview's example, as written there.
@Suite("KinemaLayoutSolver: the overview's example")
struct OverviewExampleTests {
    @Test func theRequiredMinimumBeatsTheOptionalWidth() throws {
        let left = LayoutVariable("left"), width = LayoutVariable("width")
        let solver = LayoutSolver()
        try solver.add(SolverConstraint(left, .equal, 20))
        try solver.add(SolverConstraint(LinearExpression(width), .greaterThanOrEqual, LinearExpression(100)))
        try solver.add(SolverConstraint(width, .equal, 80, priority: 750))
        solver.updateVariables()
        #expect(left.value == 20)
        #expect(width.value == 100)
    }
}
