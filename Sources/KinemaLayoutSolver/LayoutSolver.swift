/// An incremental Cassowary solver (Badros, Borning & Stuckey, ACM TOCHI 2001).
///
/// - Required constraints (priority `1000`) always hold; adding one that conflicts throws
///   ``SolverError/unsatisfiable(_:)`` and leaves the solver unchanged.
/// - Optional constraints are satisfied in strict priority order (see ``SolverPriority``),
///   using a lexicographic objective with one row per priority level.
/// - `add`/`remove` re-optimise incrementally with the primal simplex; `suggestValue`
///   re-optimises with the dual simplex, as in the paper.
/// - Deterministic: the same sequence of calls yields bit-identical values. All simplex
///   choices are made by symbol creation order, never by hash order; the clock is never read.
///
/// Changing a constraint's constant is done by `remove` + `add` of a new constraint.
/// Variables stay registered (and keep being updated) after their constraints are removed.
/// Cost notes: each symbol keeps the list of rows it appears in, so a pivot, a substitution or
/// a removal visits only those rows, never the whole tableau. When a constraint needs the
/// paper's artificial-variable phase (no subject can be chosen directly), the rows it changes
/// are journaled, so that a failing `add` restores exactly them (nothing is copied beforehand).
/// Rows are dense in the dummy markers of the required equalities they depend on, so long
/// chains of required equalities grow quadratically (a 10,000-chain holds about 0.8 GB;
/// `KinemaBenchmarks layout` measures it).
///
/// Not thread-safe: confine a solver and its variables to one thread/actor.
public final class LayoutSolver {
    var state = Tableau()

    /// Creates an empty solver.
    public init() {}

    // MARK: Constraints

    /// Adds a constraint and re-optimises.
    /// - Throws: ``SolverError/invalidPriority(_:)`` (outside `1...1000`),
    ///   ``SolverError/nonFiniteValue(_:)`` (NaN/infinite coefficient or constant),
    ///   ``SolverError/duplicateConstraint(_:)``, or ``SolverError/unsatisfiable(_:)`` for a
    ///   required constraint that conflicts with the other required constraints. On error the
    ///   solver is unchanged.
    public func add(_ constraint: SolverConstraint) throws(SolverError) {
        let p = constraint.priority
        guard p.isFinite, SolverPriority.validRange.contains(p) else { throw .invalidPriority(p) }
        try validate(constraint.expression, constraint)
        guard state.constraints[ObjectIdentifier(constraint)] == nil else { throw .duplicateConstraint(constraint) }
        try addValidated(constraint, priority: p)
    }

    func addValidated(_ constraint: SolverConstraint, priority: Float) throws(SolverError) {
        guard try state.add(constraint, priority: priority) else { throw .unsatisfiable(constraint) }
    }

    /// Removes a constraint and re-optimises.
    /// - Throws: ``SolverError/unknownConstraint(_:)`` if the constraint is not in the solver
    ///   (the solver is unchanged). Removing an edit variable's constraint is not possible
    ///   through this method; use ``removeEditVariable(_:)``.
    public func remove(_ constraint: SolverConstraint) throws(SolverError) {
        guard state.constraints[ObjectIdentifier(constraint)] != nil,
            !state.edits.values.contains(where: { $0.constraint === constraint })
        else {
            throw .unknownConstraint(constraint)
        }
        try state.remove(constraint)
    }

    /// Whether the constraint is currently in the solver.
    public func hasConstraint(_ constraint: SolverConstraint) -> Bool {
        state.constraints[ObjectIdentifier(constraint)] != nil
    }

    /// Number of constraints in the solver, including edit-variable constraints.
    public var constraintCount: Int { state.constraints.count }

    // MARK: Edit variables

    /// Makes `variable` suggestible. An optional `variable == suggestion` constraint is added
    /// at `priority`; it starts at the variable's current solved value, so adding the edit
    /// does not move anything by itself.
    /// - Parameter priority: `1..<1000` (required edits are not allowed), default `999`
    ///   (Auto Layout's drag priority is typically `510`; pick what suits the interaction).
    /// - Throws: ``SolverError/invalidPriority(_:)``, ``SolverError/duplicateEditVariable(_:)``.
    public func addEditVariable(_ variable: LayoutVariable, priority: Float = 999) throws(SolverError) {
        guard priority.isFinite, priority >= SolverPriority.minimum, priority < SolverPriority.required else {
            throw .invalidPriority(priority)
        }
        let oid = ObjectIdentifier(variable)
        guard state.edits[oid] == nil else { throw .duplicateEditVariable(variable) }
        let current = state.value(of: variable) ?? 0
        let constraint = SolverConstraint(
            LinearExpression(variable), .equal, priority: priority,
            name: "edit(\(variable))")
        try addValidated(constraint, priority: priority)
        state.edits[oid] = EditEntry(constraint: constraint, constant: 0)
        if current != 0 { try state.suggest(variable, current) }
    }

    /// Stops editing `variable` and removes its edit constraint.
    /// - Throws: ``SolverError/unknownEditVariable(_:)`` if it is not an edit variable.
    public func removeEditVariable(_ variable: LayoutVariable) throws(SolverError) {
        guard let edit = state.edits.removeValue(forKey: ObjectIdentifier(variable)) else {
            throw .unknownEditVariable(variable)
        }
        try state.remove(edit.constraint)
    }

    /// Whether `variable` is an edit variable.
    public func hasEditVariable(_ variable: LayoutVariable) -> Bool {
        state.edits[ObjectIdentifier(variable)] != nil
    }

    /// Suggests a value (same units as the constraints, e.g. points) for an edit variable and
    /// re-optimises with the dual simplex.
    /// - Throws: ``SolverError/unknownEditVariable(_:)``, ``SolverError/nonFiniteValue(_:)``.
    public func suggestValue(_ variable: LayoutVariable, _ value: Double) throws(SolverError) {
        guard value.isFinite else { throw .nonFiniteValue("suggested value \(value) for \(variable)") }
        guard state.edits[ObjectIdentifier(variable)] != nil else { throw .unknownEditVariable(variable) }
        // No snapshot here: this is the per-frame path and must stay O(affected rows).
        try state.suggest(variable, value)
    }

    // MARK: Values

    /// Writes the solved value into ``LayoutVariable/value`` of every variable the solver knows.
    public func updateVariables() {
        for entry in state.variables.values {
            entry.variable.value = state.rows[entry.symbol]?.constant ?? 0
        }
    }

    /// The current solved value of `variable` (`0` for variables the solver has not seen),
    /// without needing ``updateVariables()``.
    public func value(of variable: LayoutVariable) -> Double {
        state.value(of: variable) ?? 0
    }

    // MARK: Validation

    func validate(_ expression: LinearExpression, _ constraint: SolverConstraint) throws(SolverError) {
        guard expression.constant.isFinite else { throw .nonFiniteValue("constant of \(constraint)") }
        for term in expression.terms where !term.coefficient.isFinite {
            throw .nonFiniteValue("coefficient of \(term.variable) in \(constraint)")
        }
    }
}
