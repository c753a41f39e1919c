import CKinemaSampler
import KinemaGeometry
import KinemaGraphics

/// Our bilinear sampler for rotated and skewed layers (the C target `CKinemaSampler`): one pass
/// that samples and composites `OVER`, where pixman would fetch through its generic pipeline.
///
/// It computes the same bilinear filter as pixman (7-bit weights; transparent outside the
/// source) with 32.32 fixed-point positions, and rounds the interpolation to nearest where
/// pixman truncates, so results differ from pixman's by at most one level in rare pixels.
enum AffineSampler {
    /// Composites `store` over `destination` in `area`, with `map` taking region-local
    /// destination pixels (the region starts at `region`) to source-bitmap pixels; `false` when
    /// the sampler cannot take this case (a store without a transparent ring, or a map too
    /// large for its fixed point), so the caller uses pixman instead.
    static func composite(
        _ store: BackingStore, map: AffineParts, alpha: UInt8, into destination: Bitmap, area: PixelRect, region: PixelRect
    ) -> Bool {
        guard var m = fixedMap(store, map: map) else { return false }
        let src = store.bitmap
        let dst = destination.row(area.y) + area.x
        ks_composite_affine_bilinear(
            src.data.assumingMemoryBound(to: UInt32.self), Int32(src.width), Int32(src.height), Int32(src.stride / 4), dst,
            Int32(destination.stride / 4), Int32(area.x - region.x), Int32(area.y - region.y), Int32(area.width), Int32(area.height), &m,
            UInt32(alpha))
        return true
    }

    /// Adds `store`, resampled as ``composite(_:map:alpha:into:area:region:)`` would, to
    /// `destination` in `area` (pixman's saturating `ADD`); `false` in the same cases.
    static func add(_ store: BackingStore, map: AffineParts, into destination: Bitmap, area: PixelRect, region: PixelRect) -> Bool {
        guard var m = fixedMap(store, map: map) else { return false }
        let src = store.bitmap
        ks_add_affine_bilinear(
            src.data.assumingMemoryBound(to: UInt32.self), Int32(src.width), Int32(src.height), Int32(src.stride / 4),
            destination.row(area.y) + area.x, Int32(destination.stride / 4), Int32(area.x - region.x), Int32(area.y - region.y),
            Int32(area.width), Int32(area.height), &m)
        return true
    }

    /// The map in the sampler's fixed point; `nil` when the store has no transparent ring or
    /// the map is too large.
    private static func fixedMap(_ store: BackingStore, map: AffineParts) -> ks_affine_map? {
        guard store.margin >= 1 else { return nil }
        let steps = [map.a, map.b, map.c, map.d]
        // Bounds that keep every product in the loop inside 64 bits.
        guard steps.allSatisfy({ abs($0) < 65536 }) else { return nil }
        // The sample position of pixel (x, y) is map(x + 0.5, y + 0.5) − 0.5 (the top-left tap).
        let u0 = 0.5 * map.a + 0.5 * map.c + map.tx - 0.5
        let v0 = 0.5 * map.b + 0.5 * map.d + map.ty - 0.5
        guard abs(u0) < 16_777_216, abs(v0) < 16_777_216 else { return nil }
        func fixed32(_ v: Double) -> Int64 { Int64((v * 4_294_967_296).rounded()) }
        return ks_affine_map(
            u0: fixed32(u0), dudx: fixed32(map.a), dudy: fixed32(map.c), v0: fixed32(v0), dvdx: fixed32(map.b), dvdy: fixed32(map.d))
    }
}
