import KinemaGeometry
import KinemaLayers
import Testing

/// Layer trees are at most `Layer.maximumDepth` levels deep: deeper is an error at insertion,
/// never a stack overflow in a later walk.
@Suite struct LayerDepthTests {
    /// A chain of `count` layers, each the only sublayer of the one before; returns the root and
    /// the deepest layer.
    static func chain(_ count: Int) throws -> (root: Layer, leaf: Layer) {
        let root = Layer()
        var leaf = root
        for _ in 1..<count {
            let next = Layer()
            try leaf.addSublayer(next)
            leaf = next
        }
        return (root, leaf)
    }

    @Test func aTreeAtTheLimitWorksInEveryWalk() throws {
        let (root, leaf) = try Self.chain(Layer.maximumDepth + 1)
        root.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        leaf.opacity = 0.5
        #expect(root.subtree.count == Layer.maximumDepth + 1)
        let context = LayerContext()
        context.addRootLayer(root)
        var node: RenderNode? = root.renderTree(at: 0)
        var levels = 0
        while let n = node {
            levels += 1
            node = n.sublayers.first
        }
        #expect(levels == Layer.maximumDepth + 1)
        #expect(leaf.presentation(at: 0).opacity == 0.5)
    }

    @Test func oneLevelMoreThrowsAndLeavesTheTreeAsItWas() throws {
        let (root, leaf) = try Self.chain(Layer.maximumDepth + 1)
        let extra = Layer()
        #expect(throws: LayerHierarchyError.tooDeep(limit: Layer.maximumDepth)) { try leaf.addSublayer(extra) }
        #expect(leaf.sublayers.isEmpty && extra.superlayer == nil)
        #expect(root.subtree.count == Layer.maximumDepth + 1)
        #expect(LayerHierarchyError.tooDeep(limit: 256).description == "the layer tree would be deeper than 256 levels")
    }

    @Test func aDeepSubtreeIsMeasuredWhereItWouldGo() throws {
        let (root, leaf) = try Self.chain(150)
        let (other, _) = try Self.chain(150)
        // 149 levels above `leaf`, 1 for `other`, 149 below it: 299 > 256.
        #expect(throws: LayerHierarchyError.tooDeep(limit: Layer.maximumDepth)) { try leaf.addSublayer(other) }
        let (short, _) = try Self.chain(100)
        try leaf.addSublayer(short)
        #expect(short.superlayer === leaf && root.subtree.count == 250)
    }

    @Test func buildingA100000DeepChainStopsAtTheLimitWithAnError() {
        let root = Layer()
        var leaf = root
        var failures = 0
        for _ in 0..<100_000 {
            let next = Layer()
            do {
                try leaf.addSublayer(next)
                leaf = next
            } catch {
                failures += 1
            }
        }
        #expect(failures == 100_000 - Layer.maximumDepth)
        #expect(root.subtree.count == Layer.maximumDepth + 1)
    }
}

/// A mask is walked as a level below the layer it masks, so it counts toward
/// `Layer.maximumDepth` like a sublayer: chains of masks cannot reach a stack overflow.
@Suite struct LayerMaskDepthTests {
    @Test func aMaskPastTheLimitIsNotSetAndReported() throws {
        let (root, leaf) = try LayerDepthTests.chain(Layer.maximumDepth + 1)
        let context = LayerContext()
        context.addRootLayer(root)
        let mask = Layer()
        leaf.mask = mask
        #expect(leaf.mask == nil)
        #expect(context.diagnostics.contains { $0.message.contains("deeper than \(Layer.maximumDepth) levels") })
        // One level higher, it fits.
        let parent = try #require(leaf.superlayer)
        parent.mask = mask
        #expect(parent.mask === mask)
    }

    @Test func aSublayerOfAMaskCountsTheMaskAsALevel() throws {
        let (root, leaf) = try LayerDepthTests.chain(Layer.maximumDepth)
        let mask = Layer()
        leaf.mask = mask
        #expect(leaf.mask === mask)
        // The mask sits at the limit: nothing fits below it.
        #expect(throws: LayerHierarchyError.tooDeep(limit: Layer.maximumDepth)) { try mask.addSublayer(Layer()) }
        #expect(root.subtree.count == Layer.maximumDepth + 1)
    }

    @Test func aChainOfMasksStopsAtTheLimitAndRenders() throws {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        var owner = root
        var set = 0
        for _ in 0..<1_000 {
            let next = Layer()
            owner.mask = next
            guard owner.mask === next else { break }
            set += 1
            owner = next
        }
        #expect(set == Layer.maximumDepth)
        #expect(root.subtree.count == Layer.maximumDepth + 1)
        #expect(root.renderTree(at: 0).mask != nil)
    }

    @Test func aSubtreeWithDeepMasksIsMeasuredWhereItWouldGo() throws {
        // 150 layers, each the mask of the one before: 149 levels below the first.
        let first = Layer()
        var owner = first
        for _ in 1..<150 {
            let next = Layer()
            owner.mask = next
            owner = next
        }
        let (root, leaf) = try LayerDepthTests.chain(150)
        #expect(throws: LayerHierarchyError.tooDeep(limit: Layer.maximumDepth)) { try leaf.addSublayer(first) }
        #expect(root.subtree.count == 150)
    }

    @Test func anAncestorCannotBecomeAMask() throws {
        let (root, leaf) = try LayerDepthTests.chain(3)
        leaf.mask = root
        #expect(leaf.mask == nil && root.superlayer == nil)
        leaf.mask = leaf
        #expect(leaf.mask == nil)
    }
}
