/// A linear constraint `expression <relation> 0` with an Auto Layout priority.
///
/// Constraints are immutable and have reference identity: the same instance is passed to
/// ``LayoutSolver/add(_:)`` and ``LayoutSolver/remove(_:)``. To change a constant
/// (e.g. a spacing), remove the old constraint and add a new one (the solver re-optimises
/// incrementally in both steps).
public final class SolverConstraint: @unchecked Sendable, CustomStringConvertible {
    /// The left-hand side; the right-hand side is `0`.
    public let expression: LinearExpression
    /// The relation to zero.
    public let relation: SolverRelation
    /// Priority in `1...1000`; `1000` (default) is required. Validated by ``LayoutSolver/add(_:)``.
    public let priority: Float
    /// Optional diagnostic name shown in errors.
    public let name: String

    /// Creates `expression <relation> 0`.
    /// - Parameters:
    ///   - priority: `1...1000`, default ``SolverPriority/required`` (`1000`).
    ///   - name: diagnostic name, default `""`.
    public init(
        _ expression: LinearExpression, _ relation: SolverRelation,
        priority: Float = SolverPriority.required, name: String = ""
    ) {
        self.expression = expression
        self.relation = relation
        self.priority = priority
        self.name = name
    }

    /// Creates `lhs <relation> rhs` (stored as `lhs - rhs <relation> 0`).
    public convenience init(
        _ lhs: LinearExpression, _ relation: SolverRelation, _ rhs: LinearExpression,
        priority: Float = SolverPriority.required, name: String = ""
    ) {
        self.init(lhs - rhs, relation, priority: priority, name: name)
    }

    /// Creates `lhs <relation> rhs` for a variable and a constant, e.g. `x >= 10`.
    public convenience init(
        _ lhs: LayoutVariable, _ relation: SolverRelation, _ rhs: Double,
        priority: Float = SolverPriority.required, name: String = ""
    ) {
        self.init(LinearExpression(lhs) - rhs, relation, priority: priority, name: name)
    }

    /// `true` when `priority == 1000`.
    public var isRequired: Bool { priority >= SolverPriority.required }

    public var description: String {
        let label = name.isEmpty ? "" : "\(name): "
        return "\(label)\(expression) \(relation) 0 @\(priority)"
    }
}
