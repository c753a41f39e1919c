/// Auto Layout style priorities: a `Float` in `1...1000`.
///
/// `1000` (``required``) means the constraint must hold exactly; adding an unsatisfiable
/// required constraint throws. Lower values are optional and are ordered **strictly**
/// (lexicographically): satisfying one constraint at priority `751` is preferred over
/// satisfying any number of constraints at priority `750`. Constraints at the *same*
/// priority trade off by the sum of their absolute errors (L1), each weighted `1`.
/// Any finite value in the range is allowed, including fractional ones (`750.5`).
public enum SolverPriority {
    /// `1000`: must be satisfied.
    public static let required: Float = 1000
    /// `750`, Auto Layout's `defaultHigh`.
    public static let defaultHigh: Float = 750
    /// `250`, Auto Layout's `defaultLow`.
    public static let defaultLow: Float = 250
    /// `1`, the lowest valid priority.
    public static let minimum: Float = 1
    /// Valid priorities, `1...1000`.
    public static let validRange: ClosedRange<Float> = 1...1000
}
