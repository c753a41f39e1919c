/// A displacement in two dimensions, in points (or points per second for a velocity).
///
/// Mirrors `CGVector`. Unlike ``Point`` it has vector arithmetic: length, normalization, dot
/// product, sums and scalar products.
///
/// ```swift
/// let v = Vector(dx: 3, dy: 4)
/// v.length            // 5
/// v.normalized        // (0.6, 0.8)
/// v.dot(Vector(dx: 1, dy: 0))   // 3
/// ```
public struct Vector: Hashable, Sendable, Codable {
    /// The x component. Default 0.
    public var dx: Double
    /// The y component. Default 0.
    public var dy: Double

    /// Creates a vector from its components.
    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    /// The vector from `start` to `end`.
    public init(from start: Point, to end: Point) {
        self.init(dx: end.x - start.x, dy: end.y - start.y)
    }

    /// The zero vector.
    public static let zero = Vector(dx: 0, dy: 0)

    /// Whether both components are finite.
    public var isFinite: Bool { dx.isFinite && dy.isFinite }

    /// The Euclidean length. Computed without intermediate overflow for large components.
    public var length: Double {
        let m = max(abs(dx), abs(dy))
        guard m > 0, m.isFinite else { return m.isNaN ? .nan : m }
        let x = dx / m
        let y = dy / m
        return m * (x * x + y * y).squareRoot()
    }

    /// The vector of length 1 in the same direction, or ``zero`` when the length is zero or not
    /// finite (so the result never contains NaN).
    public var normalized: Vector {
        let l = length
        guard l > 0, l.isFinite else { return .zero }
        return Vector(dx: dx / l, dy: dy / l)
    }

    /// The dot product `dx·other.dx + dy·other.dy`.
    public func dot(_ other: Vector) -> Double { dx * other.dx + dy * other.dy }

    /// The z component of the 3D cross product, `dx·other.dy − dy·other.dx`: positive when
    /// `other` turns towards +y from `self` (clockwise on an iOS screen).
    public func cross(_ other: Vector) -> Double { dx * other.dy - dy * other.dx }

    /// The direction angle in radians, `atan2(dy, dx)`, in `−π…π`; 0 for the zero vector.
    public var angle: Double { atan2Safe(dy, dx) }

    public static func + (lhs: Vector, rhs: Vector) -> Vector { Vector(dx: lhs.dx + rhs.dx, dy: lhs.dy + rhs.dy) }
    public static func - (lhs: Vector, rhs: Vector) -> Vector { Vector(dx: lhs.dx - rhs.dx, dy: lhs.dy - rhs.dy) }
    public static prefix func - (v: Vector) -> Vector { Vector(dx: -v.dx, dy: -v.dy) }
    public static func * (lhs: Vector, rhs: Double) -> Vector { Vector(dx: lhs.dx * rhs, dy: lhs.dy * rhs) }
    public static func * (lhs: Double, rhs: Vector) -> Vector { Vector(dx: lhs * rhs.dx, dy: lhs * rhs.dy) }
    public static func += (lhs: inout Vector, rhs: Vector) { lhs = lhs + rhs }
    public static func -= (lhs: inout Vector, rhs: Vector) { lhs = lhs - rhs }
}

extension Vector: CustomStringConvertible {
    public var description: String { "(\(dx), \(dy))" }
}
