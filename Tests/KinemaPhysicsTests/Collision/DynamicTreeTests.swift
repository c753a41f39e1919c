import TestSupport
import Testing

@testable import KinemaPhysics

@Suite struct DynamicTreeTests {
    static func randomBox(_ g: inout SeededGenerator, extent: Double = 1000) -> AABB {
        let x = Double.random(in: -extent...extent, using: &g)
        let y = Double.random(in: -extent...extent, using: &g)
        let w = Double.random(in: 1...60, using: &g)
        let h = Double.random(in: 1...60, using: &g)
        return AABB(lower: Vec2(x, y), upper: Vec2(x + w, y + h))
    }

    /// Whether segment p1 → p2 meets `box` (slab test).
    static func segmentMeets(_ p1: Vec2, _ p2: Vec2, _ box: AABB) -> Bool {
        var tMin = 0.0
        var tMax = 1.0
        let d = p2 - p1
        for (p, dd, lo, hi) in [(p1.x, d.x, box.lower.x, box.upper.x), (p1.y, d.y, box.lower.y, box.upper.y)] {
            if dd == 0 {
                if p < lo || p > hi { return false }
            } else {
                var t1 = (lo - p) / dd
                var t2 = (hi - p) / dd
                if t1 > t2 { swap(&t1, &t2) }
                tMin = max(tMin, t1)
                tMax = min(tMax, t2)
                if tMin > tMax { return false }
            }
        }
        return true
    }

    func queried(_ tree: DynamicTree, _ box: AABB) -> Set<Int32> {
        var found = Set<Int32>()
        tree.query(box) { id in
            found.insert(id)
            return true
        }
        return found
    }

    @Test func randomInsertsMovesAndRemovesMatchBruteForce() {
        var g = SeededGenerator(seed: 42)
        var tree = DynamicTree(margin: 10)
        var tight: [Int32: AABB] = [:]
        var live: [Int32] = []
        for step in 0..<3000 {
            let op = Int.random(in: 0..<10, using: &g)
            if op < 4 || live.isEmpty {
                let box = Self.randomBox(&g)
                let id = tree.createProxy(aabb: box, userData: step)
                #expect(tree.userData(id) == step)
                #expect(tree.fatAABB(id).contains(box))
                tight[id] = box
                live.append(id)
            } else if op < 8 {
                let id = live[Int.random(in: 0..<live.count, using: &g)]
                let old = tight[id] ?? Self.randomBox(&g)
                // Mostly small moves (stay in the fat box), sometimes jumps.
                let jump = Double.random(in: 0...1, using: &g) < 0.2
                let dx = jump ? Double.random(in: -300...300, using: &g) : Double.random(in: -4...4, using: &g)
                let dy = jump ? Double.random(in: -300...300, using: &g) : Double.random(in: -4...4, using: &g)
                let moved = AABB(lower: old.lower + Vec2(dx, dy), upper: old.upper + Vec2(dx, dy))
                let fatBefore = tree.fatAABB(id)
                let reinserted = tree.moveProxy(id, aabb: moved)
                #expect(reinserted == !fatBefore.contains(moved))
                #expect(tree.fatAABB(id).contains(moved))
                if !reinserted { #expect(tree.fatAABB(id) == fatBefore) }
                tight[id] = moved
            } else {
                let index = Int.random(in: 0..<live.count, using: &g)
                let id = live.remove(at: index)
                tree.destroyProxy(id)
                tight[id] = nil
            }
            if step % 50 == 0 {
                if let problem = tree.validate() { Issue.record("step \(step): \(problem)") }
                let query = Self.randomBox(&g, extent: 800).expanded(by: 100)
                let expected = Set(live.filter { tree.fatAABB($0).overlaps(query) })
                #expect(queried(tree, query) == expected)
                // Every tight overlap is among the results.
                #expect(Set(live.filter { (tight[$0] ?? query).overlaps(query) }).isSubset(of: expected))
            }
        }
        #expect(tree.validate() == nil)
        #expect(tree.proxyCount == live.count)
    }

    @Test func destroyingEveryProxyLeavesAnEmptyTreeThatReusesNodes() {
        var g = SeededGenerator(seed: 3)
        var tree = DynamicTree()
        let ids = (0..<100).map { tree.createProxy(aabb: Self.randomBox(&g), userData: $0) }
        let storage = tree.nodes.count
        for id in ids { tree.destroyProxy(id) }
        #expect(tree.proxyCount == 0 && tree.height == 0)
        #expect(tree.validate() == nil)
        #expect(queried(tree, AABB(lower: Vec2(-1e6, -1e6), upper: Vec2(1e6, 1e6))).isEmpty)
        for i in 0..<100 { _ = tree.createProxy(aabb: Self.randomBox(&g), userData: i) }
        #expect(tree.nodes.count == storage)
        #expect(tree.validate() == nil)
        // Destroying a stale id is ignored.
        tree.destroyProxy(-1)
        tree.destroyProxy(Int32(storage + 10))
        #expect(tree.validate() == nil)
    }

    @Test func sortedInsertionsStayShallow() {
        // A row of 1024 boxes inserted left to right: without rotations this degenerates.
        var tree = DynamicTree(margin: 0)
        for i in 0..<1024 {
            let x = Double(i) * 25
            _ = tree.createProxy(aabb: AABB(lower: Vec2(x, 0), upper: Vec2(x + 20, 20)), userData: i)
        }
        #expect(tree.validate() == nil)
        // log₂ 1024 = 10; allow a factor of two over a perfect tree.
        #expect(tree.height <= 20)
    }

    @Test func earlyExitStopsTheQuery() {
        var tree = DynamicTree()
        for i in 0..<10 { _ = tree.createProxy(aabb: AABB(lower: Vec2(0, 0), upper: Vec2(10, 10)), userData: i) }
        var calls = 0
        tree.query(AABB(lower: .zero, upper: Vec2(1, 1))) { _ in
            calls += 1
            return calls < 3
        }
        #expect(calls == 3)
    }

    @Test func rayCastReportsExactlyTheBoxesTheSegmentCrosses() {
        var g = SeededGenerator(seed: 99)
        var tree = DynamicTree(margin: 5)
        var live: [Int32] = []
        for i in 0..<400 { live.append(tree.createProxy(aabb: Self.randomBox(&g), userData: i)) }
        for _ in 0..<200 {
            let p1 = Vec2(Double.random(in: -1100...1100, using: &g), Double.random(in: -1100...1100, using: &g))
            let p2 = Vec2(Double.random(in: -1100...1100, using: &g), Double.random(in: -1100...1100, using: &g))
            var hits = Set<Int32>()
            tree.rayCast(from: p1, to: p2) { id, maxFraction in
                hits.insert(id)
                return maxFraction
            }
            let expected = Set(live.filter { Self.segmentMeets(p1, p2, tree.fatAABB($0)) })
            #expect(hits == expected)
        }
    }

    @Test func rayCastClippingFindsTheNearestBox() {
        var tree = DynamicTree(margin: 0)
        // Boxes along +x at 100, 200, … 900, inserted far-first.
        for i in (1...9).reversed() {
            let x = Double(i) * 100
            _ = tree.createProxy(aabb: AABB(lower: Vec2(x, -10), upper: Vec2(x + 20, 10)), userData: i)
        }
        var nearest = -1
        tree.rayCast(from: Vec2(0, 0), to: Vec2(1000, 0)) { id, maxFraction in
            let fraction = tree.fatAABB(id).lower.x / 1000
            guard fraction < maxFraction else { return maxFraction }
            nearest = tree.userData(id)
            return fraction
        }
        #expect(nearest == 1)
    }

    @Test func sameCallsBuildTheSameTree() {
        func build() -> [DynamicTree.Node] {
            var g = SeededGenerator(seed: 5)
            var tree = DynamicTree()
            var ids: [Int32] = []
            for i in 0..<300 { ids.append(tree.createProxy(aabb: Self.randomBox(&g), userData: i)) }
            for id in ids where id % 3 == 0 { tree.moveProxy(id, aabb: Self.randomBox(&g)) }
            return tree.nodes
        }
        let a = build()
        let b = build()
        #expect(a.count == b.count)
        #expect(zip(a, b).allSatisfy { $0.aabb == $1.aabb && $0.parent == $1.parent && $0.child1 == $1.child1 })
    }
}
