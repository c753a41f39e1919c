import KinemaGeometry

/// Two shapes started touching during the last step.
public struct ContactBeginEvent: Sendable, Hashable {
    public var shapeA: ShapeID
    public var shapeB: ShapeID
    /// A point of contact, world points (midway between the two surfaces).
    public var point: Point
    /// Unit normal from A to B.
    public var normal: Vector
}

/// Two shapes stopped touching during the last step (or one of them was destroyed).
public struct ContactEndEvent: Sendable, Hashable {
    public var shapeA: ShapeID
    public var shapeB: ShapeID
}
