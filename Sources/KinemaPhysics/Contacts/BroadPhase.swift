/// The broad phase: each shape's fat bounds, and the shapes whose fat bounds moved since the
/// last pair search (the move buffer). Pairs are searched once per step, in move-buffer order,
/// so contacts are created in a deterministic order.
struct BroadPhase {
    /// Every shape's fat bounds; a proxy's user data is its shape index.
    var tree = DynamicTree(margin: 2)
    /// Candidate pairs (shape indices) found by the last search, in search order.
    var candidates: [(Int32, Int32)] = []
    /// Shapes (indices) whose fat bounds were created or enlarged since the last pair search.
    var moveBuffer: [Int32] = []
    /// Parallel to the world's shapes: whether the shape is in the move buffer.
    var isMoved: [Bool] = []
    /// Seconds of motion the fat bounds also cover (the last step's length).
    var predictionTime: Double = 1.0 / 120

    mutating func markMoved(_ s: Int) {
        if isMoved.count <= s { isMoved.append(contentsOf: repeatElement(false, count: s + 1 - isMoved.count)) }
        guard !isMoved[s] else { return }
        isMoved[s] = true
        moveBuffer.append(Int32(s))
    }

    /// Tight bounds `aabb` stretched on their leading sides by the motion at `velocity` over
    /// `predictionTime` (the tree then adds its margin).
    func predicted(_ aabb: AABB, velocity: Vec2, steps: Double = 1) -> AABB {
        var fat = aabb
        let d = (steps * predictionTime) * velocity
        if d.x > 0 { fat.upper.x += d.x } else { fat.lower.x += d.x }
        if d.y > 0 { fat.upper.y += d.y } else { fat.lower.y += d.y }
        return fat
    }
}
