/// Islands: the sets of non-static bodies linked by touching contacts and joints, as a
/// union-find forest over body indices, rebuilt whenever sleep needs it (each step, and when a
/// sleeping body wakes). Owned by ``PhysicsWorld``; only sleep reads and writes it.
struct IslandStore {
    /// Union-find parents, parallel to the bodies.
    var parent: [Int32] = []
    /// Per island root: the smallest sleep time of its bodies.
    var sleepTimes: [Double] = []

    /// The root of `i`'s tree, halving the path on the way.
    @inline(__always) static func findRoot(_ parent: UnsafeMutableBufferPointer<Int32>, _ i: Int32) -> Int32 {
        var x = i
        while parent[Int(x)] != x {
            let grand = parent[Int(parent[Int(x)])]
            parent[Int(x)] = grand
            x = grand
        }
        return x
    }

    /// Joins the trees of `a` and `b` under the lower root.
    @inline(__always) static func unite(_ parent: UnsafeMutableBufferPointer<Int32>, _ a: Int32, _ b: Int32) {
        let ra = findRoot(parent, a)
        let rb = findRoot(parent, b)
        guard ra != rb else { return }
        if ra < rb { parent[Int(rb)] = ra } else { parent[Int(ra)] = rb }
    }

    /// The root of `i`'s island in the current forest.
    mutating func findRoot(_ i: Int32) -> Int32 {
        parent.withUnsafeMutableBufferPointer { Self.findRoot($0, i) }
    }
}
