import CPixman
import KinemaGeometry
import KinemaGraphics

extension Compositor {
    /// ``composite(_:transform:opacity:into:clip:filter:)`` (bilinear) with pixman in place of our
    /// samplers: its affine fetcher, and the recipe of docs/rendering-notes.md in perspective; for
    /// tests that compare the two.
    package static func compositeWithPixman(
        _ source: BackingStore, transform: Homography, opacity: Double, into destination: Bitmap, clip: PixelRect? = nil
    ) {
        composite(source, transform: transform, opacity: opacity, into: destination, clip: clip, filter: .bilinear, usesOwnSampler: false)
    }

    /// The naïve pixman composite that docs/rendering-notes.md warns against, for tests that
    /// show what the real paths avoid: the inverse transform normalised to w = 1 in 16.16, in
    /// absolute destination coordinates, bilinear, `OVER` over the quad's bounding box, with no
    /// coverage mask and no mip levels.
    package static func compositeNaively(_ source: BackingStore, transform: Homography, into destination: Bitmap) {
        let toBitmap = Homography(translationX: -Double(source.margin), y: -Double(source.margin)).concatenating(transform)
        guard var inverse = toBitmap.inverted(), inverse.m.8 != 0 else { return }
        let k = 1 / inverse.m.8
        inverse = Homography(
            m: (
                inverse.m.0 * k, inverse.m.1 * k, inverse.m.2 * k, inverse.m.3 * k, inverse.m.4 * k, inverse.m.5 * k, inverse.m.6 * k,
                inverse.m.7 * k, 1
            ))
        let quad = projectedQuad(width: Double(source.contentWidth), height: Double(source.contentHeight), transform: transform)
        guard let box = Polygon.bounds(quad) else { return }
        let area = PixelRect.enclosing(box).intersection(PixelRect(x: 0, y: 0, width: destination.width, height: destination.height))
        let m = inverse.m
        var entries: [Int32] = []
        for v in [m.0, m.3, m.6, m.1, m.4, m.7, m.2, m.5, m.8] {
            guard let f = fixed(v) else { return }
            entries.append(f)
        }
        guard !area.isEmpty, let src = PixmanImage(bitmap: source.bitmap), let dst = PixmanImage(bitmap: destination),
            src.setTransform(FixedTransform(entries: entries))
        else { return }
        src.setFilter(.bilinear)
        pixmanComposite(PIXMAN_OP_OVER, source: src, mask: nil, destination: dst, sourceOrigin: (area.x, area.y), rect: area)
    }
}
