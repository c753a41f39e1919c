// Islands and sleep. An island is a set of non-static bodies linked by touching contacts and
// joints (static bodies never link). Islands are found each step with a union-find over the awake
// bodies, in body-index order, so the result is deterministic. An island sleeps when every body in
// it has rested (|v| ≤ sleepLinearTolerance, |ω| ≤ sleepAngularTolerance) for timeToSleep.

extension PhysicsWorld {
    /// Puts to sleep the islands whose bodies have all rested for ``Configuration/timeToSleep``.
    func updateSleep(_ context: StepContext) {
        guard configuration.enableSleep else { return }
        buildIslands(awakeOnly: true)
        let n = bodies.count
        var sleepTimes = solverScratch.islandSleepTime
        solverScratch.islandSleepTime = []
        if sleepTimes.count < n { sleepTimes.append(contentsOf: repeatElement(0, count: n - sleepTimes.count)) }
        for i in 0..<n { sleepTimes[i] = .infinity }
        for i in 0..<n where isIslandMember(i, awakeOnly: true) {
            let r = Int(findRoot(Int32(i)))
            sleepTimes[r] = min(sleepTimes[r], bodies[i].sleepTime)
        }
        let timeToSleep = configuration.timeToSleep
        for i in 0..<n where isIslandMember(i, awakeOnly: true) {
            let r = Int(findRoot(Int32(i)))
            guard sleepTimes[r] >= timeToSleep else { continue }
            bodies[i].isAwake = false
            bodies[i].linearVelocity = .zero
            bodies[i].angularVelocity = 0
        }
        solverScratch.islandSleepTime = sleepTimes
    }

    /// Wakes the body at `i` and, when it was asleep, its whole island (the bodies it touches and
    /// is joined to, transitively).
    func wake(bodyAt i: Int) {
        guard bodies[i].isLive, bodies[i].type != .static else { return }
        bodies[i].sleepTime = 0
        guard !bodies[i].isAwake else { return }
        buildIslands(awakeOnly: false)
        let root = findRoot(Int32(i))
        for k in bodies.indices where isIslandMember(k, awakeOnly: false) && findRoot(Int32(k)) == root {
            bodies[k].isAwake = true
            bodies[k].sleepTime = 0
        }
    }

    @inline(__always) func isIslandMember(_ i: Int, awakeOnly: Bool) -> Bool {
        bodies[i].isLive && bodies[i].type != .static && (!awakeOnly || bodies[i].isAwake)
    }

    /// Fills `solverScratch.parent` with a union-find forest over the island members.
    func buildIslands(awakeOnly: Bool) {
        let n = bodies.count
        if solverScratch.parent.count < n {
            solverScratch.parent.append(contentsOf: repeatElement(0, count: n - solverScratch.parent.count))
        }
        for i in 0..<n { solverScratch.parent[i] = Int32(i) }
        for c in contacts.indices where contacts[c].isTouching && !contacts[c].isSensor {
            let a = Int(contacts[c].bodyA)
            let b = Int(contacts[c].bodyB)
            if isIslandMember(a, awakeOnly: awakeOnly), isIslandMember(b, awakeOnly: awakeOnly) { unite(Int32(a), Int32(b)) }
        }
        for j in joints.indices where joints[j].isLive {
            let a = Int(joints[j].bodyA)
            let b = Int(joints[j].bodyB)
            if isIslandMember(a, awakeOnly: awakeOnly), isIslandMember(b, awakeOnly: awakeOnly) { unite(Int32(a), Int32(b)) }
        }
    }

    func findRoot(_ i: Int32) -> Int32 {
        var x = i
        while solverScratch.parent[Int(x)] != x {
            let grand = solverScratch.parent[Int(solverScratch.parent[Int(x)])]
            solverScratch.parent[Int(x)] = grand
            x = grand
        }
        return x
    }

    func unite(_ a: Int32, _ b: Int32) {
        let ra = findRoot(a)
        let rb = findRoot(b)
        guard ra != rb else { return }
        if ra < rb { solverScratch.parent[Int(rb)] = ra } else { solverScratch.parent[Int(ra)] = rb }
    }
}
