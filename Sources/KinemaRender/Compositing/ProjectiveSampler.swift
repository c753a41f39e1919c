import CKinemaSampler
import CPixman
import KinemaGeometry
import KinemaGraphics

/// Our bilinear sampler for layers in perspective (the C target `CKinemaSampler`): one pass
/// that samples at double-precision positions and composites `OVER` through the layer's
/// coverage mask.
///
/// Positions are exact where pixman's projective fetcher keeps 16.16 homogeneous coordinates (and
/// misreads negative ones), so neither the rescaling of docs/rendering-notes.md nor its sign-bug
/// workaround is needed here. Each pixel samples the mip level that matches its own minification
/// (blending into the next level over the last half octave, so there is no seam), so the near side
/// of a steeply tilted layer stays sharp while its far side does not alias. Samples are clamped to
/// the content (its edge pixels extend to the quad's edge) and the mask alone gives the quad its
/// antialiased edge, as Core Animation's clamp-to-edge sampling with edge antialiasing does; so
/// edges stay crisp however strongly the perspective magnifies them. Pixels whose w is not positive
/// (behind the eye) are never drawn.
enum ProjectiveSampler {
    /// One mip level: its store, and how many of its pixels lie wholly on the content (an odd
    /// size leaves a part-covered last column or row at deeper levels).
    struct Level {
        let store: BackingStore
        let whole: (width: Int, height: Int)
    }

    /// Composites the layer over `destination` in `area` through `mask` (the area's coverage).
    ///
    /// - Parameters:
    ///   - levels: mip levels 0, 1, …; level 0 is the content itself.
    ///   - map: region-local destination pixels (the region starts at `region`) to content pixels.
    ///   - inside: a region-local point inside the layer, where w is made positive.
    /// - Returns: `false` when the sampler cannot take this case (a level without a transparent
    ///   ring, or a mask pixman did not allocate), so the caller uses pixman instead.
    static func composite(
        levels: [Level], map: Homography, inside: Point, mask: PixmanImage, alpha: UInt8, into destination: Bitmap, area: PixelRect,
        region: PixelRect
    ) -> Bool {
        guard !levels.isEmpty, levels.allSatisfy({ $0.store.margin >= 1 }), let maskBits = pixman_image_get_data(mask.handle) else {
            return false
        }
        let m = map.m
        // The homogeneous content point of pixel (x, y)'s centre is (x + 0.5, y + 0.5) · map.
        var wx = m.2, wy = m.5, w0 = 0.5 * (m.2 + m.5) + m.8
        var xx = m.0, xy = m.3, x0 = 0.5 * (m.0 + m.3) + m.6
        var yx = m.1, yy = m.4, y0 = 0.5 * (m.1 + m.4) + m.7
        // The map is defined up to a factor: choose the sign that makes w positive inside.
        if inside.x * m.2 + inside.y * m.5 + m.8 < 0 {
            (wx, wy, w0, xx, xy, x0, yx, yy, y0) = (-wx, -wy, -w0, -xx, -xy, -x0, -yx, -yy, -y0)
        }
        var pm = ks_projective_map(x0: x0, dxdx: xx, dxdy: xy, y0: y0, dydx: yx, dydy: yy, w0: w0, dwdx: wx, dwdy: wy)
        let descriptors = levels.enumerated().map { k, level in
            let bitmap = level.store.bitmap, margin = Double(level.store.margin)
            // Clamp-to-edge: samples stay within the level's whole content pixels.
            return ks_level(
                pixels: bitmap.data.assumingMemoryBound(to: UInt32.self), stride: Int32(bitmap.stride / 4), margin: margin,
                scale: 1 / Double(1 << k), last_u: margin + Double(min(level.whole.width, level.store.contentWidth) - 1),
                last_v: margin + Double(min(level.whole.height, level.store.contentHeight) - 1))
        }
        descriptors.withUnsafeBufferPointer { d in
            ks_composite_projective_bilinear(
                d.baseAddress, Int32(d.count), destination.row(area.y) + area.x, Int32(destination.stride / 4),
                Int32(area.x - region.x), Int32(area.y - region.y), Int32(area.width), Int32(area.height), &pm,
                UnsafeRawPointer(maskBits).assumingMemoryBound(to: UInt8.self), pixman_image_get_stride(mask.handle), UInt32(alpha))
        }
        // The bitmaps the descriptors point into live until here.
        withExtendedLifetime(levels) {}
        return true
    }
}
