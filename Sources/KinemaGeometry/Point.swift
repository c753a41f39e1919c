/// A point in a two-dimensional coordinate system, in points.
///
/// Mirrors `CGPoint`. Coordinates follow iOS: x grows to the right, y grows downwards.
public struct Point: Hashable, Sendable, Codable {
    /// The x coordinate, in points. Default 0.
    public var x: Double
    /// The y coordinate, in points. Default 0.
    public var y: Double

    /// Creates a point from its coordinates, in points.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, `(0, 0)`.
    public static let zero = Point(x: 0, y: 0)

    /// Whether both coordinates are finite (neither NaN nor infinite).
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// The Euclidean distance to another point, in points.
    public func distance(to other: Point) -> Double {
        ((other.x - x) * (other.x - x) + (other.y - y) * (other.y - y)).squareRoot()
    }

    /// This point with `transform` applied.
    public func applying(_ transform: AffineTransform) -> Point {
        Point(
            x: transform.a * x + transform.c * y + transform.tx,
            y: transform.b * x + transform.d * y + transform.ty)
    }

    public static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
    public static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
    public static func * (lhs: Point, rhs: Double) -> Point { Point(x: lhs.x * rhs, y: lhs.y * rhs) }
}

extension Point: CustomStringConvertible {
    public var description: String { "(\(x), \(y))" }
}
