import KinemaGeometry
import KinemaGraphics

extension Compositor {
    /// Adds `source`, bilinearly resampled through an affine `transform` (content pixels →
    /// destination pixels), to `destination`, channel by channel and saturating (pixman's
    /// `ADD`), at full opacity.
    ///
    /// Pictures of disjoint coverage sum to the picture of their union, which blending with
    /// `OVER` does not give wherever their soft edges meet.
    ///
    /// - Returns: `false`, drawing nothing, when the transform is not a rotated or skewed affine
    ///   map at full size (a whole-pixel or scale-only map, a perspective, or one that would
    ///   sample a mip level), or the source has no transparent ring: callers use another way.
    static func add(_ source: BackingStore, transform: Homography, into destination: Bitmap) -> Bool {
        guard
            let plan = CompositePlan(
                width: source.contentWidth, height: source.contentHeight, transform: transform,
                destination: (destination.width, destination.height)),
            plan.level == 0, case .affine(isScaleOnly: false) = plan.path,
            let map = plan.sourceMap(transform: transform, margin: source.margin), let parts = AffineParts(map)
        else { return false }
        return AffineSampler.add(source, map: parts, into: destination, area: plan.region, region: plan.region)
    }
}
