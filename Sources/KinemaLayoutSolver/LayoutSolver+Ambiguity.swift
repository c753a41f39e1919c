extension LayoutSolver {
    /// Whether `variable`'s value is *not* fixed by the current constraints (required and
    /// optional, including edits): i.e. some other solution with the same lexicographic
    /// objective value gives it a different value.
    ///
    /// Approach (perturbation probe, exact with respect to the lexicographic objective): the
    /// solver state is snapshotted, a probe constraint `variable == value ± step` is added at an
    /// internal priority strictly below every public one (below `1`), and the state restored.
    /// Because priorities are lexicographic the probe cannot change how well any real
    /// constraint is satisfied, so the variable moves iff the optimal face allows it to. Both
    /// directions are tried; `step` is `max(1, |value|)`.
    ///
    /// Limits: freedom smaller than about `1e-7` relative is reported as "fixed"; each call costs
    /// two incremental adds plus a copy of the tableau (O(size)). Variables the solver has never
    /// seen are reported as ambiguous.
    public func isAmbiguous(_ variable: LayoutVariable) -> Bool {
        guard let base = state.value(of: variable) else { return true }
        let step = max(1, abs(base))
        let saved = state
        defer { state = saved }
        for target in [base + step, base - step] {
            let probe = SolverConstraint(LinearExpression(variable) - target, .equal, priority: 0.5, name: "probe")
            guard (try? state.add(probe, priority: 0.5)) == true, let moved = state.value(of: variable) else {
                state = saved
                continue
            }
            state = saved
            if abs(moved - base) > 1e-7 * step { return true }
        }
        return false
    }
}
