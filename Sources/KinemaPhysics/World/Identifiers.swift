/// A handle to a body in a ``PhysicsWorld``. Handles of destroyed bodies are detected (a
/// generation count), never confused with a later body that reuses the slot.
public struct BodyID: Hashable, Sendable, CustomStringConvertible {
    package let index: Int32
    package let generation: UInt32
    public var description: String { "body \(index)#\(generation)" }
}

/// A handle to a shape attached to a body.
public struct ShapeID: Hashable, Sendable, CustomStringConvertible {
    package let index: Int32
    package let generation: UInt32
    public var description: String { "shape \(index)#\(generation)" }
}

/// A handle to a joint between two bodies.
public struct JointID: Hashable, Sendable, CustomStringConvertible {
    package let index: Int32
    package let generation: UInt32
    public var description: String { "joint \(index)#\(generation)" }
}
