// Islands and sleep. An island is a set of non-static bodies linked by touching contacts and
// joints (static bodies never link). Islands are found each step with a union-find over the awake
// bodies, in body-index order, so the result is deterministic. An island sleeps when every body in
// it has rested for timeToSleep: slower than the sleep tolerances, or still near the pose where
// its rest began (`finalizeBodies` keeps each body's rest time).

extension PhysicsWorld {
    /// Puts to sleep the islands whose bodies have all rested for ``Configuration/timeToSleep``.
    ///
    /// Reads `contacts` and `joints` (through ``buildIslands(awakeOnly:)``) and `bodies` (rest
    /// times). Writes `islands` and `bodies` (awake flag, velocities of the bodies put to sleep).
    func updateSleep(_ context: StepContext) {
        guard configuration.enableSleep else { return }
        buildIslands(awakeOnly: true)
        let n = bodies.count
        let timeToSleep = configuration.timeToSleep
        var sleepTimes: [Double] = []
        var parent: [Int32] = []
        var bodies: [Body] = []
        swap(&sleepTimes, &islands.sleepTimes)
        swap(&parent, &islands.parent)
        swap(&bodies, &self.bodies.elements)
        if sleepTimes.count < n { sleepTimes.append(contentsOf: repeatElement(0, count: n - sleepTimes.count)) }
        sleepTimes.withUnsafeMutableBufferPointer { sleepTimes in
            parent.withUnsafeMutableBufferPointer { parent in
                bodies.withUnsafeMutableBufferPointer { bodies in
                    for i in 0..<n { sleepTimes[i] = .infinity }
                    for i in 0..<n where Self.isIslandMember(bodies.baseAddress! + i, awakeOnly: true) {
                        let r = Int(IslandStore.findRoot(parent, Int32(i)))
                        sleepTimes[r] = min(sleepTimes[r], bodies[i].sleepTime)
                    }
                    for i in 0..<n where Self.isIslandMember(bodies.baseAddress! + i, awakeOnly: true) {
                        let r = Int(IslandStore.findRoot(parent, Int32(i)))
                        guard sleepTimes[r] >= timeToSleep else { continue }
                        bodies[i].isAwake = false
                        bodies[i].linearVelocity = .zero
                        bodies[i].angularVelocity = 0
                    }
                }
            }
        }
        swap(&sleepTimes, &islands.sleepTimes)
        swap(&parent, &islands.parent)
        swap(&bodies, &self.bodies.elements)
    }

    /// Wakes the body at `i` and, when it was asleep, its whole island (the bodies it touches and
    /// is joined to, transitively).
    func wake(bodyAt i: Int) {
        guard bodies[i].isLive, bodies[i].type != .static else { return }
        bodies[i].sleepTime = 0
        guard !bodies[i].isAwake else { return }
        buildIslands(awakeOnly: false)
        let root = islands.findRoot(Int32(i))
        for k in bodies.indices where isIslandMember(k, awakeOnly: false) && islands.findRoot(Int32(k)) == root {
            bodies[k].isAwake = true
            bodies[k].sleepTime = 0
        }
    }

    @inline(__always) func isIslandMember(_ i: Int, awakeOnly: Bool) -> Bool {
        bodies.elements.withUnsafeBufferPointer { Self.isIslandMember($0.baseAddress! + i, awakeOnly: awakeOnly) }
    }

    @inline(__always) static func isIslandMember(_ body: UnsafePointer<Body>, awakeOnly: Bool) -> Bool {
        body.pointee.isLive && body.pointee.type != .static && (!awakeOnly || body.pointee.isAwake)
    }

    /// Fills `islands.parent` with a union-find forest over the island members.
    ///
    /// Reads `bodies`, `contacts` (the touching ones) and `joints`. Writes `islands.parent`.
    func buildIslands(awakeOnly: Bool) {
        let n = bodies.count
        var parent: [Int32] = []
        swap(&parent, &islands.parent)
        if parent.count < n { parent.append(contentsOf: repeatElement(0, count: n - parent.count)) }
        parent.withUnsafeMutableBufferPointer { parent in
            bodies.elements.withUnsafeBufferPointer { bodies in
                for i in 0..<n { parent[i] = Int32(i) }
                contacts.elements.withUnsafeBufferPointer { contacts in
                    for c in contacts.indices where contacts[c].isTouching && !contacts[c].isSensor {
                        let a = Int(contacts[c].bodyA)
                        let b = Int(contacts[c].bodyB)
                        if Self.isIslandMember(bodies.baseAddress! + a, awakeOnly: awakeOnly),
                            Self.isIslandMember(bodies.baseAddress! + b, awakeOnly: awakeOnly)
                        {
                            IslandStore.unite(parent, Int32(a), Int32(b))
                        }
                    }
                }
                for j in joints.indices where joints[j].isLive {
                    let a = Int(joints[j].bodyA)
                    let b = Int(joints[j].bodyB)
                    if Self.isIslandMember(bodies.baseAddress! + a, awakeOnly: awakeOnly),
                        Self.isIslandMember(bodies.baseAddress! + b, awakeOnly: awakeOnly)
                    {
                        IslandStore.unite(parent, Int32(a), Int32(b))
                    }
                }
            }
        }
        swap(&parent, &islands.parent)
    }
}
