/// A joint's slot. The joints helper adds its solver state here.
struct Joint {
    var generation: UInt32 = 0
    var isLive = false
    var definition: JointDefinition?
    var bodyA: Int32 = -1
    var bodyB: Int32 = -1
    var collideConnected = false
}
