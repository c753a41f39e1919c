import CPixman
import KinemaGeometry
import KinemaGraphics

/// Compositing primitives: layer contents onto a frame with 2D and 3D transforms, opacity,
/// clips and masks, on pixman and two samplers of our own.
///
/// A namespace of stateless functions, safe to call from several threads at once as long as
/// their destinations (or their clip rectangles in one destination) do not overlap. The same
/// inputs always give the same pixels, and compositing in several clipped bands gives the same
/// pixels as compositing at once.
///
/// ``composite(_:transform:opacity:into:clip:filter:)`` chooses the cheapest exact path from the
/// ``TransformClass`` of the transform:
/// - integer translation: pixman's plain `OVER` (SIMD, no resampling);
/// - scale and translation: pixman's scaled bilinear fast path;
/// - other affine maps: our bilinear sampler (a C loop that samples and blends in one pass,
///   about twice as fast as pixman's generic affine fetcher), or pixman for
///   ``SamplingFilter/nearest``;
/// - projective maps: the layer's quad is clipped at the eye plane (w ≥ ε), so a layer crossing
///   it shows only its front part, and rasterised into an A8 coverage mask; then our bilinear
///   sampler (double-precision positions, clamped to the content so the mask alone makes the
///   antialiased edge), or for ``SamplingFilter/nearest`` pixman with the recipe in
///   docs/rendering-notes.md (a rescaled 16.16 matrix, the store's transparent margin, and the mask
///   carrying the opacity), which avoids pixman's precision loss and its sign bug on negative
///   homogeneous coordinates.
///
/// Under minification (a local scale of 0.5 or less somewhere on the layer), the source is a
/// box-downscaled copy of the content (a mip level, see ``BackingStore``), so the result does not
/// alias: for affine maps one level for the layer, from its smallest local scale; in
/// perspective, with bilinear sampling, a level per pixel, blended across level changes.
public enum Compositor {
    /// Composites `source` over `destination` with a transform, an opacity and an optional clip.
    ///
    /// - Parameters:
    ///   - source: the layer's content.
    ///   - transform: maps content pixels (pixel (i, j) covers [i, i + 1) × [j, j + 1)) to
    ///     destination pixels. Singular or non-finite transforms draw nothing.
    ///   - opacity: multiplies the source, 0…1 (clamped; NaN draws nothing). It is applied at
    ///     8 bits, `round(opacity · 255)`, as pixman does.
    ///   - destination: the bitmap drawn into.
    ///   - clip: the only destination pixels that may change. Default: all of them.
    ///   - filter: how the source is sampled. Default ``SamplingFilter/bilinear``.
    ///
    /// Edges: affine paths fade over half a source pixel past the content's edge (the bilinear
    /// footprint over the transparent surroundings); the projective path cuts at the quad's edge
    /// with coverage antialiasing (with ``SamplingFilter/nearest``, inside the half-pixel fade).
    public static func composite(
        _ source: BackingStore, transform: Homography, opacity: Double, into destination: Bitmap, clip: PixelRect? = nil,
        filter: SamplingFilter = .bilinear
    ) {
        composite(source, transform: transform, opacity: opacity, into: destination, clip: clip, filter: filter, usesOwnSampler: true)
    }

    /// ``composite(_:transform:opacity:into:clip:filter:)``, optionally with pixman instead of
    /// our samplers (for tests that compare the two).
    static func composite(
        _ source: BackingStore, transform: Homography, opacity: Double, into destination: Bitmap, clip: PixelRect?,
        filter: SamplingFilter, usesOwnSampler: Bool
    ) {
        let alpha = alpha8(opacity)
        guard alpha > 0,
            var plan = CompositePlan(
                width: source.contentWidth, height: source.contentHeight, transform: transform,
                destination: (destination.width, destination.height))
        else { return }
        var store = source
        if plan.level > 0 {
            let got = source.levels.level(plan.level, of: source)
            store = got.store
            if got.level != plan.level {
                guard
                    let replanned = CompositePlan(
                        width: source.contentWidth, height: source.contentHeight, transform: transform,
                        destination: (destination.width, destination.height), level: got.level)
                else { return }
                plan = replanned
            }
        }
        let area = clip.map { plan.region.intersection($0) } ?? plan.region
        guard !area.isEmpty, let src = PixmanImage(bitmap: store.bitmap), let dst = PixmanImage(bitmap: destination) else { return }
        let opacityMask = alpha < 255 ? PixmanImage(solidAlpha: alpha) : nil
        switch plan.path {
        case .translation(let dx, let dy):
            pixmanComposite(
                PIXMAN_OP_OVER, source: src, mask: opacityMask, destination: dst,
                sourceOrigin: (store.margin + area.x - dx, store.margin + area.y - dy), rect: area)
        case .affine(let isScaleOnly):
            guard let map = plan.sourceMap(transform: transform, margin: store.margin), var parts = AffineParts(map) else { return }
            if isScaleOnly {
                parts.b = 0
                parts.c = 0
            } else if filter == .bilinear, usesOwnSampler,
                AffineSampler.composite(store, map: parts, alpha: alpha, into: destination, area: area, region: plan.region)
            {
                return
            }
            guard let fixed = FixedTransform(affine: parts), src.setTransform(fixed) else { return }
            src.setFilter(filter)
            pixmanComposite(
                PIXMAN_OP_OVER, source: src, mask: opacityMask, destination: dst,
                sourceOrigin: (area.x - plan.region.x, area.y - plan.region.y), rect: area)
        case .projective(let polygon):
            guard let map = plan.sourceMap(transform: transform, margin: store.margin) else { return }
            let target = Target(bitmap: destination, image: dst, area: area)
            compositeProjective(
                source, level: store, image: src, plan: plan, polygon: polygon, transform: transform, map: map, alpha: alpha,
                filter: filter,
                into: target, usesOwnSampler: usesOwnSampler)
        }
    }

    /// The destination pixels ``composite(_:transform:opacity:into:clip:filter:)`` would visit:
    /// the bounding box of the transformed (and eye-plane-clipped) content, widened by the
    /// bilinear fringe on affine paths, rounded out and intersected with the destination.
    ///
    /// - Returns: `nil` when nothing would show (off the destination, behind the eye, or a
    ///   singular or non-finite transform).
    public static func bounds(of source: BackingStore, transform: Homography, in destination: (width: Int, height: Int)) -> PixelRect? {
        CompositePlan(width: source.contentWidth, height: source.contentHeight, transform: transform, destination: destination)?
            .region
    }

    /// The content rectangle [0, width] × [0, height] after `transform`, clipped in homogeneous
    /// space to w ≥ ε (ε is 10⁻⁶ of the largest corner w), in destination pixels.
    ///
    /// - Returns: the corners in order, starting from the image of (0, 0): 4 points, 3 or 5 when
    ///   the quad crosses the eye plane, none when it is wholly behind the eye, the sizes are not
    ///   finite and positive, or the transform is singular or non-finite.
    public static func projectedQuad(width: Double, height: Double, transform: Homography) -> [Point] {
        guard width.isFinite, height.isFinite, width > 0, height > 0, transform.isFinite, transform.inverted() != nil else { return [] }
        let corners = [Point(x: 0, y: 0), Point(x: width, y: 0), Point(x: width, y: height), Point(x: 0, y: height)]
        let homogeneous = corners.map { transform.applyHomogeneous($0) }
        guard let top = homogeneous.map(\.w).max(), top > 0 else { return [] }
        let clipped = Polygon.clip(homogeneous, wAtLeast: top * 1e-6)
        let points = clipped.map { Point(x: $0.x / $0.w, y: $0.y / $0.w) }
        return points.count >= 3 && points.allSatisfy(\.isFinite) ? points : []
    }
}
