import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaLayers

/// How many standard deviations of Gaussian blur one point of `shadowRadius` gives. Apple does
/// not document the mapping; σ = shadowRadius matches the common reading of design-tool exports
/// (CSS blur = 2 × shadowRadius, σ = blur / 2). Kept in one place to calibrate.
let shadowSigmaPerRadius = 1.0

/// The plane a layer's sublayers are drawn in: the 4×4 accumulated since the last flattening
/// (identity, except under a `TransformLayer`) and the map from that plane to target pixels.
struct Plane {
    var space: Transform3D
    var toTarget: Homography
}

/// Draws one frame: walks a render tree and composites each layer's cached content with its
/// transform, in Core Animation's order (shadow, background and contents, sublayers, border),
/// with offscreen groups where opacity, clipping, masks or transitions need them.
struct FrameComposer {
    let cache: ContentCache
    let images: ImageStore
    /// Pixels per point of the frame.
    let scale: Double
    /// The only pixels of the bitmap drawn into that may change, or `nil` for all of them. A
    /// clipped draw gives exactly the pixels an unclipped one gives inside the clip: every
    /// position, offscreen group and cached store is computed as without it, and only the
    /// writes are cut.
    var clip: PixelRect? = nil
    /// The frame other threads are drawing other parts of at the same time, with this thread's
    /// scratch bitmap of the same size (see ``drawDirectly(_:piece:extent:transform:into:)``);
    /// `nil` when one thread draws the frame.
    var shared: (frame: Bitmap, scratch: Bitmap)? = nil
    /// Where offscreen group surfaces come from and go back to between live frames; `nil`: each
    /// is made for its group.
    var surfaces: SurfacePool? = nil
    /// Target pixels that the caller draws over later with opaque pixels, which nothing this
    /// composer draws can show through (see ``visibleParts(of:)``).
    var occluders: [PixelRect] = []
    /// Whether opaque covers are looked for at all (tests turn it off to compare frames).
    var cullsOccludedPixels = true

    // MARK: Traversal

    /// Draws `node` (and its subtree) whose superlayer's plane is `plane`.
    func draw(_ node: RenderNode, in plane: Plane, into target: Bitmap, alpha: Double) throws(RenderError) {
        let s = node.state
        guard !s.isHidden, s.opacity > 0, alpha > 0 else { return }
        let full = node.transformToSuperlayer.concatenating(plane.space)
        if node.kind == .transform {
            // A transform layer draws nothing itself and does not flatten: its sublayers share
            // its superlayer's 3D space, sorted by depth there, each with its opacity applied.
            let childPlane = Plane(space: full, toTarget: plane.toTarget)
            for child in FrameComposer.depthSorted(node.sublayers, in: full) {
                try draw(child, in: childPlane, into: target, alpha: alpha * s.opacity)
            }
            return
        }
        let h = Homography(flattening: full).concatenating(plane.toTarget)
        guard h.isFinite else { return }
        do {
            try drawNode(node, transform: h, into: target, alpha: alpha)
        } catch .graphics(.overBudget(let width, let height, let limit)) {
            // The innermost layer whose drawing needed the surface is the one named.
            throw .overMemoryBudget(layer: node.name, width: width, height: height, budget: limit)
        } catch {
            throw error
        }
    }

    /// Draws a (non-transform) layer whose bounds map to target pixels by `h`, deciding whether
    /// it needs an offscreen group.
    func drawNode(_ node: RenderNode, transform h: Homography, into target: Bitmap, alpha: Double) throws(RenderError) {
        let s = node.state
        guard !s.isHidden, s.opacity > 0, alpha > 0 else { return }
        if !s.isDoubleSided, FrameComposer.facesAway(h, bounds: s.bounds) { return }
        let opacity = s.opacity * alpha
        guard FrameComposer.needsGroup(node, opacity: opacity) else {
            try drawLayer(node, transform: h, into: target, opacity: opacity, shadow: true)
            return
        }
        let size = (width: target.width, height: target.height)
        if let r = scissor(node, transform: h, opacity: opacity, within: size) {
            try composer(clippedTo: r, within: size)?.drawLayer(node, transform: h, into: target, opacity: opacity, shadow: true)
            return
        }
        guard let r = groupRect(node, transform: h, within: size) else { return }
        // Where the group's pixels are certainly opaque and its own (its opaque cover), it is
        // drawn in place (``drawInPlace(_:transform:group:into:)``), and the group is made
        // only for the pixels around.
        var rest = self
        if cullsOccludedPixels, let cover = opaqueCover(of: node, transform: h, opacity: alpha) {
            let inside = (clip.map { r.intersection($0) } ?? r).intersection(cover)
            if !inside.isEmpty {
                var direct = self
                direct.clip = inside
                try direct.drawInPlace(node, transform: h, group: r, into: target)
                rest.occluders.insert(inside, at: 0)
            }
        }
        guard !rest.occluders.isEmpty else {
            try drawGroup(node, transform: h, rect: r, into: target, opacity: opacity)
            return
        }
        // Only the parts of the group left visible are drawn and composited.
        let parts = rest.visibleParts(of: r)
        guard let first = parts.first else { return }
        rest.clip = parts.dropFirst().reduce(first) { $0.union($1) }
        try rest.drawGroup(node, transform: h, rect: r, into: target, opacity: opacity, parts: parts)
    }

    /// Draws `node` through an offscreen group covering the target pixels `r`, composited in
    /// `parts` of the target (default: all of it inside the clip).
    func drawGroup(
        _ node: RenderNode, transform h: Homography, rect r: PixelRect, into target: Bitmap, opacity: Double, parts: [PixelRect]? = nil
    ) throws(RenderError) {
        let s = node.state
        guard var inner = composer(inside: r) else { return }
        inner.occluders = occluders(inGroupAt: r)
        // Only the pixels inside the clip are drawn and read.
        let used = inner.clip ?? PixelRect(x: 0, y: 0, width: r.width, height: r.height)
        var lent: [Bitmap] = []
        defer { lent.forEach { surfaces?.give($0) } }
        func surface() throws(RenderError) -> Bitmap {
            guard let surfaces else { return try FrameComposer.bitmap(r) }
            let b = try surfaces.take(width: r.width, height: r.height, used: used) { (w, h) throws(RenderError) in
                try FrameComposer.bitmap(PixelRect(x: 0, y: 0, width: w, height: h))
            }
            lent.append(b)
            return b
        }
        let offscreen = try surface()
        let local = h.concatenating(Homography(translationX: Double(-r.x), y: Double(-r.y)))
        if let transition = node.transition {
            try inner.drawTransition(node, transition, transform: local, into: offscreen)
        } else {
            try inner.drawLayer(node, transform: local, into: offscreen, opacity: 1, shadow: true)
        }
        var mask: Bitmap?
        if FrameComposer.clipsAsGroup(node) {
            mask = try surface()
            if let mask {
                fillShape(
                    ContentPainter.roundedRect(s.bounds.standardized, radius: s.cornerRadius, corners: s.maskedCorners), transform: local,
                    into: mask)
            }
        }
        if let maskNode = node.mask {
            let m = try surface()
            try inner.draw(maskNode, in: Plane(space: .identity, toTarget: local), into: m, alpha: 1)
            if node.maskMode != .alpha { FrameComposer.convertMask(m, to: node.maskMode, within: used) }
            if let existing = mask { FrameComposer.multiplyAlpha(existing, by: m) } else { mask = m }
        }
        // A surface from the pool may be larger than the group: only the group's pixels go.
        let groupClip = (clip ?? r).intersection(r)
        for part in parts ?? [groupClip] {
            Compositor.compositeGroup(
                offscreen, at: (r.x, r.y), opacity: opacity, mask: mask, into: target, clip: part.intersection(groupClip),
                blendMode: node.compositingFilter ?? .normal)
        }
    }

    /// Draws a layer's shadow, own content, sublayers and border, without deciding on a group.
    func drawLayer(_ node: RenderNode, transform h: Homography, into target: Bitmap, opacity: Double, shadow: Bool) throws(RenderError) {
        let s = node.state
        if shadow { try drawShadow(node, transform: h, into: target, opacity: opacity) }
        guard FrameComposer.hasVisibleSublayers(node) else {
            try drawContent(s, piece: .whole, transform: h, into: target, opacity: opacity)
            return
        }
        let childPlane = Plane(space: .identity, toTarget: FrameComposer.sublayerMap(s).concatenating(h))
        // Each sublayer's opaque cover hides what is drawn before it: the layer's own content
        // and the sublayers before it. At most ``maximumOccluders`` covers are passed on (the
        // largest to the layer's own content, the nearest later ones to each sublayer), so that
        // a layer with many sublayers costs a number of them each, not all of them.
        let covers = cullsOccludedPixels && looksForCovers(in: target) ? sublayerCovers(node, transform: h, opacity: opacity) : []
        let later = covers.enumerated().compactMap { i, cover in cover.map { (index: i, rect: $0) } }
        var below = self
        below.occluders += later.map(\.rect).sorted { $0.area > $1.area }.prefix(FrameComposer.maximumOccluders)
        try below.drawContent(s, piece: .below, transform: h, into: target, opacity: opacity)
        var next = 0
        for (i, child) in node.sublayers.enumerated() {
            while next < later.count, later[next].index <= i { next += 1 }
            guard next < later.count else {
                try draw(child, in: childPlane, into: target, alpha: opacity)
                continue
            }
            var composer = self
            composer.occluders += later[next..<min(next + FrameComposer.maximumOccluders, later.count)].map(\.rect)
            try composer.draw(child, in: childPlane, into: target, alpha: opacity)
        }
        try drawContent(s, piece: .border, transform: h, into: target, opacity: opacity)
    }

    // MARK: Content

    /// Composites (or draws directly) one piece of a layer's own content.
    func drawContent(
        _ s: LayerState, piece: ContentPiece, transform h: Homography, into target: Bitmap, opacity: Double
    ) throws(RenderError) {
        guard ContentPainter.hasContent(s, piece: piece) else { return }
        var e = ContentPainter.extent(of: s, piece: piece, images: images)
        guard e.width > 0, e.height > 0, e.isFinite, mayTouchClip(e, transform: h) else { return }
        // Only the parts that later draws leave visible, each drawn as a clipped draw.
        let parts = visibleParts(ofContent: e, transform: h)
        if let parts, parts.isEmpty { return }
        func eachPart(_ draw: (FrameComposer) throws(RenderError) -> Void) throws(RenderError) {
            guard let parts else { return try draw(self) }
            for part in parts {
                var c = self
                c.occluders = []
                c.clip = part
                try draw(c)
            }
        }
        // Vector content under a rotation or skew is drawn straight into the frame: sharper than
        // resampling a backing store, and for the few paths of a layer cheaper than sampling.
        // Text and a view's drawing are not: laying out and rasterising them again every frame
        // of a turning label costs more than the frame, and Core Animation resamples them too.
        if opacity >= 1, case .affine = TransformClass(h), h.m.8 != 0, !FrameComposer.keepsStoreWhenTurned(s, piece: piece) {
            try eachPart { c throws(RenderError) in try c.drawDirectly(s, piece: piece, extent: e, transform: h, into: target) }
            return
        }
        let rs = rasterScale(for: e)
        // A shape layer's path under a scale is mapped into the frame before it is rasterised,
        // as Apple documents for CAShapeLayer ("whenever possible it will be mapped into screen
        // space before being rasterized to preserve resolution independence"), rather than
        // resampled from a backing store at another scale.
        if opacity >= 1, case .scaleTranslation = TransformClass(h),
            FrameComposer.isScaledShape(s, piece: piece, transform: h, rasterScale: rs)
        {
            try eachPart { c throws(RenderError) in try c.drawDirectly(s, piece: piece, extent: e, transform: h, into: target) }
            return
        }
        // A shape layer's store starts and ends on whole target pixels, so that it is copied onto
        // them rather than resampled half a pixel off: its edges stay where the path puts them,
        // as when Core Animation maps a shape into screen space.
        if case .shape = s.kind, piece != .border { e = FrameComposer.pixelAligned(e, transform: h, rasterScale: rs) }
        let key = CacheKey.content(s.contentIdentity(for: piece), piece, extent: e, scale: rs)
        let hc = Homography(scaleX: 1 / rs, y: 1 / rs).concatenating(Homography(translationX: e.minX, y: e.minY)).concatenating(h)
        let (store, _) = try cache.store(for: key) { () throws(RenderError) in
            let store = try BackingStore(
                contentWidth: max(Int((e.width * rs).rounded(.up)), 1), contentHeight: max(Int((e.height * rs).rounded(.up)), 1))
            let ctx = GraphicsContext(bitmap: store.bitmap)
            ctx.translateBy(x: Double(store.margin), y: Double(store.margin))
            ctx.scaleBy(x: rs, y: rs)
            ctx.translateBy(x: -e.minX, y: -e.minY)
            try ContentPainter.paint(s, piece: piece, into: ctx, images: images)
            ctx.flush()
            return (store, 0)
        }
        try eachPart { c throws(RenderError) in
            Compositor.composite(store, transform: hc, opacity: opacity, into: target, clip: c.clip)
        }
    }

    /// Whether `piece` of `s` is a shape layer's content that `h` scales away from the backing
    /// store's `rasterScale` (so that compositing the store would resample it).
    static func isScaledShape(_ s: LayerState, piece: ContentPiece, transform h: Homography, rasterScale rs: Double) -> Bool {
        guard piece != .border, case .shape = s.kind, h.m.8 > 0 else { return false }
        let sx = abs(h.m.0 / h.m.8), sy = abs(h.m.4 / h.m.8)
        return abs(sx - rs) > 1e-9 * rs || abs(sy - rs) > 1e-9 * rs
    }

    /// `e` grown to the nearest whole target pixels when `h` maps the layer by the store's
    /// scale and a translation (otherwise `e`).
    static func pixelAligned(_ e: Rect, transform h: Homography, rasterScale rs: Double) -> Rect {
        switch TransformClass(h) {
        case .scaleTranslation, .integerTranslation: break
        default: return e
        }
        guard h.m.8 > 0 else { return e }
        let sx = h.m.0 / h.m.8, sy = h.m.4 / h.m.8, tx = h.m.6 / h.m.8, ty = h.m.7 / h.m.8
        guard abs(sx - rs) <= 1e-9 * rs, abs(sy - rs) <= 1e-9 * rs else { return e }
        let x0 = ((e.minX * sx + tx).rounded(.down) - tx) / sx, x1 = ((e.maxX * sx + tx).rounded(.up) - tx) / sx
        let y0 = ((e.minY * sy + ty).rounded(.down) - ty) / sy, y1 = ((e.maxY * sy + ty).rounded(.up) - ty) / sy
        let aligned = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        return aligned.isFinite && aligned.width > 0 && aligned.height > 0 ? aligned : e
    }

    /// Whether a piece of content is resampled from its backing store under a rotation or skew
    /// rather than drawn again: text (a text layer, or a drawing, which is how views and labels
    /// draw), whose glyphs would be laid out and rasterised anew at every angle.
    static func keepsStoreWhenTurned(_ s: LayerState, piece: ContentPiece) -> Bool {
        guard piece != .border else { return false }
        if s.drawing != nil { return true }
        if case .text = s.kind { return true }
        return false
    }

    /// Pixels per point for a backing store covering `extent`: the frame's scale, lowered only
    /// when the store would be larger than 8192 pixels on a side.
    func rasterScale(for extent: Rect) -> Double {
        let side = max(extent.width, extent.height)
        return side * scale > 8192 ? 8192 / side : scale
    }

    // MARK: Transitions

    /// Draws a layer with a transition in progress: its old and new images, moved or faded as
    /// the transition's type and subtype say (`CATransition`'s fade, moveIn, push and reveal; the
    /// offsets are in docs/animation-notes.md).
    func drawTransition(_ node: RenderNode, _ t: RenderTransition, transform h: Homography, into target: Bitmap) throws(RenderError) {
        // Both images are drawn whole, at the layer's current geometry, then moved or faded.
        var oldState = t.old.state
        oldState.opacity = 1
        oldState.isHidden = false
        let old = RenderNode(
            name: t.old.name, kind: t.old.kind, state: oldState, localTime: t.old.localTime,
            transformToSuperlayer: t.old.transformToSuperlayer,
            sublayers: t.old.sublayers, mask: nil, transition: nil)
        var newState = node.state
        newState.opacity = 1
        let newNode = RenderNode(
            name: node.name, kind: node.kind, state: newState, localTime: node.localTime, transformToSuperlayer: node.transformToSuperlayer,
            sublayers: node.sublayers, mask: nil, transition: nil)
        let q = min(max(t.progress, 0), 1)
        let b = node.state.bounds
        let u = t.subtype?.direction ?? (dx: -1, dy: 0)
        func moved(_ k: Double) -> Homography {
            Homography(translationX: u.dx * k * b.width, y: u.dy * k * b.height).concatenating(h)
        }
        switch t.type {
        case .fade:
            let oldImage = try FrameComposer.bitmap(PixelRect(x: 0, y: 0, width: target.width, height: target.height))
            try drawNode(old, transform: h, into: oldImage, alpha: 1)
            try drawNode(newNode, transform: h, into: target, alpha: 1)
            FrameComposer.crossDissolve(from: oldImage, into: target, progress: q, in: clip)
        case .moveIn:
            try drawNode(old, transform: h, into: target, alpha: 1)
            try drawNode(newNode, transform: moved(-(1 - q)), into: target, alpha: 1)
        case .push:
            try drawNode(old, transform: moved(q), into: target, alpha: 1)
            try drawNode(newNode, transform: moved(-(1 - q)), into: target, alpha: 1)
        case .reveal:
            try drawNode(newNode, transform: h, into: target, alpha: 1)
            try drawNode(old, transform: moved(q), into: target, alpha: 1)
        }
    }
}
