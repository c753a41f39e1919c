/// One `coefficient * variable` term of a ``LinearExpression``.
public struct LinearTerm: CustomStringConvertible {
    /// The variable.
    public var variable: LayoutVariable
    /// Its coefficient (dimensionless, must be finite when added to a solver).
    public var coefficient: Double

    public init(_ variable: LayoutVariable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }

    public var description: String { "\(coefficient)*\(variable)" }
}

/// A linear expression `sum(coefficient_i * variable_i) + constant`.
///
/// Terms are kept in insertion order (repeated variables are allowed and are summed by the
/// solver). Build expressions with the operators `+`, `-` and `*` (by a `Double`) on
/// variables, expressions and numbers, e.g. `xm * 2 - xl - xr` or `xl + 10.0 - xr`.
public struct LinearExpression: CustomStringConvertible {
    /// The terms, in insertion order.
    public var terms: [LinearTerm]
    /// The constant part (same units as the variables, typically points). Default `0`.
    public var constant: Double

    /// Creates `terms + constant`.
    public init(_ terms: [LinearTerm] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// Creates `1 * variable`.
    public init(_ variable: LayoutVariable) {
        self.init([LinearTerm(variable)])
    }

    /// Creates a constant expression.
    public init(_ constant: Double) {
        self.init([], constant: constant)
    }

    /// `true` when every coefficient and the constant are finite.
    public var isFinite: Bool {
        constant.isFinite && terms.allSatisfy { $0.coefficient.isFinite }
    }

    public var description: String {
        var parts = terms.map { $0.description }
        if constant != 0 || parts.isEmpty { parts.append("\(constant)") }
        return parts.joined(separator: " + ")
    }
}

// MARK: - Operators

extension LinearExpression {
    /// Sum of terms and constants (terms are concatenated, not merged).
    public static func + (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression {
        LinearExpression(lhs.terms + rhs.terms, constant: lhs.constant + rhs.constant)
    }
    /// Sum of terms and constants (terms are concatenated, not merged).
    public static func + (lhs: LinearExpression, rhs: Double) -> LinearExpression {
        LinearExpression(lhs.terms, constant: lhs.constant + rhs)
    }
    /// Sum of terms and constants (terms are concatenated, not merged).
    public static func + (lhs: Double, rhs: LinearExpression) -> LinearExpression { rhs + lhs }
    /// Sum of terms and constants (terms are concatenated, not merged).
    public static func + (lhs: LinearExpression, rhs: LayoutVariable) -> LinearExpression { lhs + LinearExpression(rhs) }
    /// Sum of terms and constants (terms are concatenated, not merged).
    public static func + (lhs: LayoutVariable, rhs: LinearExpression) -> LinearExpression { LinearExpression(lhs) + rhs }

    /// Negation: every coefficient and the constant change sign.
    public static prefix func - (operand: LinearExpression) -> LinearExpression { operand * -1 }

    /// Difference: `lhs + (-rhs)`.
    public static func - (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression { lhs + (-rhs) }
    /// Difference: `lhs + (-rhs)`.
    public static func - (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs + (-rhs) }
    /// Difference: `lhs + (-rhs)`.
    public static func - (lhs: Double, rhs: LinearExpression) -> LinearExpression { lhs + (-rhs) }
    /// Difference: `lhs + (-rhs)`.
    public static func - (lhs: LinearExpression, rhs: LayoutVariable) -> LinearExpression { lhs - LinearExpression(rhs) }
    /// Difference: `lhs + (-rhs)`.
    public static func - (lhs: LayoutVariable, rhs: LinearExpression) -> LinearExpression { LinearExpression(lhs) - rhs }

    /// Scales every coefficient and the constant by the `Double` factor.
    public static func * (lhs: LinearExpression, rhs: Double) -> LinearExpression {
        LinearExpression(lhs.terms.map { LinearTerm($0.variable, $0.coefficient * rhs) }, constant: lhs.constant * rhs)
    }
    /// Scales every coefficient and the constant by the `Double` factor.
    public static func * (lhs: Double, rhs: LinearExpression) -> LinearExpression { rhs * lhs }
    /// Scales by `1 / rhs` (`rhs` must be non-zero for a finite result).
    public static func / (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs * (1 / rhs) }
}

extension LayoutVariable {
    /// Sum of terms and constants (terms are concatenated, not merged).
    public static func + (lhs: LayoutVariable, rhs: LayoutVariable) -> LinearExpression { LinearExpression(lhs) + LinearExpression(rhs) }
    /// Sum of terms and constants (terms are concatenated, not merged).
    public static func + (lhs: LayoutVariable, rhs: Double) -> LinearExpression { LinearExpression(lhs) + rhs }
    /// Sum of terms and constants (terms are concatenated, not merged).
    public static func + (lhs: Double, rhs: LayoutVariable) -> LinearExpression { LinearExpression(rhs) + lhs }
    /// Difference: `lhs + (-rhs)`.
    public static func - (lhs: LayoutVariable, rhs: LayoutVariable) -> LinearExpression { LinearExpression(lhs) - LinearExpression(rhs) }
    /// Difference: `lhs + (-rhs)`.
    public static func - (lhs: LayoutVariable, rhs: Double) -> LinearExpression { LinearExpression(lhs) - rhs }
    /// Difference: `lhs + (-rhs)`.
    public static func - (lhs: Double, rhs: LayoutVariable) -> LinearExpression { lhs - LinearExpression(rhs) }
    /// Negation: every coefficient and the constant change sign.
    public static prefix func - (operand: LayoutVariable) -> LinearExpression { LinearExpression(operand) * -1 }
    /// Scales every coefficient and the constant by the `Double` factor.
    public static func * (lhs: LayoutVariable, rhs: Double) -> LinearExpression { LinearExpression([LinearTerm(lhs, rhs)]) }
    /// Scales every coefficient and the constant by the `Double` factor.
    public static func * (lhs: Double, rhs: LayoutVariable) -> LinearExpression { rhs * lhs }
    /// Scales by `1 / rhs` (`rhs` must be non-zero for a finite result).
    public static func / (lhs: LayoutVariable, rhs: Double) -> LinearExpression { lhs * (1 / rhs) }
}
