import CKinemaSampler
import CPixman
import KinemaGeometry
import KinemaGraphics

/// Our bilinear sampler for layers in perspective (the C target `CKinemaSampler`): one pass
/// that samples at double-precision positions and composites `OVER` through the layer's
/// coverage mask.
///
/// Positions are exact where pixman's projective fetcher keeps 16.16 homogeneous coordinates
/// (and misreads negative ones), so neither the rescaling of § 2.4 nor its sign-bug workaround
/// is needed here. Samples are clamped to the content (its edge pixels extend to the quad's
/// edge) and the mask alone gives the quad its antialiased edge, as Core Animation's
/// clamp-to-edge sampling with edge antialiasing does; so edges stay crisp however strongly the
/// perspective magnifies them. Pixels whose w is not positive (behind the eye) are never drawn.
enum ProjectiveSampler {
    /// Composites `store` over `destination` in `area` through `mask` (the area's coverage),
    /// with `map` taking region-local destination pixels (the region starts at `region`) to
    /// source-bitmap pixels, `inside` a region-local point inside the layer, and `clamp` the
    /// number of content pixels (from the first) that samples may reach; `false` when
    /// the sampler cannot take this case (a store without a transparent ring, or a mask pixman
    /// did not allocate), so the caller uses pixman instead.
    static func composite(
        _ store: BackingStore, map: Homography, inside: Point, mask: PixmanImage, alpha: UInt8, into destination: Bitmap,
        area: PixelRect, region: PixelRect, clampTo clamp: (width: Int, height: Int)
    ) -> Bool {
        guard store.margin >= 1, let maskBits = pixman_image_get_data(mask.handle) else { return false }
        let m = map.m
        // The homogeneous source point of pixel (x, y)'s centre is (x + 0.5, y + 0.5) · map; the
        // sample's top-left tap is at X/W − 0.5, so fold −0.5·W into X and Y.
        var wx = m.2, wy = m.5, w0 = 0.5 * m.2 + 0.5 * m.5 + m.8
        var xx = m.0 - 0.5 * m.2, xy = m.3 - 0.5 * m.5, x0 = 0.5 * (m.0 + m.3) + m.6 - 0.5 * w0
        var yx = m.1 - 0.5 * m.2, yy = m.4 - 0.5 * m.5, y0 = 0.5 * (m.1 + m.4) + m.7 - 0.5 * w0
        // The map is defined up to a factor: choose the sign that makes w positive inside.
        if inside.x * m.2 + inside.y * m.5 + m.8 < 0 {
            (wx, wy, w0, xx, xy, x0, yx, yy, y0) = (-wx, -wy, -w0, -xx, -xy, -x0, -yx, -yy, -y0)
        }
        // Clamp-to-edge: samples stay within the content's first and last pixels (bitmap indices).
        let first = Double(store.margin)
        var pm = ks_projective_map(
            x0: x0, dxdx: xx, dxdy: xy, y0: y0, dydx: yx, dydy: yy, w0: w0, dwdx: wx, dwdy: wy, u_min: first,
            u_max: first + Double(min(clamp.width, store.contentWidth) - 1), v_min: first,
            v_max: first + Double(min(clamp.height, store.contentHeight) - 1))
        let src = store.bitmap
        ks_composite_projective_bilinear(
            src.data.assumingMemoryBound(to: UInt32.self), Int32(src.width), Int32(src.height), Int32(src.stride / 4),
            destination.row(area.y) + area.x, Int32(destination.stride / 4), Int32(area.x - region.x), Int32(area.y - region.y),
            Int32(area.width), Int32(area.height), &pm, UnsafeRawPointer(maskBits).assumingMemoryBound(to: UInt8.self),
            pixman_image_get_stride(mask.handle), UInt32(alpha))
        return true
    }
}
