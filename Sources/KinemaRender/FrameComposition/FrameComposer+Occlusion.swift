import KinemaGeometry
import KinemaGraphics
import KinemaLayers

/// Occlusion: pixels that a later draw covers with opaque pixels are not drawn.
///
/// Compositing a pixel of alpha 255 over anything gives that pixel exactly (source over:
/// `S + D · (255 − 255) / 255 = S`), whatever was below. So where a layer drawn later is known to
/// leave every pixel of a rectangle opaque, with values that depend on its own subtree alone,
/// whatever is drawn before it there cannot show, and is skipped: the frame is the same, bit for
/// bit. (Apple's advice runs the same way: an opaque layer needs no blending with what is below
/// it; WWDC 2014, "Advanced Graphics and Animations for iOS Apps".) A photo shown full screen
/// over a grid of photos (the zoom transition) is the case this is for: without it, the grid, the
/// dimming backdrop and the photo's own black background are each drawn under the photo every
/// frame.
///
/// An offscreen group is drawn in place where its own cover is
/// (``drawInPlace(_:transform:group:into:)``), and made only around it.
///
/// A layer's *opaque cover* (``opaqueCover(of:transform:opacity:depth:)``) is a rectangle of target
/// pixels that it certainly leaves opaque: the interior of an opaque background colour or an
/// opaque image under a map that keeps rectangles axis-aligned (a translation and a positive
/// scale), at full opacity, source-over, moved inward past every pixel that a partly covered
/// edge, the backing store's margin, a mip level or the bilinear filter could make translucent;
/// or a sublayer's cover, cut to a rectangular clip or mask whose interior is itself opaque.
/// Anything else (rounded corners, rotation, group opacity, blend modes, transitions, nine-part
/// stretching) has no cover: it is drawn as before.
///
/// ``FrameComposer/occluders`` holds the covers of everything the composer's caller draws
/// later into the same target; every content piece and offscreen group is drawn only in its
/// parts outside them (``visibleParts(of:)``), each part clipped as any clipped draw is, so the
/// pixels drawn are exactly those an unculled draw gives there.
extension FrameComposer {
    /// The most rectangles a region is cut into around occluders; past this, the rest of the
    /// occluders are not subtracted (the draw covers a little more than it must). 8.
    static let maximumVisibleParts = 8

    /// The most sublayer covers a layer passes on to what it draws before them. 8.
    static let maximumOccluders = 8

    /// How deep ``opaqueCover(of:transform:opacity:depth:)`` looks into sublayers. 4.
    static let coverDepth = 4

    /// Whether sublayers' covers are worth finding when drawing into `target`: not when the
    /// clip is under an eighth of it (a partial redraw of a few small rectangles), where little
    /// can be culled and finding the covers would cost more than it saves.
    func looksForCovers(in target: Bitmap) -> Bool {
        guard let clip else { return true }
        return clip.area * 8 >= target.width * target.height
    }

    /// The parts of `region` (target pixels) inside the clip that no occluder covers: empty when
    /// nothing is left to draw, at most ``maximumVisibleParts`` rectangles.
    func visibleParts(of region: PixelRect) -> [PixelRect] {
        let start = clip.map { region.intersection($0) } ?? region
        guard !start.isEmpty else { return [] }
        var parts = [start]
        for o in occluders {
            var next: [PixelRect] = []
            for p in parts { next += p.subtracting(o) }
            if next.count > FrameComposer.maximumVisibleParts { break }
            parts = next
            if parts.isEmpty { break }
        }
        return parts
    }

    /// The parts of the target that content of extent `e` (bounds coordinates) drawn with `h`
    /// may touch and that no occluder covers: `nil` when the occluders take nothing away (the
    /// content is drawn as without them), empty when nothing is left.
    ///
    /// What the content may touch is its extent with three store pixels around it (the store's
    /// transparent margin and the bilinear reach past it), and one target pixel more.
    func visibleParts(ofContent e: Rect, transform h: Homography) -> [PixelRect]? {
        guard !occluders.isEmpty else { return nil }
        let reach = 3 / rasterScale(for: e)
        guard let outer = FrameComposer.box(e.insetBy(dx: -reach, dy: -reach), h) else { return nil }
        let region = PixelRect.enclosing(outer).grown(by: 1)
        let parts = visibleParts(of: region)
        return parts == [clip.map { region.intersection($0) } ?? region] ? nil : parts
    }

    /// Draws the layer of the group `r` in the target pixels inside the clip (part of its
    /// opaque cover), as the group would draw it but on the target's own pixels: through a view
    /// of them as the group's surface, so that every draw has the group's coordinates and
    /// exactly the group's pixels. There the group's pixels are opaque and depend on nothing
    /// below (its clip and mask are opaque too), so compositing them would give the same pixels.
    func drawInPlace(_ node: RenderNode, transform h: Homography, group r: PixelRect, into target: Bitmap) throws(RenderError) {
        guard var inner = composer(inside: r) else { return }
        inner.occluders = occluders(inGroupAt: r)
        let view = target.view(x: r.x, y: r.y, width: r.width, height: r.height)
        // Threads drawing other parts of the frame write next to the view: draws that may touch
        // pixels outside their clip go through the matching part of the thread's scratch frame.
        if let shared, shared.frame === target {
            inner.shared = (view, shared.scratch.view(x: r.x, y: r.y, width: r.width, height: r.height))
        }
        let local = h.concatenating(Homography(translationX: Double(-r.x), y: Double(-r.y)))
        try inner.drawLayer(node, transform: local, into: view, opacity: 1, shadow: true)
    }

    /// The occluders, in the pixels of a group surface whose origin is at `origin` in the target.
    func occluders(inGroupAt origin: PixelRect) -> [PixelRect] {
        occluders.map { PixelRect(x: $0.x - origin.x, y: $0.y - origin.y, width: $0.width, height: $0.height) }
    }

    /// The covers of `node`'s sublayers drawn by ``drawLayer(_:transform:into:opacity:shadow:)``
    /// with `h` and `opacity`, in drawing order (`nil`: none). Empty when none has a cover.
    func sublayerCovers(_ node: RenderNode, transform h: Homography, opacity: Double, depth: Int = 0) -> [PixelRect?] {
        guard opacity >= 1, depth < FrameComposer.coverDepth, !node.sublayers.isEmpty else { return [] }
        let plane = FrameComposer.sublayerMap(node.state).concatenating(h)
        var covers: [PixelRect?] = []
        var any = false
        for child in node.sublayers {
            var cover: PixelRect?
            if child.kind != .transform {
                let hc = Homography(flattening: child.transformToSuperlayer).concatenating(plane)
                cover = opaqueCover(of: child, transform: hc, opacity: 1, depth: depth + 1)
            }
            any = any || cover != nil
            covers.append(cover)
        }
        return any ? covers : []
    }

    /// The target pixels `node`, drawn with `h` at `opacity` (its superlayer's), certainly leaves
    /// opaque with values from its own subtree alone; `nil` when none is known.
    func opaqueCover(of node: RenderNode, transform h: Homography, opacity: Double, depth: Int = 0) -> PixelRect? {
        let s = node.state
        guard !s.isHidden, s.opacity >= 1, opacity >= 1, node.transition == nil, !FrameComposer.blends(node),
            FrameComposer.keepsRectangles(h)
        else { return nil }
        // A group's pixels reach the target through its clip and mask: only where both are
        // opaque do its content's and its sublayers' covers stay covers.
        var clip: PixelRect? = nil
        if FrameComposer.needsGroup(node, opacity: 1) {
            let size = (width: PixelRect.limit, height: PixelRect.limit)
            if let r = scissor(node, transform: h, opacity: 1, within: size) {
                clip = r
            } else {
                guard !s.masksToBounds || s.cornerRadius <= 0 else { return nil }
                if s.masksToBounds { clip = FrameComposer.interior(of: s.bounds.standardized, transform: h, margin: (1, 1)) ?? .zero }
                if let mask = node.mask {
                    guard node.maskMode == .alpha, mask.kind != .transform else { return nil }
                    let hm = Homography(flattening: mask.transformToSuperlayer).concatenating(h)
                    guard let m = opaqueCover(of: mask, transform: hm, opacity: 1, depth: depth + 1) else { return nil }
                    clip = clip.map { $0.intersection(m) } ?? m
                }
            }
            if let clip, clip.isEmpty { return nil }
        }
        var best: PixelRect?
        func consider(_ cover: PixelRect?) {
            guard let cover else { return }
            let r = clip.map { cover.intersection($0) } ?? cover
            if !r.isEmpty, r.area > (best?.area ?? 0) { best = r }
        }
        consider(ownCover(s, transform: h))
        for cover in sublayerCovers(node, transform: h, opacity: 1, depth: depth) { consider(cover) }
        return best
    }

    /// The cover of a layer's own content (its background colour or its image).
    func ownCover(_ s: LayerState, transform h: Homography) -> PixelRect? {
        guard case .layer = s.kind, s.cornerRadius <= 0 else { return nil }
        let b = s.bounds.standardized
        var best: PixelRect?
        if let c = s.backgroundColor, c.alpha >= 1 { best = coverOfContent(b, state: s, transform: h) }
        if let contents = s.contents, images.isOpaque(of: contents), s.contentsRect.width != 0, s.contentsRect.height != 0,
            s.contentsCenter == Rect(x: 0, y: 0, width: 1, height: 1)
                || ![.resize, .resizeAspect, .resizeAspectFill].contains(s.contentsGravity),
            let size = contents.pixelSize ?? images.size(of: contents)
        {
            var r = ContentsLayout.imageRect(state: s, imagePixels: size)
            if s.masksToBounds { r = FrameComposer.intersect(r, b) ?? .zero }
            if r.width > 0, r.height > 0, let c = coverOfContent(r, state: s, transform: h), c.area > (best?.area ?? 0) {
                best = c
            }
        }
        return best
    }

    /// The target pixels certainly opaque when the layer's backing store, opaque over `r` (in
    /// bounds coordinates), is composited with `h`: `r` moved inward by the reach of a partly
    /// covered edge pixel and of the bilinear filter's taps (one pixel each, of the mip level
    /// sampled, which box-filters 2^level store pixels), then by one target pixel.
    func coverOfContent(_ r: Rect, state s: LayerState, transform h: Homography) -> PixelRect? {
        let e = ContentPainter.extent(of: s, piece: .whole, images: images)
        guard e.width > 0, e.height > 0, e.isFinite else { return nil }
        let rs = rasterScale(for: e)
        let k = 1 / h.m.8
        let sx = abs(h.m.0 * k) / rs, sy = abs(h.m.4 * k) / rs
        let level = CompositePlan.level(
            forScale: min(sx, sy), width: max(Int((e.width * rs).rounded(.up)), 1), height: max(Int((e.height * rs).rounded(.up)), 1))
        let reach = 2 * Double(1 << level)
        return FrameComposer.interior(of: r, transform: h, margin: (x: (reach * sx).rounded(.up) + 1, y: (reach * sy).rounded(.up) + 1))
    }

    /// The whole pixels at least `margin` target pixels inside `r` (bounds coordinates) mapped
    /// by `h`, which keeps rectangles axis-aligned; `nil` when none.
    static func interior(of r: Rect, transform h: Homography, margin: (x: Double, y: Double)) -> PixelRect? {
        guard let box = box(r, h) else { return nil }
        let limit = Double(PixelRect.limit)
        let x0 = (box.minX + margin.x).rounded(.up), y0 = (box.minY + margin.y).rounded(.up)
        let x1 = (box.maxX - margin.x).rounded(.down), y1 = (box.maxY - margin.y).rounded(.down)
        guard x1 > x0, y1 > y0, x0 > -limit, y0 > -limit, x1 < limit, y1 < limit else { return nil }
        return PixelRect(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
    }

    /// Whether `h` maps every axis-aligned rectangle to one, unmirrored: a translation and a
    /// positive scale, as the compositor classifies it (``TransformClass``).
    static func keepsRectangles(_ h: Homography) -> Bool {
        switch TransformClass(h) {
        case .integerTranslation: return true
        case .scaleTranslation: return h.m.0 / h.m.8 > 0 && h.m.4 / h.m.8 > 0
        case .affine, .projective: return false
        }
    }
}
