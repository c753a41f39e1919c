import KinemaLayers
import Testing

/// A layer whose running animation's delegate holds the layer (as a UIKit completion block that
/// captures its view does) outlives its tree's root. It must leave that tree as if removed, or
/// it, its animation and the tree's context stay alive for ever.
@Suite struct ReleasedTreeTests {
    /// Holds the layer it observes, the way a completion block holds its view.
    final class HoldingDelegate: AnimationDelegate {
        var layer: Layer?
        var events: [String] = []
        func animationDidStop(_ animation: AnyAnimation, finished: Bool) {
            events.append("stop(\(finished))")
            layer = nil
        }
    }

    @Test func aSublayerHeldByItsAnimationIsDetachedAndStoppedWhenItsRootGoes() {
        let delegate = HoldingDelegate()
        weak var child: Layer?
        weak var context: LayerContext?
        do {
            let (rootContext, root) = makeRoot()
            let sub = Layer()
            try? root.addSublayer(sub)
            var a = referenceAnimation(beginTime: 0)
            a.delegate = delegate
            sub.add(a, forKey: "move")
            delegate.layer = sub
            rootContext.advance(to: 0.5)
            child = sub
            context = rootContext
            #expect(delegate.events.isEmpty)
        }
        #expect(delegate.events == ["stop(false)"])
        #expect(child == nil)
        #expect(context == nil)
    }

    @Test func aSublayerKeptByTheCallerLeavesTheContextButKeepsItsModel() {
        let sub = Layer()
        weak var context: LayerContext?
        do {
            let (rootContext, root) = makeRoot()
            try? root.addSublayer(sub)
            sub.opacity = 0.5
            sub.add(referenceAnimation(beginTime: 0), forKey: "move")
            rootContext.advance(to: 0.5)
            context = rootContext
        }
        #expect(context == nil)
        #expect(sub.layerContext == nil && sub.superlayer == nil)
        #expect(sub.animationKeys().isEmpty)
        #expect(sub.opacity == 0.5)
    }
}
