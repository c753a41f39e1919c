// Tree traversals. The depth-first stack is a temporary buffer on the call stack sized by the
// tree's height, so queries never allocate (a stack of height + 1 suffices: each pop pushes at
// most two children one level deeper).

extension DynamicTree {
    /// Calls `body` with every proxy whose fat AABB overlaps `aabb`, in a deterministic order;
    /// `body` returns `false` to stop early.
    func query(_ aabb: AABB, _ body: (Int32) -> Bool) {
        guard root != Self.nullNode else { return }
        traverse { index, node in
            guard node.aabb.overlaps(aabb) else { return .skip }
            if node.isLeaf { return body(index) ? .skip : .stop }
            return .descend
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
        traverse { index, node in
            guard node.aabb.overlaps(segmentAABB) else { return .skip }
            // |v · (p1 − c)| > v · h: the segment's line misses the box.
            let center = 0.5 * (node.aabb.lower + node.aabb.upper)
            let extents = 0.5 * (node.aabb.upper - node.aabb.lower)
            if abs(v.dot(p1 - center)) - absV.dot(extents) > 0 { return .skip }
            guard node.isLeaf else { return .descend }
            let value = body(index, maxFraction)
            if value == 0 { return .stop }
            if value > 0, value < maxFraction {
                maxFraction = value
                let end = Vec2.mulAdd(p1, maxFraction, d)
                segmentAABB = AABB(lower: .min(p1, end), upper: .max(p1, end))
            }
            return .skip
        }
    }

    /// What a traversal does after visiting a node.
    enum TraversalStep {
        /// Goes on without the node's children (a leaf has none).
        case skip
        /// Visits the node's children next (only for an internal node).
        case descend
        /// Ends the traversal.
        case stop
    }

    /// Visits the tree depth first from the root (which must exist), children in the order
    /// `child2` then `child1`, as `visit` asks. The stack is a buffer on the call stack deep enough
    /// for this tree, so a traversal never allocates.
    @inline(__always) private func traverse(_ visit: (Int32, Node) -> TraversalStep) {
        let capacity = max(64, height + 2)
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: capacity) { stack in
            var count = 0
            stack[count] = root
            count += 1
            while count > 0 {
                count -= 1
                let index = stack[count]
                let node = nodes[Int(index)]
                switch visit(index, node) {
                case .skip:
                    continue
                case .stop:
                    return
                case .descend:
                    stack[count] = node.child1
                    stack[count + 1] = node.child2
                    count += 2
                }
            }
        }
    }
}
