#ifndef CKINEMASAMPLER_H
#define CKINEMASAMPLER_H

#include <stdint.h>

/// An affine map from destination pixels to source sample positions, in 32.32 fixed point.
///
/// For destination pixel (x, y) (region-local indices), the bilinear sample position is
/// u = u0 + x * dudx + y * dudy and v = v0 + x * dvdx + y * dvdy, already shifted so that the
/// integer part is the top-left tap (the source pixel centre offset of 0.5 is folded in).
typedef struct {
    int64_t u0, dudx, dudy;
    int64_t v0, dvdx, dvdy;
} ks_affine_map;

/// Composites a bilinearly resampled premultiplied ARGB32 source OVER a premultiplied ARGB32
/// destination, multiplied by `alpha` (0...255).
///
/// `src` is `src_width` x `src_height` pixels, `src_stride` pixels apart; its outermost ring of
/// pixels must be transparent, so that any sample whose taps leave the source is transparent
/// and can be skipped. `dst` points at the first destination pixel of the area, `dst_stride`
/// pixels apart. The area is `width` x `height` pixels whose first pixel has region-local
/// indices (`x0`, `y0`). Each pixel's result depends only on its region-local indices, never
/// on the area, so compositing in bands gives identical pixels.
void ks_composite_affine_bilinear(const uint32_t *src, int32_t src_width, int32_t src_height, int32_t src_stride,
                                  uint32_t *dst, int32_t dst_stride, int32_t x0, int32_t y0, int32_t width,
                                  int32_t height, const ks_affine_map *map, uint32_t alpha);

/// Adds a bilinearly resampled premultiplied ARGB32 source to a premultiplied ARGB32
/// destination, channel by channel, saturating at 255 (pixman's `ADD`): the same source, map,
/// area and band guarantees as `ks_composite_affine_bilinear`, at full opacity.
///
/// Summing, not blending, is what composes pictures of disjoint coverage exactly: the blurred
/// shadows of shapes that do not overlap add up to the blurred shadow of their union.
void ks_add_affine_bilinear(const uint32_t *src, int32_t src_width, int32_t src_height, int32_t src_stride,
                            uint32_t *dst, int32_t dst_stride, int32_t x0, int32_t y0, int32_t width, int32_t height,
                            const ks_affine_map *map);

/// A projective map from destination pixels to content positions, in double precision.
///
/// For destination pixel (x, y) (region-local indices), with X = x0 + x * dxdx + y * dxdy and
/// likewise Y and W, (X / W, Y / W) is the content point under the pixel's centre, in content
/// pixels (content pixel (i, j) covers [i, i + 1) x [j, j + 1)). Pixels where W is not positive
/// are behind the eye.
typedef struct {
    double x0, dxdx, dxdy;
    double y0, dydx, dydy;
    double w0, dwdx, dwdy;
} ks_projective_map;

/// One mip level of a layer's content: level k holds the content box-averaged over 2^k x 2^k
/// pixels, so its coordinates are the content's times `scale` = 2^-k.
typedef struct {
    /// The level's bitmap (premultiplied ARGB32), `stride` pixels per row.
    const uint32_t *pixels;
    int32_t stride;
    /// The bitmap index of the level's content pixel 0 (its margin).
    double margin;
    /// 2^-k.
    double scale;
    /// The last content pixels, per axis, that samples may reach (bitmap indices); samples are
    /// clamped to [margin, last], so the content's edge pixels extend to the mask's edge (Core
    /// Animation's clamp-to-edge sampling with edge antialiasing). The bitmap must have at least
    /// one more pixel right of and below them.
    double last_u, last_v;
} ks_level;

/// Composites a layer in perspective OVER a premultiplied ARGB32 destination through an A8
/// coverage mask, multiplied by `alpha` (0...255), sampling each pixel bilinearly from the mip
/// level that matches its own minification: level floor(log2 s), where s is the largest
/// stretch (content pixels per destination pixel) of the map at that pixel, capped at
/// `level_count` - 1; over the last half octave before the next level (s^2 from 2 * 4^k to
/// 4^(k+1)) the result blends towards the next level, linearly in s^2, so switching levels leaves
/// no seam.
///
/// `dst` points at the first destination pixel of the area, `dst_stride` pixels apart; the area
/// is `width` x `height` pixels whose first pixel has region-local indices (`x0`, `y0`). `mask`
/// holds one coverage byte per pixel of the area, `mask_stride` bytes apart; pixels whose
/// coverage is 0 are not sampled. Each pixel's result depends only on its region-local indices.
void ks_composite_projective_bilinear(const ks_level *levels, int32_t level_count, uint32_t *dst, int32_t dst_stride,
                                      int32_t x0, int32_t y0, int32_t width, int32_t height,
                                      const ks_projective_map *map, const uint8_t *mask, int32_t mask_stride,
                                      uint32_t alpha);

#endif
