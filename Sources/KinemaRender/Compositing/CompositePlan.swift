import KinemaGeometry

/// What one composite does: the path chosen from the transform class, the mip level sampled and
/// the destination region visited (before any clip).
///
/// The plan never depends on the clip, so compositing a layer in several clipped bands
/// computes exactly the same pixels as compositing it at once.
struct CompositePlan {
    enum Path {
        /// Copy-blend the content at a whole-pixel offset.
        case translation(dx: Int, dy: Int)
        /// An affine map: pixman's scaled fast path when `isScaleOnly` (the off-diagonal entries
        /// are then set exactly to zero), else our affine sampler (or pixman for nearest).
        case affine(isScaleOnly: Bool)
        /// A projective map, through a coverage mask of `polygon` (the visible quad in
        /// region-local destination pixels): our projective sampler, or the pixman recipe.
        case projective(polygon: [Point])
    }

    var path: Path
    /// The mip level to sample (0: the content itself).
    var level: Int
    /// The destination pixels visited, within the destination.
    var region: PixelRect

    /// The plan for `transform` (content pixels → destination pixels) on content of
    /// `width × height` pixels, into a destination of `size`; `nil` when nothing shows.
    /// `level` forces a mip level (used when a level could not be built).
    init?(width: Int, height: Int, transform: Homography, destination size: (width: Int, height: Int), level forced: Int? = nil) {
        let bounds = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        guard transform.isFinite, transform.inverted() != nil, width > 0, height > 0 else { return nil }
        let kind = TransformClass(transform)
        if case .integerTranslation(let dx, let dy) = kind {
            region = PixelRect(x: dx, y: dy, width: width, height: height).intersection(bounds)
            guard !region.isEmpty else { return nil }
            path = .translation(dx: dx, dy: dy)
            level = 0
            return
        }
        let w = Double(width), h = Double(height)
        let corners = [Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: w, y: h), Point(x: 0, y: h)]
        let scale = corners.compactMap { CompositePlan.localScale(of: transform, at: $0) }.min() ?? 0
        level = forced ?? CompositePlan.level(forScale: scale, width: width, height: height)
        let unit = Double(1 << level)
        if let parts = AffineParts(transform) {
            // Bilinear samples reach half a source pixel past the content's edge.
            let fringe = 0.5 * unit
            let outer = [
                Point(x: -fringe, y: -fringe), Point(x: w + fringe, y: -fringe), Point(x: w + fringe, y: h + fringe),
                Point(x: -fringe, y: h + fringe),
            ]
            let a = parts.homography
            guard let box = Polygon.bounds(outer.compactMap { a.apply($0) }) else { return nil }
            region = PixelRect.enclosing(box).intersection(bounds)
            guard !region.isEmpty else { return nil }
            path = .affine(isScaleOnly: kind == .scaleTranslation)
        } else {
            let quad = Compositor.projectedQuad(width: w, height: h, transform: transform)
            guard let box = Polygon.bounds(quad) else { return nil }
            region = PixelRect.enclosing(box).intersection(bounds)
            guard !region.isEmpty else { return nil }
            let origin = Point(x: Double(region.x), y: Double(region.y))
            let local = Polygon.clip(quad, to: region.rect.insetBy(dx: -1, dy: -1)).map {
                Point(x: $0.x - origin.x, y: $0.y - origin.y)
            }
            guard local.count >= 3 else { return nil }
            path = .projective(polygon: local)
        }
    }

    /// The map from region-local destination pixels to pixels of a source bitmap of the plan's
    /// level with margin `margin`, given `transform` (content pixels → destination pixels).
    func sourceMap(transform: Homography, margin: Int) -> Homography? {
        let unit = Double(1 << level)
        // bitmap pixel → content pixel: (b − margin) · 2^level; then content → destination; then
        // destination → region-local.
        let toContent = Homography(m: (unit, 0, 0, 0, unit, 0, -Double(margin) * unit, -Double(margin) * unit, 1))
        let toLocal = Homography(translationX: -Double(region.x), y: -Double(region.y))
        let base: Homography
        if let parts = AffineParts(transform) { base = parts.homography } else { base = transform }
        return toContent.concatenating(base).concatenating(toLocal).inverted()
    }

    /// The smallest scale factor of `h` around content point `p` (the smaller singular value of
    /// its Jacobian), or `nil` where `p` is at or behind the eye.
    static func localScale(of h: Homography, at p: Point) -> Double? {
        let m = h.m
        let (X, Y, W) = h.applyHomogeneous(p)
        guard W > 0 else { return nil }
        let w2 = W * W
        let j00 = (m.0 * W - X * m.2) / w2, j01 = (m.3 * W - X * m.5) / w2
        let j10 = (m.1 * W - Y * m.2) / w2, j11 = (m.4 * W - Y * m.5) / w2
        let sum = j00 * j00 + j01 * j01 + j10 * j10 + j11 * j11
        let det = abs(j00 * j11 - j01 * j10)
        let largest = ((sum + (max(sum * sum - 4 * det * det, 0)).squareRoot()) / 2).squareRoot()
        guard largest > 0, largest.isFinite else { return nil }
        return det / largest
    }

    /// The mip level for a smallest local scale `s`: the level k where `s · 2^k` falls in
    /// (0.5, 1], or 0 when `s > 0.5`; at most the level where the content is one pixel.
    static func level(forScale s: Double, width: Int, height: Int) -> Int {
        let deepest = MipLevels.maximumLevel(width: width, height: height)
        var k = 0
        while k < deepest, s * Double(1 << (k + 1)) <= 1 + 1e-9 { k += 1 }
        return k
    }
}
