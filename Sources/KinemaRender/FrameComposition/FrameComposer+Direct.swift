import KinemaGeometry
import KinemaGraphics
import KinemaLayers

extension FrameComposer {
    /// Paints a piece of a layer's content covering `extent` (bounds coordinates) with cairo,
    /// mapped by the affine `h`, straight onto the target.
    ///
    /// Under a clip, cairo paints without one, exactly as for a whole frame, and the pixels it
    /// can reach (``reach(of:transform:)``) outside the clip are then put back as they were. A
    /// cairo clip would be simpler, but cairo fills a shape that a clip cuts through by another
    /// method than one it does not, whose antialiased edges differ by a few levels.
    ///
    /// When other threads draw other parts of the same frame (``shared``), nothing outside the
    /// clip may be touched: cairo paints into the thread's scratch frame instead, a bitmap of the
    /// frame's size holding the frame's pixels inside the clip, and only those are copied back.
    func drawDirectly(
        _ s: LayerState, piece: ContentPiece, extent: Rect, transform h: Homography, into target: Bitmap
    ) throws(RenderError) {
        let bounds = PixelRect(x: 0, y: 0, width: target.width, height: target.height)
        let reach = (reach(of: extent, transform: h) ?? bounds).intersection(bounds)
        if let clip, reach.intersection(clip).isEmpty { return }
        if let clip, let shared, shared.frame === target {
            let visible = reach.intersection(clip)
            let at = (x: visible.x, y: visible.y), size = (width: visible.width, height: visible.height)
            FrameComposer.copy(from: target, at: at, to: shared.scratch, at: at, size: size)
            let ctx = GraphicsContext(bitmap: shared.scratch)
            ctx.concatenate(FrameComposer.affine(h))
            try ContentPainter.paint(s, piece: piece, into: ctx, images: images)
            ctx.flush()
            FrameComposer.copy(from: shared.scratch, at: at, to: target, at: at, size: size)
            return
        }
        var kept: Bitmap?
        if let clip, !reach.isEmpty, reach.intersection(clip) != reach {
            kept = try FrameComposer.bitmap(reach)
            if let kept {
                FrameComposer.copy(from: target, at: (reach.x, reach.y), to: kept, at: (0, 0), size: (reach.width, reach.height))
            }
        }
        let ctx = GraphicsContext(bitmap: target)
        ctx.concatenate(FrameComposer.affine(h))
        try ContentPainter.paint(s, piece: piece, into: ctx, images: images)
        ctx.flush()
        if let kept, let clip { FrameComposer.restore(kept, at: reach, outside: clip, in: target) }
    }

    /// Puts back the pixels of `target` in `reach` but outside `clip` from `kept` (a copy of
    /// `reach`).
    static func restore(_ kept: Bitmap, at reach: PixelRect, outside clip: PixelRect, in target: Bitmap) {
        let inner = reach.intersection(clip)
        for y in reach.y..<reach.maxY {
            let from = (x: 0, y: y - reach.y), size = (width: reach.width, height: 1)
            guard !inner.isEmpty, y >= inner.y, y < inner.maxY else {
                copy(from: kept, at: from, to: target, at: (reach.x, y), size: size)
                continue
            }
            copy(from: kept, at: from, to: target, at: (reach.x, y), size: (inner.x - reach.x, 1))
            copy(from: kept, at: (inner.maxX - reach.x, y - reach.y), to: target, at: (inner.maxX, y), size: (reach.maxX - inner.maxX, 1))
        }
    }

    /// Copies a `size` block of pixels from `source` at `from` to `destination` at `to`.
    static func copy(
        from source: Bitmap, at from: (x: Int, y: Int), to destination: Bitmap, at to: (x: Int, y: Int), size: (width: Int, height: Int)
    ) {
        for j in 0..<size.height {
            (destination.row(to.y + j) + to.x).update(from: source.row(from.y + j) + from.x, count: size.width)
        }
    }
}
