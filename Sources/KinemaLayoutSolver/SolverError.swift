/// Errors thrown by ``LayoutSolver``. Whenever one is thrown the solver is left exactly as it
/// was before the call.
public enum SolverError: Error, CustomStringConvertible {
    /// A required constraint conflicts with the required constraints already in the solver.
    /// The constraint was not added.
    case unsatisfiable(SolverConstraint)
    /// The constraint is already in the solver.
    case duplicateConstraint(SolverConstraint)
    /// `remove(_:)` was given a constraint that is not in the solver.
    case unknownConstraint(SolverConstraint)
    /// A priority outside `1...1000` (or NaN). For edit variables the range is `1..<1000`.
    case invalidPriority(Float)
    /// A coefficient, constant or suggested value was NaN or infinite. The string says which.
    case nonFiniteValue(String)
    /// The variable already is an edit variable.
    case duplicateEditVariable(LayoutVariable)
    /// The variable is not an edit variable.
    case unknownEditVariable(LayoutVariable)
    /// Internal simplex failure (should not happen; reported instead of crashing).
    case internalError(String)

    public var description: String {
        switch self {
        case .unsatisfiable(let c): return "unsatisfiable required constraint: \(c)"
        case .duplicateConstraint(let c): return "duplicate constraint: \(c)"
        case .unknownConstraint(let c): return "unknown constraint: \(c)"
        case .invalidPriority(let p): return "invalid priority \(p) (expected 1...1000, edit variables 1..<1000)"
        case .nonFiniteValue(let what): return "non-finite value: \(what)"
        case .duplicateEditVariable(let v): return "duplicate edit variable: \(v)"
        case .unknownEditVariable(let v): return "unknown edit variable: \(v)"
        case .internalError(let s): return "internal solver error: \(s)"
        }
    }
}
