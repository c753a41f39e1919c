// The step's outer loop (Box2D v3's soft step):
//
//   pairs → narrow phase → prepare (contacts, joints)
//   sub-step × n: integrate velocities → warm start (joints, contacts)
//                 → solve (joints, contacts, with bias) → integrate positions
//                 → relax (joints, contacts, no bias)
//   restitution → store impulses → finalize → continuous collision → islands and sleep
//
// Each stage's doc comment names the parts of the world (`bodies`, `shapes`, `joints`,
// `contacts`, `broadPhase`, `awake`, `constraints`, `islands`) it reads and writes.

extension PhysicsWorld {
    /// Advances the world by `timeStep` seconds (ignored unless finite and > 0) in
    /// ``Configuration/subStepCount`` sub-steps.
    public func step(_ timeStep: Double) {
        guard timeStep.isFinite, timeStep > 0 else { return }
        contactBeginEvents.removeAll(keepingCapacity: true)
        contactEndEvents.removeAll(keepingCapacity: true)
        contactEndEvents.append(contentsOf: contacts.pendingEndEvents)
        contacts.pendingEndEvents.removeAll(keepingCapacity: true)
        let n = max(1, configuration.subStepCount)
        let h = timeStep / Double(n)
        let contactHertz = min(configuration.contactHertz, 0.25 / h)
        // Contacts against static bodies are stiffer (twice the hertz) but, like all contacts,
        // capped at a quarter of the sub-step rate: stiffer than that, a resting stack rocks on
        // its corners instead of falling asleep.
        let context = StepContext(
            dt: timeStep, inv_dt: 1 / timeStep, h: h, inv_h: 1 / h, subStepCount: n,
            contactSoftness: Softness(hertz: contactHertz, zeta: configuration.contactDampingRatio, h: h),
            staticSoftness: Softness(hertz: min(2 * contactHertz, 0.25 / h), zeta: configuration.contactDampingRatio, h: h),
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

    /// Copies velocities into the sub-step states, records each body's start-of-step pose and
    /// lists the awake non-static bodies.
    ///
    /// Reads `bodies`. Writes `awake` (states, bodies) and `bodies` (start-of-step pose, held
    /// flag).
    func prepareStates() {
        if self.awake.states.count < bodies.count {
            self.awake.states.append(contentsOf: repeatElement(BodyState(), count: bodies.count - self.awake.states.count))
        }
        var awake: [Int32] = []
        var st: [BodyState] = []
        swap(&awake, &self.awake.bodies)
        swap(&st, &self.awake.states)
        awake.removeAll(keepingCapacity: true)
        st.withUnsafeMutableBufferPointer { states in
            bodies.elements.withUnsafeMutableBufferPointer { bodies in
                for i in bodies.indices {
                    let b = bodies.baseAddress! + i
                    let moving = b.pointee.isLive && b.pointee.type != .static && b.pointee.isAwake
                    b.pointee.center0 = b.pointee.center
                    b.pointee.rotation0 = b.pointee.transform.q
                    b.pointee.isHeldByContact = false
                    states[i] = moving ? BodyState(v: b.pointee.linearVelocity, w: b.pointee.angularVelocity) : BodyState()
                    if moving { awake.append(Int32(i)) }
                }
            }
        }
        swap(&awake, &self.awake.bodies)
        swap(&st, &self.awake.states)
    }

    /// Semi-implicit Euler on velocities: forces, per-body gravity, then damping v ← v/(1 + h·r);
    /// speeds are clamped to `maximumLinearSpeed` and a quarter turn per step.
    ///
    /// Reads `bodies` (forces, gravity, masses, damping) and `awake.bodies`. Writes
    /// `awake.states` (velocities).
    func integrateVelocities(_ context: StepContext) {
        let h = context.h
        let maxSpeed = context.maxLinearVelocity
        let maxAngularSpeed = 0.25 * Double.pi * context.inv_dt
        var st: [BodyState] = []
        swap(&st, &awake.states)
        st.withUnsafeMutableBufferPointer { states in
            bodies.elements.withUnsafeBufferPointer { bodies in
                for k in awake.bodies {
                    let i = Int(k)
                    guard bodies[i].type == .dynamic else { continue }
                    var v = states[i].v
                    var w = states[i].w
                    let invMass = bodies[i].invMass
                    v = Vec2.mulAdd(v, h, invMass * bodies[i].force + bodies[i].gravity)
                    w += h * bodies[i].invInertia * bodies[i].torque
                    v = (1 / (1 + h * bodies[i].linearDamping)) * v
                    w *= 1 / (1 + h * bodies[i].angularDamping)
                    if v.lengthSquared > maxSpeed * maxSpeed { v = (maxSpeed / v.length) * v }
                    // At most a quarter turn per step, so sweeps (which interpolate the rotation) stay true.
                    if abs(w) > maxAngularSpeed { w = w < 0 ? -maxAngularSpeed : maxAngularSpeed }
                    states[i].v = v
                    states[i].w = w
                }
            }
        }
        swap(&st, &awake.states)
    }

    /// Moves each state's deltas by its velocity over one sub-step.
    ///
    /// Reads `awake.bodies`. Writes `awake.states` (deltas).
    func integratePositions(_ context: StepContext) {
        let h = context.h
        var st: [BodyState] = []
        swap(&st, &awake.states)
        st.withUnsafeMutableBufferPointer { states in
            for k in awake.bodies {
                let i = Int(k)
                states[i].dp = Vec2.mulAdd(states[i].dp, h, states[i].v)
                states[i].dq = states[i].dq.integrated(h * states[i].w)
            }
        }
        swap(&st, &awake.states)
    }

    /// Whether a body rests this step: slower than the sleep tolerances (`slow`), or still within
    /// `radius` points and a turn whose sine is `turn` of the pose where its rest began (a rest
    /// begins where the body is on the first step after its rest time was reset). A slow body
    /// that has left its rest pose keeps resting from where it is now.
    @inline(__always)
    static func rests(_ b: UnsafeMutablePointer<Body>, slow: Bool, radius: Double, turn: Double) -> Bool {
        let q = b.pointee.transform.q
        if b.pointee.sleepTime == 0 {
            b.pointee.restCenter = b.pointee.center
            b.pointee.restRotation = q
        }
        let r = b.pointee.restRotation
        let inPlace =
            (b.pointee.center - b.pointee.restCenter).lengthSquared <= radius * radius && abs(r.c * q.s - r.s * q.c) <= turn
        if slow, !inPlace {
            b.pointee.restCenter = b.pointee.center
            b.pointee.restRotation = q
        }
        return slow || inPlace
    }

    /// Writes velocities and poses back into the bodies (damping slow bodies a contact held, see
    /// ``Configuration/restingDamping``), clears forces, advances each body's rest time and
    /// records the bodies fast enough for continuous collision.
    ///
    /// Reads `awake` (bodies, states). Writes `bodies` (pose, velocity, rest time), `shapes`
    /// (bounds), `broadPhase` (moved proxies) and `awake.fastBodies`.
    func finalizeBodies(_ context: StepContext) {
        let linearTolerance = configuration.sleepLinearTolerance
        let angularTolerance = configuration.sleepAngularTolerance
        let enableSleep = configuration.enableSleep
        let restingDampingFactor = 1 / (1 + context.dt * max(0, configuration.restingDamping))
        // How far a body may wander from where its rest began and still rest: half the distance
        // and turn the tolerances allow over the rest time (0.25 pt and 0.5° by default; the
        // turn is compared as a sine, which is the angle to 1 part in 10⁵ here).
        let restRadius = 0.5 * configuration.timeToSleep * linearTolerance
        let restTurn = 0.5 * configuration.timeToSleep * angularTolerance
        // The world's arrays moved into locals for the loop: no exclusivity checks, no copies.
        var local = FinalizeBuffers()
        exchangeFinalizeBuffers(&local)
        local.fast.removeAll(keepingCapacity: true)
        local.bodies.withUnsafeMutableBufferPointer { bodies in
            for k in local.awake {
                let i = Int(k)
                var s = local.states[i]
                let b = bodies.baseAddress! + i
                if b.pointee.isHeldByContact, b.pointee.type == .dynamic,
                    s.v.lengthSquared < 4 * linearTolerance * linearTolerance, abs(s.w) < 2 * angularTolerance
                {
                    s.v = restingDampingFactor * s.v
                    s.w *= restingDampingFactor
                }
                let speed = s.v.length
                b.pointee.linearVelocity = s.v
                b.pointee.angularVelocity = s.w
                b.pointee.center = b.pointee.center0 + s.dp
                let q = s.dq.mul(b.pointee.rotation0)
                b.pointee.transform.q = q
                b.pointee.transform.p = b.pointee.center - q.rotate(b.pointee.localCenter)
                let canRest =
                    enableSleep && b.pointee.allowsSleep && !(b.pointee.type == .kinematic && (speed > 0 || s.w != 0))
                let slow = speed <= linearTolerance && abs(s.w) <= angularTolerance
                if canRest, Self.rests(b, slow: slow, radius: restRadius, turn: restTurn) {
                    b.pointee.sleepTime += context.dt
                } else {
                    b.pointee.sleepTime = 0
                }
                b.pointee.force = .zero
                b.pointee.torque = 0
                if b.pointee.type == .dynamic {
                    let travel = context.dt * (speed + abs(s.w) * b.pointee.maxExtent)
                    if b.pointee.isBullet || travel > 0.5 * b.pointee.minExtent { local.fast.append(Int32(i)) }
                }
                Self.updateShapeBounds(of: b, &local.shapes, &local.broadPhase)
            }
        }
        exchangeFinalizeBuffers(&local)
    }

    /// Swaps the world's arrays that ``finalizeBodies(_:)`` works on with `local`'s: once to move
    /// them out for the loop, once to put them back.
    @inline(__always)
    private func exchangeFinalizeBuffers(_ local: inout FinalizeBuffers) {
        swap(&local.awake, &awake.bodies)
        swap(&local.fast, &awake.fastBodies)
        swap(&local.bodies, &bodies.elements)
        swap(&local.shapes, &shapes.elements)
        swap(&local.states, &awake.states)
        swap(&local.broadPhase, &broadPhase)
    }
}

/// The world's arrays ``PhysicsWorld/finalizeBodies(_:)`` moves into locals for its loop.
struct FinalizeBuffers {
    var awake: [Int32] = []
    var fast: [Int32] = []
    var bodies: [Body] = []
    var shapes: [Shape] = []
    var states: [BodyState] = []
    var broadPhase = BroadPhase()
}
