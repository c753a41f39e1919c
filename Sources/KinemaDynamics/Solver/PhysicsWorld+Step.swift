// PLACEHOLDER owned by the solver helper: integrates bodies with no contacts or joints, so the
// layers above can be written and tested against the real API while the solver is built.

extension PhysicsWorld {
    /// Advances the world by `timeStep` seconds (ignored unless finite and > 0).
    public func step(_ timeStep: Double) {
        guard timeStep.isFinite, timeStep > 0 else { return }
        contactBeginEvents.removeAll(keepingCapacity: true)
        contactEndEvents.removeAll(keepingCapacity: true)
        let h = timeStep
        for i in bodies.indices where bodies[i].isLive && bodies[i].type != .static && bodies[i].isAwake {
            var b = bodies[i]
            b.center0 = b.center
            b.rotation0 = b.transform.q
            if b.type == .dynamic {
                b.linearVelocity += h * (b.invMass * b.force + b.gravity)
                b.angularVelocity += h * b.invInertia * b.torque
                b.linearVelocity = (1 / (1 + h * b.linearDamping)) * b.linearVelocity
                b.angularVelocity *= 1 / (1 + h * b.angularDamping)
            }
            b.center += h * b.linearVelocity
            b.transform.q = b.transform.q.integrated(h * b.angularVelocity)
            b.transform.p = b.center - b.transform.q.rotate(b.localCenter)
            b.force = .zero
            b.torque = 0
            bodies[i] = b
            updateShapeBounds(ofBody: i)
        }
    }

    /// Wakes the body at `i` (and what it touches).
    func wake(bodyAt i: Int) {
        guard bodies[i].type != .static else { return }
        bodies[i].isAwake = true
        bodies[i].sleepTime = 0
    }

    /// Re-runs ``shouldCollide`` for every current contact and candidate pair.
    public func refilter() {}

    func bodyTypeDidChange(_ i: Int) {}
    func shapeWasAdded(_ s: Int) {}
    func shapeWillBeRemoved(_ s: Int) {}
    func shapeBoundsDidChange(_ s: Int) {}
    func jointWasAdded(_ j: Int) {}
    func jointWillBeRemoved(_ j: Int) {}
}
