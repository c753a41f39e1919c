extension Point {
    /// The point moved by `rhs`.
    public static func + (lhs: Point, rhs: Vector) -> Point { Point(x: lhs.x + rhs.dx, y: lhs.y + rhs.dy) }
    /// The point moved by `−rhs`.
    public static func - (lhs: Point, rhs: Vector) -> Point { Point(x: lhs.x - rhs.dx, y: lhs.y - rhs.dy) }
}
