import KinemaGeometry
import KinemaLayers

extension FrameComposer {
    /// Adds to `region` every target pixel where drawing `new` in `plane` can give another
    /// colour than drawing `old` there, both under a superlayer opacity of `alpha`, in a target
    /// of `size` pixels. It mirrors ``draw(_:in:into:alpha:)``.
    ///
    /// The two trees are walked together. Where a node draws itself alike in both (the same
    /// kind, state, placement, mask and transition, as many sublayers), only its sublayers can
    /// differ, and they are compared in turn; otherwise everything the node draws in either tree
    /// is damaged: its subtree's reach in the old tree and in the new. A node's subtree is
    /// damaged whole, too, when its pixels depend on all of it: a shadow cast by its content and
    /// sublayers, a transition in progress, or an offscreen group whose rectangle changes (the
    /// group's pixel grid moves).
    func addDamage(
        from old: RenderNode, to new: RenderNode, in plane: Plane, alpha: Double, within size: (width: Int, height: Int),
        to region: inout DamageRegion
    ) {
        if old.isInvisible && new.isInvisible { return }
        guard old.drawsItselfLike(new), FrameComposer.hasVisibleSublayers(old) == FrameComposer.hasVisibleSublayers(new) else {
            addWholeDamage(of: [old, new], in: plane, within: size, to: &region)
            return
        }
        let s = new.state
        // A shadow cast by the subtree, or a transition that moves or fades the whole subtree.
        let dependsOnWholeSubtree = (FrameComposer.hasShadow(s) && s.shadowPath == nil) || new.transition != nil
        if dependsOnWholeSubtree, !old.looksLike(new) {
            addWholeDamage(of: [old, new], in: plane, within: size, to: &region)
            return
        }
        let full = new.transformToSuperlayer.concatenating(plane.space)
        if new.kind == .transform {
            let childPlane = Plane(space: full, toTarget: plane.toTarget)
            for (a, b) in zip(old.sublayers, new.sublayers) {
                addDamage(from: a, to: b, in: childPlane, alpha: alpha * s.opacity, within: size, to: &region)
            }
            return
        }
        let h = Homography(flattening: full).concatenating(plane.toTarget)
        // Not drawn in either tree (the same map): nothing to damage.
        guard h.isFinite, alpha > 0 else { return }
        let opacity = s.opacity * alpha
        let grouped = FrameComposer.needsGroup(new, opacity: opacity)
        if grouped, subtreeRect(old, transform: h, includeShadow: true) != subtreeRect(new, transform: h, includeShadow: true) {
            addWholeDamage(of: [old, new], in: plane, within: size, to: &region)
            return
        }
        let childPlane = Plane(space: .identity, toTarget: FrameComposer.sublayerMap(s).concatenating(h))
        for (a, b) in zip(old.sublayers, new.sublayers) {
            addDamage(from: a, to: b, in: childPlane, alpha: grouped ? 1 : opacity, within: size, to: &region)
        }
    }

    /// Adds the target pixels every node of `nodes` (a subtree drawn in `plane`) may touch.
    func addWholeDamage(of nodes: [RenderNode], in plane: Plane, within size: (width: Int, height: Int), to region: inout DamageRegion) {
        let frame = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        for node in nodes {
            guard let r = rect(of: node, in: plane, reach: FrameComposer.storeReach) else { continue }
            region.add(PixelRect.enclosing(r).grown(by: FrameComposer.pixelReach).intersection(frame))
        }
    }
}
