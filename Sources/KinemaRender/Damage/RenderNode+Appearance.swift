import KinemaLayers

extension RenderNode {
    /// Whether the two subtrees draw the same pixels: equal in everything but names and local
    /// times, which the renderer does not read.
    func looksLike(_ other: RenderNode) -> Bool {
        drawsItselfLike(other) && zip(sublayers, other.sublayers).allSatisfy { $0.looksLike($1) }
    }

    /// Whether the two nodes draw alike apart from their sublayers' subtrees: the same kind,
    /// state, placement, mask and transition, and as many sublayers.
    func drawsItselfLike(_ other: RenderNode) -> Bool {
        guard kind == other.kind, state == other.state, transformToSuperlayer == other.transformToSuperlayer,
            sublayers.count == other.sublayers.count, compositingFilter == other.compositingFilter, maskMode == other.maskMode
        else { return false }
        switch (mask, other.mask) {
        case (nil, nil): break
        case (let a?, let b?): guard a.looksLike(b) else { return false }
        default: return false
        }
        switch (transition, other.transition) {
        case (nil, nil): return true
        case (let a?, let b?):
            return a.type == b.type && a.subtype == b.subtype && a.progress == b.progress && a.old.looksLike(b.old)
        default: return false
        }
    }

    /// Whether the node draws nothing at all (hidden or fully transparent).
    var isInvisible: Bool { state.isHidden || !(state.opacity > 0) }
}
