/// A dynamic AABB tree: the broad phase's bounding-volume hierarchy (Box2D's `b2DynamicTree`).
///
/// Every proxy is a leaf holding a *fat* AABB: its tight bounds grown by ``margin`` on every side,
/// so a shape that moves a little stays inside and the tree is untouched. When the tight bounds
/// leave the fat box, ``moveProxy(_:aabb:)`` re-inserts the leaf.
///
/// Insertion picks the sibling by the surface-area heuristic (in 2-D, perimeters: the cost of a
/// tree is the sum of its internal nodes' perimeters), descending greedily from the root while a
/// child is cheaper than pairing with the node itself. On the way back up every ancestor is refit
/// and may be *rotated*: a child swaps places with a grandchild when that shrinks the perimeter
/// of the node between them, which keeps the tree shallow even for sorted insertions.
///
/// Nodes live in one array addressed by `Int32` index, with a free list; proxy ids are node
/// indices and stay valid until destroyed. Everything is deterministic: same calls, same tree.
/// Queries do not allocate (their traversal stack lives on the call stack).
struct DynamicTree {
    /// The null node index.
    static let nullNode: Int32 = -1

    struct Node {
        /// Fat bounds for a leaf; the union of the children for an internal node.
        var aabb = AABB(lower: .zero, upper: .zero)
        var userData = 0
        /// The parent, or the next free node while on the free list.
        var parent: Int32 = DynamicTree.nullNode
        var child1: Int32 = DynamicTree.nullNode
        var child2: Int32 = DynamicTree.nullNode
        /// 0 for a leaf, −1 for a free node.
        var height: Int32 = -1

        @inline(__always) var isLeaf: Bool { child1 == DynamicTree.nullNode }
    }

    private(set) var nodes: [Node] = []
    private(set) var root: Int32 = DynamicTree.nullNode
    private var freeList: Int32 = DynamicTree.nullNode
    /// The number of live proxies (leaves).
    private(set) var proxyCount = 0
    /// How far fat AABBs extend past the tight bounds on every side, points.
    let margin: Double

    /// An empty tree whose leaves are fattened by `margin` points (Box2D: 0.1 m = 10 pt).
    init(margin: Double = 10) {
        self.margin = max(0, margin)
    }

    /// The height of the tree (0 for a single leaf or an empty tree).
    var height: Int { root == Self.nullNode ? 0 : Int(nodes[Int(root)].height) }

    // MARK: Proxies

    /// Adds a leaf for the tight bounds `aabb` and returns its proxy id.
    mutating func createProxy(aabb: AABB, userData: Int) -> Int32 {
        let id = allocateNode()
        nodes[Int(id)].aabb = aabb.expanded(by: margin)
        nodes[Int(id)].userData = userData
        nodes[Int(id)].height = 0
        insertLeaf(id)
        proxyCount += 1
        return id
    }

    /// Removes a proxy. Ignores ids that are not live leaves.
    mutating func destroyProxy(_ id: Int32) {
        guard isLiveLeaf(id) else { return }
        removeLeaf(id)
        freeNode(id)
        proxyCount -= 1
    }

    /// Updates a proxy to the tight bounds `aabb`. Re-inserts it (with a fresh fat AABB) only when
    /// `aabb` is no longer inside the fat AABB; returns whether it did.
    @discardableResult
    mutating func moveProxy(_ id: Int32, aabb: AABB) -> Bool {
        guard isLiveLeaf(id) else { return false }
        if nodes[Int(id)].aabb.contains(aabb) { return false }
        removeLeaf(id)
        nodes[Int(id)].aabb = aabb.expanded(by: margin)
        insertLeaf(id)
        return true
    }

    /// The proxy's fat AABB.
    @inline(__always) func fatAABB(_ id: Int32) -> AABB { nodes[Int(id)].aabb }

    /// The proxy's user data.
    @inline(__always) func userData(_ id: Int32) -> Int { nodes[Int(id)].userData }

    @inline(__always) func isLiveLeaf(_ id: Int32) -> Bool {
        id >= 0 && Int(id) < nodes.count && nodes[Int(id)].height == 0
    }

    // MARK: Node storage

    private mutating func allocateNode() -> Int32 {
        if freeList != Self.nullNode {
            let id = freeList
            freeList = nodes[Int(id)].parent
            nodes[Int(id)] = Node()
            return id
        }
        nodes.append(Node())
        return Int32(nodes.count - 1)
    }

    private mutating func freeNode(_ id: Int32) {
        nodes[Int(id)] = Node()
        nodes[Int(id)].parent = freeList
        freeList = id
    }

    // MARK: Insertion and removal

    /// The cheapest sibling for a new leaf with bounds `leafAABB` by the surface-area heuristic.
    private func bestSibling(for leafAABB: AABB) -> Int32 {
        var index = root
        while !nodes[Int(index)].isLeaf {
            let node = nodes[Int(index)]
            let area = node.aabb.perimeter
            let combinedArea = node.aabb.union(leafAABB).perimeter
            // Pairing the leaf with this node creates a parent of perimeter `combinedArea`.
            let cost = 2 * combinedArea
            // Descending further still grows this node (and everything above, already counted).
            let inheritedCost = 2 * (combinedArea - area)
            let cost1 = childCost(node.child1, leafAABB) + inheritedCost
            let cost2 = childCost(node.child2, leafAABB) + inheritedCost
            if cost < cost1 && cost < cost2 { break }
            index = cost1 <= cost2 ? node.child1 : node.child2
        }
        return index
    }

    /// The cost of descending into `child` for a leaf with bounds `leafAABB`.
    @inline(__always) private func childCost(_ child: Int32, _ leafAABB: AABB) -> Double {
        let c = nodes[Int(child)]
        let combined = leafAABB.union(c.aabb).perimeter
        return c.isLeaf ? combined : combined - c.aabb.perimeter
    }

    private mutating func insertLeaf(_ leaf: Int32) {
        guard root != Self.nullNode else {
            root = leaf
            nodes[Int(leaf)].parent = Self.nullNode
            return
        }
        let leafAABB = nodes[Int(leaf)].aabb
        let sibling = bestSibling(for: leafAABB)
        let oldParent = nodes[Int(sibling)].parent
        let newParent = allocateNode()
        nodes[Int(newParent)].parent = oldParent
        nodes[Int(newParent)].aabb = leafAABB.union(nodes[Int(sibling)].aabb)
        nodes[Int(newParent)].height = nodes[Int(sibling)].height + 1
        nodes[Int(newParent)].child1 = sibling
        nodes[Int(newParent)].child2 = leaf
        nodes[Int(sibling)].parent = newParent
        nodes[Int(leaf)].parent = newParent
        if oldParent == Self.nullNode {
            root = newParent
        } else if nodes[Int(oldParent)].child1 == sibling {
            nodes[Int(oldParent)].child1 = newParent
        } else {
            nodes[Int(oldParent)].child2 = newParent
        }
        refitAncestors(from: oldParent)
    }

    private mutating func removeLeaf(_ leaf: Int32) {
        if leaf == root {
            root = Self.nullNode
            return
        }
        let parent = nodes[Int(leaf)].parent
        let grandParent = nodes[Int(parent)].parent
        let sibling = nodes[Int(parent)].child1 == leaf ? nodes[Int(parent)].child2 : nodes[Int(parent)].child1
        freeNode(parent)
        nodes[Int(sibling)].parent = grandParent
        nodes[Int(leaf)].parent = Self.nullNode
        if grandParent == Self.nullNode {
            root = sibling
            return
        }
        if nodes[Int(grandParent)].child1 == parent {
            nodes[Int(grandParent)].child1 = sibling
        } else {
            nodes[Int(grandParent)].child2 = sibling
        }
        refitAncestors(from: grandParent)
    }

    /// Recomputes bounds and heights from `start` up to the root, rotating each node on the way.
    private mutating func refitAncestors(from start: Int32) {
        var index = start
        while index != Self.nullNode {
            refit(index)
            rotate(index)
            index = nodes[Int(index)].parent
        }
    }

    @inline(__always) private mutating func refit(_ index: Int32) {
        let c1 = nodes[Int(index)].child1
        let c2 = nodes[Int(index)].child2
        nodes[Int(index)].aabb = nodes[Int(c1)].aabb.union(nodes[Int(c2)].aabb)
        nodes[Int(index)].height = 1 + max(nodes[Int(c1)].height, nodes[Int(c2)].height)
    }

    /// Swaps a child of `a` with a grandchild (under the other child) when that shrinks the
    /// perimeter of the node in between the most:
    ///
    ///           a                      a
    ///         /   \                  /   \
    ///        b     c       →        f     c
    ///             / \                    / \
    ///            f   g                  b   g
    private mutating func rotate(_ a: Int32) {
        let nodeA = nodes[Int(a)]
        guard nodeA.height >= 2 else { return }
        let b = nodeA.child1
        let c = nodeA.child2
        let nodeB = nodes[Int(b)]
        let nodeC = nodes[Int(c)]
        // Candidates: (child to move, grandchild to swap it with, the grandchild's parent).
        var bestGain = 0.0
        var bestChild = Self.nullNode
        var bestGrandchild = Self.nullNode
        if !nodeC.isLeaf {
            let areaC = nodeC.aabb.perimeter
            // b ↔ f: c becomes (b, g).
            let gainF = areaC - nodeB.aabb.union(nodes[Int(nodeC.child2)].aabb).perimeter
            if gainF > bestGain {
                bestGain = gainF
                bestChild = b
                bestGrandchild = nodeC.child1
            }
            // b ↔ g: c becomes (f, b).
            let gainG = areaC - nodeB.aabb.union(nodes[Int(nodeC.child1)].aabb).perimeter
            if gainG > bestGain {
                bestGain = gainG
                bestChild = b
                bestGrandchild = nodeC.child2
            }
        }
        if !nodeB.isLeaf {
            let areaB = nodeB.aabb.perimeter
            // c ↔ d: b becomes (c, e).
            let gainD = areaB - nodeC.aabb.union(nodes[Int(nodeB.child2)].aabb).perimeter
            if gainD > bestGain {
                bestGain = gainD
                bestChild = c
                bestGrandchild = nodeB.child1
            }
            // c ↔ e: b becomes (d, c).
            let gainE = areaB - nodeC.aabb.union(nodes[Int(nodeB.child1)].aabb).perimeter
            if gainE > bestGain {
                bestGain = gainE
                bestChild = c
                bestGrandchild = nodeB.child2
            }
        }
        guard bestChild != Self.nullNode else { return }
        // Swap `bestChild` (under a) with `bestGrandchild` (under `middle`, a's other child).
        let middle = nodes[Int(bestGrandchild)].parent
        if nodes[Int(a)].child1 == bestChild {
            nodes[Int(a)].child1 = bestGrandchild
        } else {
            nodes[Int(a)].child2 = bestGrandchild
        }
        if nodes[Int(middle)].child1 == bestGrandchild {
            nodes[Int(middle)].child1 = bestChild
        } else {
            nodes[Int(middle)].child2 = bestChild
        }
        nodes[Int(bestGrandchild)].parent = a
        nodes[Int(bestChild)].parent = middle
        refit(middle)
        refit(a)
    }
}
