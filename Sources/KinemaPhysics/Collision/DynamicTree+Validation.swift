// Invariant checks for tests (apple/swift-collections' `Heap+Invariants` pattern).

extension DynamicTree {
    /// The first broken invariant, or `nil` when the tree is sound: parent and child links agree,
    /// heights are 1 + the taller child, every internal box contains its children's, every leaf
    /// is a live proxy, and live + free nodes account for all storage.
    func validate() -> String? {
        var reachable = 0
        var leaves = 0
        if root != Self.nullNode {
            if nodes[Int(root)].parent != Self.nullNode { return "root \(root) has a parent" }
            // Explicit stack: (node, depth guard).
            var stack: [Int32] = [root]
            while let index = stack.popLast() {
                reachable += 1
                if reachable > nodes.count { return "cycle through node \(index)" }
                let node = nodes[Int(index)]
                if node.isLeaf {
                    leaves += 1
                    if node.height != 0 { return "leaf \(index) has height \(node.height)" }
                    if node.child2 != Self.nullNode { return "leaf \(index) has a second child" }
                    continue
                }
                for child in [node.child1, node.child2] {
                    guard child >= 0, Int(child) < nodes.count else { return "node \(index) has bad child \(child)" }
                    if nodes[Int(child)].parent != index { return "child \(child) does not point back to \(index)" }
                    if !node.aabb.contains(nodes[Int(child)].aabb) { return "node \(index) does not contain child \(child)" }
                }
                let expectedHeight = 1 + max(nodes[Int(node.child1)].height, nodes[Int(node.child2)].height)
                if node.height != expectedHeight { return "node \(index) has height \(node.height), expected \(expectedHeight)" }
                let union = nodes[Int(node.child1)].aabb.union(nodes[Int(node.child2)].aabb)
                if union != node.aabb { return "node \(index) is not the union of its children" }
                stack.append(node.child1)
                stack.append(node.child2)
            }
        }
        if leaves != proxyCount { return "\(leaves) leaves for \(proxyCount) proxies" }
        var free = 0
        for node in nodes where node.height == -1 { free += 1 }
        if free + reachable != nodes.count { return "\(reachable) reachable + \(free) free ≠ \(nodes.count) nodes" }
        return nil
    }
}
