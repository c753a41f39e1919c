// Continuous collision (after finalize): a fast dynamic body is swept from its start-of-step pose
// to its end pose against static and kinematic shapes (bullets against every body), and moved
// back to the earliest time of impact. It keeps its velocity; the next step's speculative contact
// stops it.

extension PhysicsWorld {
    func solveContinuous(_ context: StepContext) {
        // Filled in when the collision helper's time of impact is merged.
    }
}
