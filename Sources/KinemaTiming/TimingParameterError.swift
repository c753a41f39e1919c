/// A timing parameter that is out of range: which one, what was expected, and what was given.
///
/// Thrown by the `validated` factories (``TimingFunction/validated(_:_:_:_:)``,
/// ``Spring/validated(mass:stiffness:damping:initialVelocity:)``). The plain initialisers do not
/// check their input; use the factories for anything a user typed or a file contained.
public struct TimingParameterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The parameter's name as the API spells it, for example `"c2x"` or `"stiffness"`.
    public var field: String
    /// What the parameter must be, in words, for example `"a finite number in [0, 1]"`.
    public var expected: String
    /// The value that was given.
    public var actual: Double

    /// Creates an error for `field`, which should have been `expected` but was `actual`.
    public init(field: String, expected: String, actual: Double) {
        self.field = field
        self.expected = expected
        self.actual = actual
    }

    public var description: String {
        "\(field) must be \(expected), got \(actual)"
    }
}
