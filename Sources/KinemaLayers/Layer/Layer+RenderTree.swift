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
            let a = Layer.anchor(of: state)
            var m = Transform3D.makeTranslation(-a.x, -a.y, -a.z)
                .concatenating(state.transform)
                .concatenating(.makeTranslation(state.position.x, state.position.y, state.zPosition))
            if let ps = parentState, !ps.sublayerTransform.isIdentity {
                let pa = Layer.anchor(of: ps)
                m = m.concatenating(.makeTranslation(-pa.x, -pa.y, -pa.z)).concatenating(ps.sublayerTransform)
                    .concatenating(.makeTranslation(pa.x, pa.y, pa.z))
            }
            let sorted = subs.enumerated().sorted {
                let za = (before[ObjectIdentifier($0.element)]?.state ?? $0.element.model).zPosition
                let zb = (before[ObjectIdentifier($1.element)]?.state ?? $1.element.model).zPosition
                return za != zb ? za < zb : $0.offset < $1.offset
            }.map(\.element)
            return RenderNode(
                name: layer.name, kind: layer.kind, state: state, localTime: 0, transformToSuperlayer: m,
                sublayers: sorted.map { node($0, parentState: state) },
                mask: layer.mask.map { node($0, parentState: nil) }, transition: nil)
        }
        var root = node(self, parentState: superlayer?.model)
        root.transformToSuperlayer = matrixToSuperlayer(.model)
        return root
    }
}
