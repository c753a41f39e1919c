import KinemaGeometry
import KinemaTiming

extension Layer {
    /// A value snapshot of this layer's subtree at media time `t` (seconds), for the renderer.
    public func renderTree(at t: Double) -> RenderNode {
        renderNode(source: .presentation(at: t), mediaTime: t)
    }

    func renderNode(source: GeometrySource, mediaTime: Double) -> RenderNode {
        let local = localTime(atMediaTime: mediaTime)
        let state: LayerState
        switch source {
        case .model: state = model
        case .presentation: state = presentation(localTime: local)
        }
        var transition: RenderTransition?
        if let entry = entries.last(where: { $0.key == Layer.transitionKey }), entry.isBeginResolved,
            case .transition(let tr) = entry.animation, let old = entry.transitionOld
        {
            let r = tr.timing.resolve(parentTime: local)
            if tr.timing.contributes(in: r.phase, isRemovedOnCompletion: tr.isRemovedOnCompletion) {
                let f = r.fraction(duration: tr.timing.duration)
                let q = tr.progress(easedFraction: tr.timingFunction?.evaluate(f) ?? f)
                transition = RenderTransition(type: tr.type, subtype: tr.subtype, progress: q, old: old)
            }
        }
        return RenderNode(
            name: name, kind: kind, state: state, localTime: local,
            transformToSuperlayer: matrixToSuperlayer(source),
            sublayers: Layer.drawingOrder(sublayers, source).map { $0.renderNode(source: source, mediaTime: mediaTime) },
            mask: mask?.renderNode(source: source, mediaTime: mediaTime),
            transition: transition)
    }

    /// The subtree's model as it was before the open transaction changed it (for transitions).
    func snapshotBeforeTransaction() -> RenderNode {
        let before = context?.transaction.before ?? [:]
        func node(_ layer: Layer, parentState: LayerState?) -> RenderNode {
            let record = before[ObjectIdentifier(layer)]
            let state = record?.state ?? layer.model
            let subs = record?.sublayers ?? layer.sublayers
            let m = Layer.matrixToSuperlayer(state: state, superlayerState: parentState)
            let children = subs.map { node($0, parentState: state) }
            let sorted = children.enumerated().sorted {
                let za = $0.element.depthInSuperlayer, zb = $1.element.depthInSuperlayer
                return za != zb ? za < zb : $0.offset < $1.offset
            }.map(\.element)
            return RenderNode(
                name: layer.name, kind: layer.kind, state: state, localTime: 0, transformToSuperlayer: m,
                sublayers: sorted,
                mask: layer.mask.map { node($0, parentState: nil) }, transition: nil)
        }
        return node(self, parentState: superlayer.map { before[ObjectIdentifier($0)]?.state ?? $0.model })
    }
}
