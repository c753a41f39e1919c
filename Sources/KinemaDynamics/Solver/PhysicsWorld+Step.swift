// The step's outer loop: the solver helper adds contacts, broad phase, continuous collision and
// sleep; the joints helper fills in the joint stages it calls.

extension PhysicsWorld {
    /// Advances the world by `timeStep` seconds (ignored unless finite and > 0) in
    /// ``Configuration/subStepCount`` sub-steps.
    public func step(_ timeStep: Double) {
        guard timeStep.isFinite, timeStep > 0 else { return }
        contactBeginEvents.removeAll(keepingCapacity: true)
        contactEndEvents.removeAll(keepingCapacity: true)
        let n = max(1, configuration.subStepCount)
        let h = timeStep / Double(n)
        let contactHertz = min(configuration.contactHertz, 0.25 / h)
        let context = StepContext(
            dt: timeStep, inv_dt: 1 / timeStep, h: h, inv_h: 1 / h, subStepCount: n,
            contactSoftness: Softness(hertz: contactHertz, zeta: configuration.contactDampingRatio, h: h),
            staticSoftness: Softness(hertz: 2 * contactHertz, zeta: configuration.contactDampingRatio, h: h),
            jointSoftness: Softness(hertz: configuration.jointHertz, zeta: configuration.jointDampingRatio, h: h),
            restitutionThreshold: configuration.restitutionThreshold,
            maxLinearVelocity: configuration.maximumLinearSpeed,
            contactPushMaxVelocity: configuration.contactPushMaxVelocity)

        prepareStates()
        prepareJoints(context)
        for _ in 0..<n {
            integrateVelocities(context)
            warmStartJoints(context)
            solveJoints(context, useBias: true)
            integratePositions(context)
            solveJoints(context, useBias: false)
        }
        finalizeBodies(context)
    }

    /// Copies velocities into the sub-step states and records each body's start-of-step pose.
    func prepareStates() {
        if states.count < bodies.count {
            states.append(contentsOf: repeatElement(BodyState(), count: bodies.count - states.count))
        }
        for i in bodies.indices {
            let moving = bodies[i].isLive && bodies[i].type != .static && bodies[i].isAwake
            bodies[i].center0 = bodies[i].center
            bodies[i].rotation0 = bodies[i].transform.q
            states[i] = moving ? BodyState(v: bodies[i].linearVelocity, w: bodies[i].angularVelocity) : BodyState()
        }
    }

    /// Semi-implicit Euler on velocities: forces, per-body gravity, then damping v ← v/(1 + h·r).
    func integrateVelocities(_ context: StepContext) {
        let h = context.h
        let maxSpeed = context.maxLinearVelocity
        for i in bodies.indices where bodies[i].isLive && bodies[i].type == .dynamic && bodies[i].isAwake {
            let b = bodies[i]
            var v = states[i].v
            var w = states[i].w
            v = Vec2.mulAdd(v, h, b.invMass * b.force + b.gravity)
            w += h * b.invInertia * b.torque
            v = (1 / (1 + h * b.linearDamping)) * v
            w *= 1 / (1 + h * b.angularDamping)
            if v.lengthSquared > maxSpeed * maxSpeed { v = (maxSpeed / v.length) * v }
            states[i].v = v
            states[i].w = w
        }
    }

    /// Moves each state's deltas by its velocity over one sub-step.
    func integratePositions(_ context: StepContext) {
        let h = context.h
        for i in bodies.indices where bodies[i].isLive && bodies[i].type != .static && bodies[i].isAwake {
            states[i].dp = Vec2.mulAdd(states[i].dp, h, states[i].v)
            states[i].dq = states[i].dq.integrated(h * states[i].w)
        }
    }

    /// Writes velocities and poses back into the bodies and clears forces.
    func finalizeBodies(_ context: StepContext) {
        for i in bodies.indices where bodies[i].isLive && bodies[i].type != .static && bodies[i].isAwake {
            let s = states[i]
            var b = bodies[i]
            b.linearVelocity = s.v
            b.angularVelocity = s.w
            b.center = b.center0 + s.dp
            b.transform.q = s.dq.mul(b.rotation0)
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
}
