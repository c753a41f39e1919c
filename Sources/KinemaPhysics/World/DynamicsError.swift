/// What the dynamics engine reports for input it cannot use. Every case names the field and what
/// was expected, so a message can be shown to whoever wrote the input.
public enum DynamicsError: Error, Equatable, CustomStringConvertible {
    /// A value is out of range or not finite: `field` names it, `expected` says what is allowed.
    case invalidValue(field: String, expected: String)
    /// A handle refers to a body, shape or joint that no longer exists.
    case invalidHandle(String)
    /// A shape is not usable: a path that is not a convex counter-clockwise polygon, too few
    /// points, zero area.
    case invalidShape(String)
    /// A documented capability Kinema does not have yet.
    case notSupported(String)

    public var description: String {
        switch self {
        case .invalidValue(let field, let expected): "\(field): expected \(expected)"
        case .invalidHandle(let what): "invalid handle: \(what) no longer exists"
        case .invalidShape(let why): "invalid shape: \(why)"
        case .notSupported(let what): "not supported: \(what)"
        }
    }
}

@inline(__always) func requireFinite(_ value: Double, _ field: String) throws(DynamicsError) {
    guard value.isFinite else { throw .invalidValue(field: field, expected: "a finite number") }
}

@inline(__always) func requireNonNegative(_ value: Double, _ field: String) throws(DynamicsError) {
    guard value.isFinite, value >= 0 else { throw .invalidValue(field: field, expected: "a finite number ≥ 0") }
}
