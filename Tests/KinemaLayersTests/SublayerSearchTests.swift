import KinemaLayers
import TestSupport
import Testing

/// A layer finds a sublayer from where it was placed (``Layer/indexOfSublayer(_:)``) instead of
/// scanning ``Layer/sublayers``, so building, reordering and taking apart a tree of n layers
/// takes O(n) search steps, and every order is Core Animation's.
@Suite struct SublayerSearchTests {
    static let count = 20_000

    @Test("adding, inserting next to a sibling, replacing and removing n sublayers takes O(n) steps")
    func buildingAndRemovingIsLinear() throws {
        let root = Layer()
        let layers = (0..<Self.count).map { _ in Layer() }
        for layer in layers { try root.addSublayer(layer) }
        #expect(root.sublayerSearchSteps == 0)
        // Each below the one inserted before it, so at the back: the sibling is where it was put.
        var sibling = layers[0]
        let below = (0..<Self.count).map { _ in Layer() }
        for layer in below {
            try root.insertSublayer(layer, below: sibling)
            sibling = layer
        }
        #expect(root.sublayers.count == 2 * Self.count)
        #expect(root.sublayers.first === below.last && root.sublayers[Self.count] === layers[0])
        for old in root.sublayers { try root.replaceSublayer(old, with: Layer()) }
        #expect(root.sublayers.count == 2 * Self.count)
        // Half from the back, half from the front.
        for layer in root.sublayers.prefix(Self.count) { layer.removeFromSuperlayer() }
        for layer in root.sublayers.reversed() { layer.removeFromSuperlayer() }
        #expect(root.sublayers.isEmpty)
        // Scanning from the back compared about 6 × 10⁸ layers here.
        #expect(root.sublayerSearchSteps <= 8 * Self.count, "\(root.sublayerSearchSteps)")
    }

    @Test("finding a child never takes more steps than 1 + the children in front of it")
    func searchIsBoundedByTheShift() {
        let children = (0..<100).map { _ in Layer() }
        for (i, child) in children.enumerated() {
            for hint in [0, 37, 99] {
                var steps = 0
                #expect(SiblingSearch.index(of: child, in: children, hint: hint, steps: &steps) == i)
                #expect(steps <= 1 + (children.count - 1 - i), "child \(i) from \(hint): \(steps) steps")
                #expect(steps <= 1 + i, "child \(i) from \(hint): \(steps) steps")
                #expect(steps <= abs(i - hint), "child \(i) from \(hint): \(steps) steps")
            }
        }
    }

    @Test("a sublayer moved below or above a sibling lands next to it, from either side")
    func movingNextToASibling() throws {
        let root = Layer()
        let (a, b, c) = (Layer(), Layer(), Layer())
        for layer in [a, b, c] { try root.addSublayer(layer) }
        try root.insertSublayer(a, below: c)
        #expect(root.sublayers.map(ObjectIdentifier.init) == [b, a, c].map(ObjectIdentifier.init))
        try root.insertSublayer(c, below: b)
        #expect(root.sublayers.map(ObjectIdentifier.init) == [c, b, a].map(ObjectIdentifier.init))
        try root.insertSublayer(c, above: b)
        #expect(root.sublayers.map(ObjectIdentifier.init) == [b, c, a].map(ObjectIdentifier.init))
        try root.insertSublayer(a, above: b)
        #expect(root.sublayers.map(ObjectIdentifier.init) == [b, a, c].map(ObjectIdentifier.init))
        try root.insertSublayer(b, above: b)
        #expect(root.sublayers.map(ObjectIdentifier.init) == [b, a, c].map(ObjectIdentifier.init))
    }

    @Test("index(of:in:hint:steps:) finds a child wherever it is, from any hint", arguments: [1, 2] as [UInt64])
    func findsEveryChild(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let children = (0..<50).map { _ in Layer() }
        var steps = 0
        for _ in 0..<500 {
            let i = Int.random(in: 0..<children.count, using: &random)
            let hint = Int.random(in: -5...60, using: &random)
            #expect(SiblingSearch.index(of: children[i], in: children, hint: hint, steps: &steps) == i)
        }
        #expect(SiblingSearch.index(of: Layer(), in: children, hint: 3, steps: &steps) == nil)
        #expect(SiblingSearch.index(of: Layer(), in: [], hint: 0, steps: &steps) == nil)
    }
}
