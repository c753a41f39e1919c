import CPixman
import KinemaGeometry
import KinemaGraphics

extension Compositor {
    /// Where a composite draws: the destination bitmap, its pixman image, and the clipped area.
    struct Target {
        let bitmap: Bitmap
        let image: PixmanImage
        let area: PixelRect
    }

    /// The projective path (docs/rendering-notes.md, "pixman and perspective"): an A8 coverage mask
    /// of the visible polygon, then either our bilinear sampler (double-precision positions, a mip
    /// level per pixel, the opacity applied with the coverage) or pixman on the plan's level with a
    /// rescaled 16.16 transform (`map`) and the opacity folded into the mask with `IN`.
    static func compositeProjective(
        _ source: BackingStore, level store: BackingStore, image src: PixmanImage, plan: CompositePlan, polygon: [Point],
        transform: Homography, map: Homography, alpha: UInt8, filter: SamplingFilter, into target: Target, usesOwnSampler: Bool
    ) {
        let area = target.area
        let n = Double(polygon.count)
        let inside = Point(x: polygon.reduce(0) { $0 + $1.x } / n, y: polygon.reduce(0) { $0 + $1.y } / n)
        guard let mask = PixmanImage(alphaWidth: area.width, height: area.height) else { return }
        var points: [pixman_point_fixed] = []
        for p in polygon {
            guard let x = fixed(p.x), let y = fixed(p.y) else { return }
            points.append(pixman_point_fixed(x: x, y: y))
        }
        var triangles = (1..<(points.count - 1)).map { pixman_triangle_t(p1: points[0], p2: points[$0], p3: points[$0 + 1]) }
        // The polygon is in region-local pixels; the mask starts at the clipped area's corner.
        pixman_add_triangles(
            mask.handle, Int32(plan.region.x - area.x), Int32(plan.region.y - area.y), Int32(triangles.count), &triangles)
        if usesOwnSampler, filter == .bilinear,
            let contentMap = transform.concatenating(Homography(translationX: -Double(plan.region.x), y: -Double(plan.region.y)))
                .inverted(),
            ProjectiveSampler.composite(
                levels: samplerLevels(of: source, upTo: plan.level), map: contentMap, inside: inside, mask: mask, alpha: alpha,
                into: target.bitmap, area: area, region: plan.region)
        {
            return
        }
        guard let fixed = FixedTransform(projective: map, width: plan.region.width, height: plan.region.height, inside: inside),
            src.setTransform(fixed)
        else { return }
        src.setFilter(filter)
        if alpha < 255, let solid = PixmanImage(solidAlpha: alpha) {
            pixmanComposite(
                PIXMAN_OP_IN, source: solid, mask: nil, destination: mask, sourceOrigin: (0, 0),
                rect: PixelRect(x: 0, y: 0, width: area.width, height: area.height))
        }
        pixmanComposite(
            PIXMAN_OP_OVER, source: src, mask: mask, destination: target.image,
            sourceOrigin: (area.x - plan.region.x, area.y - plan.region.y), rect: area)
    }

    /// Mip levels 0 through `deepest` of `source` for the projective sampler (fewer if one could
    /// not be built), each with its count of pixels wholly on the content.
    static func samplerLevels(of source: BackingStore, upTo deepest: Int) -> [ProjectiveSampler.Level] {
        var levels: [ProjectiveSampler.Level] = []
        for k in 0...max(deepest, 0) {
            let store: BackingStore
            if k == 0 {
                store = source
            } else {
                let got = source.levels.level(k, of: source)
                guard got.level == k else { break }
                store = got.store
            }
            levels.append(.init(store: store, whole: (max(1, source.contentWidth >> k), max(1, source.contentHeight >> k))))
        }
        return levels
    }
}
