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
    /// is damaged: its subtree's reach in the old tree and in the new (but for a shape layer
    /// whose path changed in some subpaths only: around those, ``changedPathBoxes(from:to:)``).
    /// A shadow cast by a node's content and sublayers is damaged where its parts changed
    /// (``changedShadowParts(from:to:)``; the shadows the comparison needs are made here,
    /// through the cache the frame then draws with). A node's subtree is damaged whole, too,
    /// when its pixels depend on all of it: a transition in progress, or an offscreen group whose
    /// rectangle changes (the group's pixel grid moves).
    func addDamage(
        from old: RenderNode, to new: RenderNode, in plane: Plane, alpha: Double, within size: (width: Int, height: Int),
        to region: inout DamageRegion
    ) throws(RenderError) {
        if old.isInvisible && new.isInvisible { return }
        guard let pathBoxes = try ownChange(from: old, to: new) else {
            addWholeDamage(of: [old, new], in: plane, within: size, to: &region)
            return
        }
        let s = new.state
        let full = new.transformToSuperlayer.concatenating(plane.space)
        if new.kind == .transform {
            let childPlane = Plane(space: full, toTarget: plane.toTarget)
            for (a, b) in zip(old.sublayers, new.sublayers) {
                try addDamage(from: a, to: b, in: childPlane, alpha: alpha * s.opacity, within: size, to: &region)
            }
            return
        }
        let h = Homography(flattening: full).concatenating(plane.toTarget)
        // Not drawn in either tree (the same map): nothing to damage.
        guard h.isFinite, alpha > 0 else { return }
        let opacity = s.opacity * alpha
        let grouped = FrameComposer.needsGroup(new, opacity: opacity)
        let regrouped = grouped != FrameComposer.needsGroup(old, opacity: opacity)
        if regrouped
            || grouped && subtreeRect(old, transform: h, includeShadow: true) != subtreeRect(new, transform: h, includeShadow: true)
        {
            addWholeDamage(of: [old, new], in: plane, within: size, to: &region)
            return
        }
        let frame = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        let rs = rasterScale(for: ContentPainter.extent(of: s, piece: .below, images: images))
        for box in pathBoxes {
            guard let r = reach(of: box, transform: h, storeScale: rs) else {
                addWholeDamage(of: [old, new], in: plane, within: size, to: &region)
                return
            }
            region.add(r.intersection(frame))
        }
        let childPlane = Plane(space: .identity, toTarget: FrameComposer.sublayerMap(s).concatenating(h))
        for (a, b) in zip(old.sublayers, new.sublayers) {
            try addDamage(from: a, to: b, in: childPlane, alpha: grouped ? 1 : opacity, within: size, to: &region)
        }
    }

    /// How a node's own drawing changed, apart from its sublayers' subtrees (whose changes are
    /// compared on their own): `[]` when it draws itself alike, else the boxes (bounds
    /// coordinates) around the changed subpaths of a shape layer's path and around the changed
    /// parts of a shadow cast by the subtree; `nil` when the whole subtree has to be redrawn.
    ///
    /// A sublayer appearing or disappearing changes how the layer draws its own content (in one
    /// piece, or below and above the sublayers) only when it has a border; and it may change the
    /// offscreen group, which the caller checks.
    func ownChange(from old: RenderNode, to new: RenderNode) throws(RenderError) -> [Rect]? {
        guard let pathBoxes = old.drawsItselfLike(new) ? [] : changedPathBoxes(from: old, to: new) else { return nil }
        if FrameComposer.hasVisibleSublayers(old) != FrameComposer.hasVisibleSublayers(new),
            ContentPainter.hasBorder(old.state) || ContentPainter.hasBorder(new.state)
        {
            return nil
        }
        // A transition moves or fades the whole subtree; a shadow cast by the subtree changes
        // with it where its parts do (not where a part's alpha stays the same: a sublayer moving
        // over an opaque part of the layer).
        if new.transition != nil || FrameComposer.castsSubtreeShadow(new.state), !old.looksLike(new) {
            guard new.transition == nil else { return nil }
            return pathBoxes + (try changedShadowParts(from: old, to: new))
        }
        return pathBoxes
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
