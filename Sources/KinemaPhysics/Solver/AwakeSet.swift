/// The moving part of the world during a step (Box2D v3's awake solver set): which bodies move
/// and their sub-step states. `prepareStates` fills it from the bodies at the start of each step;
/// the sub-steps integrate and solve on `states`; `finalizeBodies` writes them back into the
/// bodies and lists the fast ones for continuous collision. Owned by ``PhysicsWorld``.
struct AwakeSet {
    /// Sub-step states, parallel to the world's bodies (valid during a step; a body that does not
    /// move keeps a zero state).
    var states: [BodyState] = []
    /// The awake non-static bodies of the current step, in index order.
    var bodies: [Int32] = []
    /// Bodies that moved fast enough for continuous collision this step.
    var fastBodies: [Int32] = []
}
