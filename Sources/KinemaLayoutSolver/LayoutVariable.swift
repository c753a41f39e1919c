/// A named unknown of the layout system (for example a view's `minX`, in points).
///
/// Variables have reference identity: two variables with the same `name` are different
/// unknowns. The `name` is used only for diagnostics. `value` holds the most recently
/// solved value (in the same units as the constraints, typically points) and is written by
/// ``LayoutSolver/updateVariables()``; it is `0` until the variable has been solved.
///
/// Thread-safety: like the rest of the solver, variables are not synchronised. Confine a
/// solver and its variables to a single thread/actor (e.g. the main actor).
public final class LayoutVariable: @unchecked Sendable, CustomStringConvertible {
    /// Diagnostic name, e.g. `"button.minX"`.
    public let name: String
    /// The last solved value. Default `0`. Updated by ``LayoutSolver/updateVariables()``.
    public internal(set) var value: Double = 0

    /// Creates a variable. - Parameter name: diagnostic name (default `""`).
    public init(_ name: String = "") {
        self.name = name
    }

    public var description: String { name.isEmpty ? "(unnamed)" : name }
}
