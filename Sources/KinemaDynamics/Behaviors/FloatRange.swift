import KinemaPhysics

/// A closed range of doubles that may be infinite. Mirrors `UIFloatRange`.
public struct FloatRange: Hashable, Sendable {
    public var minimum: Double
    public var maximum: Double

    public init(minimum: Double, maximum: Double) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// (−∞, +∞): no limit.
    public static let infinite = FloatRange(minimum: -.infinity, maximum: .infinity)
    /// [0, 0].
    public static let zero = FloatRange(minimum: 0, maximum: 0)

    /// Whether both ends are infinite.
    public var isInfinite: Bool { minimum == -.infinity && maximum == .infinity }
}
