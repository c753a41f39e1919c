/// The lexicographic objective.
///
/// Instead of kiwi's single objective row with strength multipliers, the objective is a
/// list of rows, one per distinct optional priority, sorted from the highest priority down.
/// The objective "coefficient" of a symbol is therefore a sparse vector indexed by priority,
/// and two coefficients are compared lexicographically from the highest level down. An error
/// at priority 751 thus outweighs any number of errors at 750 exactly, without numeric weights.
/// Each error symbol of an optional constraint has coefficient `1` in its own level's row.
struct ObjectiveLevel {
    let priority: Float
    var row: Row
    /// Number of constraints whose error symbols live in this level.
    var constraintCount: Int
}

extension Array where Element == ObjectiveLevel {
    /// Lexicographic `objective(a)/ca < objective(b)/cb`, ties broken by symbol id.
    func lexRatioLess(_ a: Symbol, _ ca: Double, _ b: Symbol, _ cb: Double) -> Bool {
        for level in self {
            let ra = level.row.coefficient(for: a) / ca
            let rb = level.row.coefficient(for: b) / cb
            if ra < rb - solverEpsilon { return true }
            if ra > rb + solverEpsilon { return false }
        }
        return a.id < b.id
    }
}
