import KinemaGeometry

// Forces from fields that do not change with time must let a body that rests in them fall asleep,
// as UIKit's gravity does. `applyForceToCenter` and `applyForce(_:_:at:)` wake the body and reset
// its rest timer on every call (so an item lying on the floor under a gravity field would keep the
// animator running for ever); these add the force the way Box2D v3's `wake = false` does: to awake
// bodies only, leaving their sleep state alone.

extension PhysicsWorld {
    /// Adds `force` (mass × pt/s²) at the centre of mass for the next step if the body is dynamic
    /// and awake, without touching its sleep state. Non-finite forces are ignored.
    package func addFieldForce(_ id: BodyID, _ force: Vector) {
        guard let i = bodyIndex(id), force.isFinite, bodies[i].type == .dynamic, bodies[i].isAwake else { return }
        bodies[i].force += Vec2(force)
    }

    /// Adds `force` (mass × pt/s²) at the world point `point` for the next step if the body is
    /// dynamic and awake, without touching its sleep state. Non-finite input is ignored.
    package func addFieldForce(_ id: BodyID, _ force: Vector, at point: Point) {
        guard let i = bodyIndex(id), force.isFinite, point.isFinite, bodies[i].type == .dynamic, bodies[i].isAwake else {
            return
        }
        let f = Vec2(force)
        bodies[i].force += f
        bodies[i].torque += (Vec2(point) - bodies[i].center).cross(f)
    }
}
