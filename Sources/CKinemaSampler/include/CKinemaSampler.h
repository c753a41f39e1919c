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

/// A projective map from destination pixels to source sample positions, in double precision.
///
/// For destination pixel (x, y) (region-local indices), with X = x0 + x * dxdx + y * dxdy and
/// likewise Y and W, the bilinear sample position is (X / W, Y / W), already shifted so that the
/// integer part is the top-left tap. Pixels where W is not positive are behind the eye.
/// Sample positions are clamped to [u_min, u_max] x [v_min, v_max] (the content's first and
/// last pixel), so the content's edge pixels extend to the mask's edge (Core Animation's
/// clamp-to-edge sampling with edge antialiasing).
typedef struct {
    double x0, dxdx, dxdy;
    double y0, dydx, dydy;
    double w0, dwdx, dwdy;
    double u_min, u_max, v_min, v_max;
} ks_projective_map;

/// Composites a bilinearly resampled premultiplied ARGB32 source OVER a premultiplied ARGB32
/// destination through an A8 coverage mask, multiplied by `alpha` (0...255).
///
/// As ks_composite_affine_bilinear, with the map projective and clamped. `src` must have at
/// least one pixel right of and below the clamp box. `mask` holds one coverage byte per pixel
/// of the area, `mask_stride` bytes apart; pixels whose coverage is 0 are not sampled.
void ks_composite_projective_bilinear(const uint32_t *src, int32_t src_width, int32_t src_height, int32_t src_stride,
                                      uint32_t *dst, int32_t dst_stride, int32_t x0, int32_t y0, int32_t width,
                                      int32_t height, const ks_projective_map *map, const uint8_t *mask,
                                      int32_t mask_stride, uint32_t alpha);

#endif
