import KinemaGeometry
import KinemaTiming

extension Layer {
    /// A value snapshot of this layer's subtree at media time `t` (seconds), for the renderer.
    ///
    /// Each layer's presentation is evaluated once, and local times are passed down the tree,
    /// so building a snapshot costs one presentation per layer.
    ///
    /// Layers marked by ``setNeedsDisplay()`` display first, as at a transaction commit.
    public func renderTree(at t: Double) -> RenderNode {
        let parent = superlayer ?? maskOwner
        return renderNode(
            parentLocalTime: parent?.localTime(atMediaTime: t) ?? t,
            superlayerState: superlayer?.presentation(at: t))
    }

    private func renderNode(parentLocalTime: Double, superlayerState: LayerState?) -> RenderNode {
        displayIfNeeded()
        let local = localTime(fromParentTime: parentLocalTime)
        let state = presentation(localTime: local)
        return makeNode(
            state: state, localTime: local, superlayerState: superlayerState,
            sublayers: sublayerNodes(parentLocalTime: local, superlayerState: state),
            mask: mask?.renderNode(parentLocalTime: local, superlayerState: nil),
            transition: activeTransition(atLocalTime: local))
    }

    /// The sublayers' nodes, in order. While one sublayer's node is built, the next sublayer's
    /// program and the one after's fields are loaded ahead (with thousands of sublayers, a node
    /// otherwise waits on memory twice: for the layer, then for its model and program).
    /// Each node is built where it is stored (a node is about 500 bytes; appending a finished one
    /// copied it).
    private func sublayerNodes(parentLocalTime local: Double, superlayerState state: LayerState) -> [RenderNode] {
        sublayers.withUnsafeBufferPointer { layers in
            [RenderNode](unsafeUninitializedCapacity: layers.count) { nodes, count in
                for i in layers.indices {
                    if i + 2 < layers.count { Unmanaged.passUnretained(layers[i + 2])._withUnsafeGuaranteedRef { $0.prefetchFields() } }
                    if i + 1 < layers.count { Unmanaged.passUnretained(layers[i + 1])._withUnsafeGuaranteedRef { $0.prefetchProgram() } }
                    (nodes.baseAddress! + i).initialize(to: layers[i].renderNode(parentLocalTime: local, superlayerState: state))
                    count = i + 1
                }
            }
        }
    }

    /// The node for this layer from values the caller resolved; sublayers are put in drawing
    /// order (stable by ``RenderNode/depthInSuperlayer``).
    ///
    /// The mask and the transition are taken, not borrowed: they move into the node, so that the
    /// caller has nothing left to destroy (which it did through their types' metadata, for
    /// every node).
    private func makeNode(
        state: LayerState, localTime: Double, superlayerState: LayerState?, sublayers: [RenderNode],
        mask: consuming RenderNode?, transition: consuming RenderTransition?
    ) -> RenderNode {
        // Each depth computed once; sublayers already in order (the usual case: all at one
        // depth) are kept as they are, which is what the stable sort would give.
        let depths = sublayers.map(\.depthInSuperlayer)
        let ordered =
            zip(depths, depths.dropFirst()).allSatisfy { $0 <= $1 }
            ? sublayers
            : depths.indices.sorted { depths[$0] != depths[$1] ? depths[$0] < depths[$1] : $0 < $1 }.map { sublayers[$0] }
        var node = RenderNode(
            name: name, kind: kind, state: state, localTime: localTime,
            transformToSuperlayer: Layer.matrixToSuperlayer(state: state, superlayerState: superlayerState),
            sublayers: ordered, mask: mask, transition: transition, compositingFilter: compositingFilter)
        node.maskMode = maskMode
        return node
    }

    /// The transition showing at local time `local`, with its progress and old image.
    private func activeTransition(atLocalTime local: Double) -> RenderTransition? {
        guard hasTransition, let entry = entries.last(where: { $0.key == Layer.transitionKey }), entry.isBeginResolved,
            case .transition(let tr) = entry.animation, let old = entry.transitionOld
        else { return nil }
        let r = tr.timing.resolve(parentTime: local)
        guard tr.timing.contributes(in: r.phase, isRemovedOnCompletion: tr.isRemovedOnCompletion) else { return nil }
        let f = r.fraction(duration: tr.timing.duration)
        return RenderTransition(
            type: tr.type, subtype: tr.subtype, progress: tr.progress(easedFraction: tr.timingFunction?.evaluate(f) ?? f), old: old)
    }

    /// The subtree's model as it was before the open transaction changed it (for transitions).
    func snapshotBeforeTransaction() -> RenderNode {
        let before = context?.transaction.before ?? [:]
        func node(_ layer: Layer, superlayerState: LayerState?) -> RenderNode {
            let record = before[ObjectIdentifier(layer)]
            let state = record?.state ?? layer.model
            return layer.makeNode(
                state: state, localTime: 0, superlayerState: superlayerState,
                sublayers: (record?.sublayers ?? layer.sublayers).map { node($0, superlayerState: state) },
                mask: layer.mask.map { node($0, superlayerState: nil) }, transition: nil)
        }
        return node(self, superlayerState: superlayer.map { before[ObjectIdentifier($0)]?.state ?? $0.model })
    }
}
