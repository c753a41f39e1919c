// The step's outer loop (Box2D v3's soft step):
//
//   pairs → narrow phase → prepare (contacts, joints)
//   sub-step × n: integrate velocities → warm start (joints, contacts)
//                 → solve (joints, contacts, with bias) → integrate positions
//                 → relax (joints, contacts, no bias)
//   restitution → store impulses → finalize → continuous collision → islands and sleep
//
// The joints helper fills in the joint stages it calls.

extension PhysicsWorld {
    /// Advances the world by `timeStep` seconds (ignored unless finite and > 0) in
    /// ``Configuration/subStepCount`` sub-steps.
    public func step(_ timeStep: Double) {
        guard timeStep.isFinite, timeStep > 0 else { return }
        contactBeginEvents.removeAll(keepingCapacity: true)
        contactEndEvents.removeAll(keepingCapacity: true)
        contactEndEvents.append(contentsOf: pendingContactEndEvents)
        pendingContactEndEvents.removeAll(keepingCapacity: true)
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

        broadPhase.predictionTime = timeStep
        updatePairs()
        updateContacts(timeStep)

        prepareStates()
        prepareContacts(context)
        prepareJoints(context)
        for _ in 0..<n {
            integrateVelocities(context)
            warmStartJoints(context)
            warmStartContacts(context)
            solveJoints(context, useBias: true)
            solveContacts(context, useBias: true)
            integratePositions(context)
            solveJoints(context, useBias: false)
            solveContacts(context, useBias: false)
        }
        applyContactRestitution(context)
        storeContactImpulses()
        finalizeBodies(context)
        if configuration.enableContinuous { solveContinuous(context) }
        updateSleep(context)
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

    /// Semi-implicit Euler on velocities: forces, per-body gravity, then damping v ← v/(1 + h·r);
    /// speeds are clamped to `maximumLinearSpeed` and a quarter turn per step.
    func integrateVelocities(_ context: StepContext) {
        let h = context.h
        let maxSpeed = context.maxLinearVelocity
        let maxAngularSpeed = 0.25 * Double.pi * context.inv_dt
        for i in bodies.indices where bodies[i].isLive && bodies[i].type == .dynamic && bodies[i].isAwake {
            let b = bodies[i]
            var v = states[i].v
            var w = states[i].w
            v = Vec2.mulAdd(v, h, b.invMass * b.force + b.gravity)
            w += h * b.invInertia * b.torque
            v = (1 / (1 + h * b.linearDamping)) * v
            w *= 1 / (1 + h * b.angularDamping)
            if v.lengthSquared > maxSpeed * maxSpeed { v = (maxSpeed / v.length) * v }
            // At most a quarter turn per step, so sweeps (which interpolate the rotation) stay true.
            if abs(w) > maxAngularSpeed { w = w < 0 ? -maxAngularSpeed : maxAngularSpeed }
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

    /// Writes velocities and poses back into the bodies, clears forces, advances each body's
    /// sleep time and records the bodies fast enough for continuous collision.
    func finalizeBodies(_ context: StepContext) {
        let linearTolerance = configuration.sleepLinearTolerance
        let angularTolerance = configuration.sleepAngularTolerance
        let enableSleep = configuration.enableSleep
        solverScratch.fastBodies.removeAll(keepingCapacity: true)
        for i in bodies.indices where bodies[i].isLive && bodies[i].type != .static && bodies[i].isAwake {
            let s = states[i]
            var b = bodies[i]
            b.linearVelocity = s.v
            b.angularVelocity = s.w
            let speed = s.v.length
            if !enableSleep || !b.allowsSleep || speed > linearTolerance || abs(s.w) > angularTolerance
                || (b.type == .kinematic && (speed > 0 || s.w != 0))
            {
                b.sleepTime = 0
            } else {
                b.sleepTime += context.dt
            }
            if b.type == .dynamic {
                let travel = context.dt * (speed + abs(s.w) * b.maxExtent)
                if b.isBullet || travel > 0.5 * b.minExtent { solverScratch.fastBodies.append(Int32(i)) }
            }
            b.center = b.center0 + s.dp
            b.transform.q = s.dq.mul(b.rotation0)
            b.transform.p = b.center - b.transform.q.rotate(b.localCenter)
            b.force = .zero
            b.torque = 0
            bodies[i] = b
            updateShapeBounds(ofBody: i)
        }
    }
}
