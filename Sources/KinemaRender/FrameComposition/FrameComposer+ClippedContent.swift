import KinemaGeometry
import KinemaGraphics
import KinemaLayers

extension FrameComposer {
    /// Draws a layer's content under the frame's clip without making its whole backing store,
    /// when that store is not cached and would land pixel for pixel on the frame (a translation
    /// by whole pixels): only the part of the store inside the clip is rasterised, into a store
    /// of its own that is not cached. Returns `false` when that does not apply, and the caller
    /// makes (and caches) the whole store.
    ///
    /// This is what keeps a partial redraw proportional to what changed when a large layer's
    /// content changes a little every frame: the tutorial's dimming layer, a full-screen path
    /// with a cutout that moves, would otherwise be rasterised whole (3 megapixels at scale 2)
    /// to redraw a few rectangles around the cutout.
    ///
    /// The part has exactly the pixels the whole store has there: it is drawn with the same
    /// transform shifted by whole pixels (which moves every edge by whole pixels, so every pixel's
    /// coverage is the same), and a translation by whole pixels composites without resampling,
    /// so neither the store's margin nor its pixels outside the clip take part.
    ///
    /// - Parameters:
    ///   - e: the content's extent, in bounds coordinates (points).
    ///   - rs: the store's pixels per point.
    ///   - key: the whole store's cache key.
    ///   - hc: the map from the whole store's content pixels to the frame's pixels.
    func drawClippedContent(
        _ s: LayerState, piece: ContentPiece, extent e: Rect, rasterScale rs: Double, key: CacheKey, storeToTarget hc: Homography,
        into target: Bitmap, opacity: Double
    ) throws(RenderError) -> Bool {
        guard let part = clippedContentPart(extent: e, rasterScale: rs, key: key, storeToTarget: hc),
            case .integerTranslation(let dx, let dy) = TransformClass(hc)
        else { return false }
        guard !part.isEmpty else { return true }
        let store = try BackingStore(contentWidth: part.width, contentHeight: part.height)
        let ctx = GraphicsContext(bitmap: store.bitmap)
        ctx.translateBy(x: Double(store.margin - (part.x - dx)), y: Double(store.margin - (part.y - dy)))
        ctx.scaleBy(x: rs, y: rs)
        ctx.translateBy(x: -e.minX, y: -e.minY)
        try ContentPainter.paint(s, piece: piece, into: ctx, images: images)
        ctx.flush()
        Compositor.composite(
            store, transform: Homography(translationX: Double(part.x), y: Double(part.y)), opacity: opacity, into: target, clip: clip)
        return true
    }

    /// The part of the store ``drawClippedContent(_:piece:extent:rasterScale:key:storeToTarget:into:opacity:)``
    /// draws under the composer's clip (empty when none of the store is inside it), or `nil`
    /// when it draws nothing and the whole store is made instead.
    func clippedContentPart(extent e: Rect, rasterScale rs: Double, key: CacheKey, storeToTarget hc: Homography) -> PixelRect? {
        guard let clip, case .integerTranslation(let dx, let dy) = TransformClass(hc), !cache.contains(key) else { return nil }
        let whole = PixelRect(
            x: dx, y: dy, width: max(Int((e.width * rs).rounded(.up)), 1), height: max(Int((e.height * rs).rounded(.up)), 1))
        let part = whole.intersection(clip)
        // A part that is most of the store saves little, and the whole store serves later frames.
        return part.area * 2 <= whole.area ? part : nil
    }
}
