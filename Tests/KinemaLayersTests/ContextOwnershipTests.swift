import KinemaGeometry
import KinemaLayers
import Testing

/// A layer keeps its context alive; the context does not keep its root layers alive.
@Suite struct ContextOwnershipTests {
    /// Builds a root layer attached to a context that the caller does not keep.
    static func makeDetachedFromCaller() -> Layer {
        let context = LayerContext(time: 5)
        let root = Layer()
        context.addRootLayer(root)
        return root
    }

    @Test("A tree keeps its context alive after the caller drops it")
    func layerKeepsContext() {
        let root = Self.makeDetachedFromCaller()
        let context = root.layerContext
        #expect(context != nil)
        #expect(context?.currentTime == 5)
        var fade = BasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 2
        root.add(fade, forKey: "fade")
        // beginTime 0 resolved against the surviving context's time 5: halfway at 6.
        #expect(root.presentation(at: 6).opacity == 0.5)
    }

    @Test("The context holds root layers weakly")
    func contextDoesNotRetainRoots() {
        let context = LayerContext()
        weak var weakRoot: Layer?
        do {
            let root = Layer()
            weakRoot = root
            context.addRootLayer(root)
            #expect(context.rootLayers.count == 1)
        }
        #expect(weakRoot == nil)
        #expect(context.rootLayers.isEmpty)
    }

    @Test("A layer's superlayer reference is cleared when the superlayer goes away")
    func superlayerClearedOnDeinit() {
        let child = Layer()
        do {
            let parent = Layer()
            try? parent.addSublayer(child)
            #expect(child.superlayer === parent)
        }
        #expect(child.superlayer == nil)
        #expect(child.rootLayer === child)
    }
}
