// Tree traversals. The depth-first stack is a temporary buffer on the call stack sized by the
// tree's height, so queries never allocate (a stack of height + 1 suffices: each pop pushes at
// most two children one level deeper).

extension DynamicTree {
    /// Calls `body` with every proxy whose fat AABB overlaps `aabb`, in a deterministic order;
    /// `body` returns `false` to stop early.
    func query(_ aabb: AABB, _ body: (Int32) -> Bool) {
        guard root != Self.nullNode else { return }
        withTraversalStack { stack in
            var count = 0
            stack[count] = root
            count += 1
            while count > 0 {
                count -= 1
                let index = stack[count]
                let node = nodes[Int(index)]
                guard node.aabb.overlaps(aabb) else { continue }
                if node.isLeaf {
                    if !body(index) { return }
                } else {
                    stack[count] = node.child1
                    stack[count + 1] = node.child2
                    count += 2
                }
            }
        }
    }

    /// Casts the segment `from` → `to` against the fat AABBs. `body` gets each proxy the segment
    /// reaches with the current maximum fraction (0…1 along the segment) and returns what to do:
    /// 0 stops; a value in (0, maximum) clips the segment there (for closest-hit queries); anything
    /// else (such as the maximum itself) continues unchanged.
    func rayCast(from p1: Vec2, to p2: Vec2, _ body: (Int32, Double) -> Double) {
        guard root != Self.nullNode, p1.isFinite, p2.isFinite else { return }
        let d = p2 - p1
        // The segment's normal, for the separating-axis test against each box.
        let v = d.leftPerp.normalized
        let absV = Vec2(abs(v.x), abs(v.y))
        var maxFraction = 1.0
        var segmentAABB = AABB(lower: .min(p1, p2), upper: .max(p1, p2))
        withTraversalStack { stack in
            var count = 0
            stack[count] = root
            count += 1
            while count > 0 {
                count -= 1
                let index = stack[count]
                let node = nodes[Int(index)]
                guard node.aabb.overlaps(segmentAABB) else { continue }
                // |v · (p1 − c)| > v · h: the segment's line misses the box.
                let center = 0.5 * (node.aabb.lower + node.aabb.upper)
                let extents = 0.5 * (node.aabb.upper - node.aabb.lower)
                if abs(v.dot(p1 - center)) - absV.dot(extents) > 0 { continue }
                if node.isLeaf {
                    let value = body(index, maxFraction)
                    if value == 0 { return }
                    if value > 0, value < maxFraction {
                        maxFraction = value
                        let end = Vec2.mulAdd(p1, maxFraction, d)
                        segmentAABB = AABB(lower: .min(p1, end), upper: .max(p1, end))
                    }
                } else {
                    stack[count] = node.child1
                    stack[count + 1] = node.child2
                    count += 2
                }
            }
        }
    }

    /// Runs `body` with a stack buffer deep enough for a depth-first traversal of this tree.
    @inline(__always) private func withTraversalStack(_ body: (UnsafeMutableBufferPointer<Int32>) -> Void) {
        let capacity = max(64, height + 2)
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: capacity) { body($0) }
    }
}
