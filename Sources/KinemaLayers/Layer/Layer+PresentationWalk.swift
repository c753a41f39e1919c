import KinemaGeometry

/// A layer met by ``Layer/walkPresentation(at:_:)``, with what a frame at that time shows of it.
package struct PresentedLayer {
    package let layer: Layer
    /// The presentation: what ``Layer/presentation(at:)`` gives at the walk's time.
    package let state: LayerState
    /// The local time: what ``Layer/localTime(atMediaTime:)`` gives at the walk's time.
    package let localTime: Double
    /// The bounds' corners in the root's coordinates: what ``Layer/quadInRoot(using:)`` gives
    /// with the presentation at the walk's time.
    package let quadInRoot: [Point]
    /// The layer this one is a sublayer of, or `nil` (the root, a mask).
    package let superlayer: Layer?
    /// The layer this one masks, or `nil`.
    package let maskOwner: Layer?
}

extension Layer {
    /// Visits this layer (the root of its tree) and every layer under it, depth first, each
    /// before its mask and the mask before its sublayers, sublayers in drawing order at `t`;
    /// each with its presentation, local time and quad in the root, as
    /// ``presentation(at:)``, ``localTime(atMediaTime:)`` and ``quadInRoot(using:)`` give them.
    ///
    /// Those walk up to the root for every layer (and the quad reads every ancestor's
    /// presentation, which walks up again), so describing a tree through them costs the square
    /// of its depth per layer: here each layer's values come from its superlayer's, once per
    /// layer. Walks with a stack of its own, not recursion.
    package func walkPresentation(at t: Double, _ visit: (PresentedLayer) -> Void) {
        /// A layer to visit: its values, and its map to the root kept as the 3D map up to the
        /// first ancestor that flattens (`chain`) and that ancestor's map to the root (`above`),
        /// as ``homography(toAncestor:_:)`` composes them.
        struct Step {
            var layer: Layer
            var state: LayerState
            var localTime: Double
            var chain: Transform3D?
            var above: Homography
            var superlayer: Layer?
            var maskOwner: Layer?
        }
        let local = localTime(atMediaTime: t)
        var stack = [Step(layer: self, state: presentation(localTime: local), localTime: local, chain: nil, above: .identity)]
        while let step = stack.popLast() {
            let toRoot = step.chain.map { Homography(flattening: $0).concatenating(step.above) } ?? step.above
            let quad = Layer.corners(of: step.state.bounds).map { toRoot.apply($0) ?? Point(x: .nan, y: .nan) }
            let layer = step.layer
            visit(
                PresentedLayer(
                    layer: layer, state: step.state, localTime: step.localTime, quadInRoot: quad, superlayer: step.superlayer,
                    maskOwner: step.maskOwner))
            // A sublayer's map: its own to this layer, then this layer's chain when this layer
            // keeps its sublayers in 3D (a transform layer other than the root), else this
            // layer's whole map to the root.
            let keeps3D = layer is TransformLayer && step.chain != nil
            var children: [(depth: Double, order: Int, step: Step)] = []
            for (order, sublayer) in layer.sublayers.enumerated() {
                let time = sublayer.localTime(fromParentTime: step.localTime)
                let state = sublayer.presentation(localTime: time)
                let m = Layer.matrixToSuperlayer(state: state, superlayerState: step.state)
                let next =
                    keeps3D
                    ? Step(layer: sublayer, state: state, localTime: time, chain: m.concatenating(step.chain!), above: step.above)
                    : Step(layer: sublayer, state: state, localTime: time, chain: m, above: toRoot)
                var child = next
                child.superlayer = layer
                children.append((Layer.depth(state: state, transformToSuperlayer: m), order, child))
            }
            children.sort { $0.depth != $1.depth ? $0.depth < $1.depth : $0.order < $1.order }
            stack += children.reversed().map(\.step)
            if let mask = layer.mask {
                // A mask maps to its own superlayer-less plane, as quadInRoot reads it.
                let time = mask.localTime(fromParentTime: step.localTime)
                let state = mask.presentation(localTime: time)
                let m = Layer.matrixToSuperlayer(state: state, superlayerState: nil)
                stack.append(Step(layer: mask, state: state, localTime: time, chain: m, above: .identity, maskOwner: layer))
            }
        }
    }
}
