// A bilinear affine sampler with OVER compositing, for rotated and skewed layers.
//
// pixman has SIMD fast paths only for identity and scale-only transforms; other affine maps go
// through its generic fetch-then-combine pipeline (about 9 ns per pixel on our machines). This
// loop does both in one pass: 32.32 fixed-point positions, 7-bit interpolation weights like
// pixman's, the interpolation in SSE2 (baseline on x86-64, so no compiler flags are needed),
// exact 8-bit rounding for opacity and OVER, and per-row spans so that pixels whose sample
// falls outside the source are not visited.
#include "CKinemaSampler.h"

#include <math.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// round(x * a / 255) for each of the four channels of x, exactly.
static inline uint32_t scale_channels(uint32_t x, uint32_t a) {
    uint32_t even = (x & 0x00ff00ffu) * a + 0x00800080u;
    even = ((even + ((even >> 8) & 0x00ff00ffu)) >> 8) & 0x00ff00ffu;
    uint32_t odd = ((x >> 8) & 0x00ff00ffu) * a + 0x00800080u;
    odd = (odd + ((odd >> 8) & 0x00ff00ffu)) & 0xff00ff00u;
    return even | odd;
}

// The bilinear interpolation of the taps at row[0], row[1], row[stride], row[stride + 1] with
// weights fx, fy in 0...127, rounded to nearest; 0 when all four taps are transparent.
static inline uint32_t interpolate(const uint32_t *row, int32_t stride, uint32_t fx, uint32_t fy) {
#if defined(__SSE2__)
    const __m128i top8 = _mm_loadl_epi64((const __m128i *)row);
    const __m128i bottom8 = _mm_loadl_epi64((const __m128i *)(row + stride));
    if (_mm_cvtsi128_si64(_mm_or_si128(top8, bottom8)) == 0) return 0;
    const __m128i zero = _mm_setzero_si128();
    const __m128i top = _mm_unpacklo_epi8(top8, zero), bottom = _mm_unpacklo_epi8(bottom8, zero);
    // Vertical first: left and right columns, four channels each, at most 255 * 128.
    const __m128i vertical = _mm_add_epi16(_mm_mullo_epi16(top, _mm_set1_epi16((short)(128 - fy))),
                                           _mm_mullo_epi16(bottom, _mm_set1_epi16((short)fy)));
    // Pair each left channel with its right channel, then weight and add them in 32 bits.
    const __m128i pairs = _mm_unpacklo_epi16(vertical, _mm_unpackhi_epi64(vertical, vertical));
    __m128i sum = _mm_madd_epi16(pairs, _mm_set1_epi32((int)((fx << 16) | (128 - fx))));
    sum = _mm_srli_epi32(_mm_add_epi32(sum, _mm_set1_epi32(8192)), 14);
    const __m128i packed = _mm_packs_epi32(sum, sum);
    return (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(packed, packed));
#else
    const uint32_t tl = row[0], tr = row[1], bl = row[stride], br = row[stride + 1];
    if ((tl | tr | bl | br) == 0) return 0;
    uint32_t out = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        const uint32_t l = ((tl >> shift) & 0xff) * (128 - fy) + ((bl >> shift) & 0xff) * fy;
        const uint32_t r = ((tr >> shift) & 0xff) * (128 - fy) + ((br >> shift) & 0xff) * fy;
        out |= ((l * (128 - fx) + r * fx + 8192) >> 14) << shift;
    }
    return out;
#endif
}

// Narrows [*lo, *hi) to the pixels i where start + i * step lies in [0, limit), give or take
// one pixel (the loop checks each pixel exactly).
static inline void narrow(int64_t start, int64_t step, uint64_t limit, int32_t *lo, int32_t *hi) {
    if (step == 0) {
        if ((uint64_t)start >= limit) *hi = *lo;
        return;
    }
    double a = (0.0 - (double)start) / (double)step, b = ((double)limit - (double)start) / (double)step;
    if (a > b) {
        double t = a;
        a = b;
        b = t;
    }
    const double first = floor(a) - 1, last = ceil(b) + 1;
    if (first > (double)*lo) *lo = first < (double)*hi ? (int32_t)first : *hi;
    if (last < (double)*hi) *hi = last > (double)*lo ? (int32_t)last : *lo;
}

void ks_composite_affine_bilinear(const uint32_t *src, int32_t src_width, int32_t src_height, int32_t src_stride,
                                  uint32_t *dst, int32_t dst_stride, int32_t x0, int32_t y0, int32_t width,
                                  int32_t height, const ks_affine_map *map, uint32_t alpha) {
    // A sample is drawn when both taps lie inside the source on each axis: 0 <= u < width - 1.
    const uint64_t u_limit = (uint64_t)(src_width - 1) << 32;
    const uint64_t v_limit = (uint64_t)(src_height - 1) << 32;
    const ks_affine_map mp = *map;
    for (int32_t j = 0; j < height; j++) {
        const int64_t y = (int64_t)y0 + j;
        const int64_t u_row = mp.u0 + (int64_t)x0 * mp.dudx + y * mp.dudy;
        const int64_t v_row = mp.v0 + (int64_t)x0 * mp.dvdx + y * mp.dvdy;
        int32_t lo = 0, hi = width;
        narrow(u_row, mp.dudx, u_limit, &lo, &hi);
        narrow(v_row, mp.dvdx, v_limit, &lo, &hi);
        uint32_t *out = dst + (int64_t)j * dst_stride;
        int64_t u = u_row + (int64_t)lo * mp.dudx, v = v_row + (int64_t)lo * mp.dvdx;
        for (int32_t i = lo; i < hi; i++, u += mp.dudx, v += mp.dvdx) {
            if ((uint64_t)u >= u_limit || (uint64_t)v >= v_limit) continue;
            const uint32_t *row = src + (int64_t)(v >> 32) * src_stride + (u >> 32);
            uint32_t s = interpolate(row, src_stride, (uint32_t)(u >> 25) & 0x7f, (uint32_t)(v >> 25) & 0x7f);
            if (s == 0) continue;
            if (alpha != 255) s = scale_channels(s, alpha);
            const uint32_t sa = s >> 24;
            out[i] = sa == 255 ? s : s + scale_channels(out[i], 255 - sa);
        }
    }
}

// x + y for each of the four channels, saturating at 255.
static inline uint32_t add_channels(uint32_t x, uint32_t y) {
#if defined(__SSE2__)
    return (uint32_t)_mm_cvtsi128_si32(_mm_adds_epu8(_mm_cvtsi32_si128((int)x), _mm_cvtsi32_si128((int)y)));
#else
    uint32_t out = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        const uint32_t c = ((x >> shift) & 0xff) + ((y >> shift) & 0xff);
        out |= (c > 255 ? 255 : c) << shift;
    }
    return out;
#endif
}

void ks_add_affine_bilinear(const uint32_t *src, int32_t src_width, int32_t src_height, int32_t src_stride,
                            uint32_t *dst, int32_t dst_stride, int32_t x0, int32_t y0, int32_t width, int32_t height,
                            const ks_affine_map *map) {
    const uint64_t u_limit = (uint64_t)(src_width - 1) << 32;
    const uint64_t v_limit = (uint64_t)(src_height - 1) << 32;
    const ks_affine_map mp = *map;
    for (int32_t j = 0; j < height; j++) {
        const int64_t y = (int64_t)y0 + j;
        const int64_t u_row = mp.u0 + (int64_t)x0 * mp.dudx + y * mp.dudy;
        const int64_t v_row = mp.v0 + (int64_t)x0 * mp.dvdx + y * mp.dvdy;
        int32_t lo = 0, hi = width;
        narrow(u_row, mp.dudx, u_limit, &lo, &hi);
        narrow(v_row, mp.dvdx, v_limit, &lo, &hi);
        uint32_t *out = dst + (int64_t)j * dst_stride;
        int64_t u = u_row + (int64_t)lo * mp.dudx, v = v_row + (int64_t)lo * mp.dvdx;
        for (int32_t i = lo; i < hi; i++, u += mp.dudx, v += mp.dvdx) {
            if ((uint64_t)u >= u_limit || (uint64_t)v >= v_limit) continue;
            const uint32_t *row = src + (int64_t)(v >> 32) * src_stride + (u >> 32);
            const uint32_t s = interpolate(row, src_stride, (uint32_t)(u >> 25) & 0x7f, (uint32_t)(v >> 25) & 0x7f);
            if (s != 0) out[i] = add_channels(out[i], s);
        }
    }
}

// floor(log2(sqrt(x))) for x >= 1, from the exponent of x.
static inline int32_t half_log2(double x) {
    union {
        double d;
        uint64_t u;
    } bits = {x};
    return (int32_t)(((bits.u >> 52) & 0x7ff) - 1023) / 2;
}

// The bilinear sample of content point (cx, cy) from `level`, clamped to its content.
static inline __attribute__((always_inline)) uint32_t sample_level(const ks_level *level, double cx, double cy) {
    // The sample's top-left tap, in the level's bitmap indices.
    double u = cx * level->scale + level->margin - 0.5, v = cy * level->scale + level->margin - 0.5;
    u = u > level->margin ? (u < level->last_u ? u : level->last_u) : level->margin;
    v = v > level->margin ? (v < level->last_v ? v : level->last_v) : level->margin;
    const int32_t ui = (int32_t)u, vi = (int32_t)v;
    const uint32_t fx = (uint32_t)((u - ui) * 128), fy = (uint32_t)((v - vi) * 128);
    return interpolate(level->pixels + (int64_t)vi * level->stride + ui, level->stride, fx, fy);
}

// (a * (256 - w) + b * w) / 256 for each channel, truncated; w in 0...256.
static inline uint32_t mix(uint32_t a, uint32_t b, uint32_t w) {
    const uint32_t even = (((a & 0x00ff00ffu) * (256 - w) + (b & 0x00ff00ffu) * w) >> 8) & 0x00ff00ffu;
    const uint32_t odd = (((a >> 8) & 0x00ff00ffu) * (256 - w) + ((b >> 8) & 0x00ff00ffu) * w) & 0xff00ff00u;
    return even | odd;
}

void ks_composite_projective_bilinear(const ks_level *levels, int32_t level_count, uint32_t *dst, int32_t dst_stride,
                                      int32_t x0, int32_t y0, int32_t width, int32_t height,
                                      const ks_projective_map *map, const uint8_t *mask, int32_t mask_stride,
                                      uint32_t alpha) {
    // Local copies, which the compiler keeps in registers across the destination stores.
    const ks_projective_map mp = *map;
    const ks_level base = levels[0];
    for (int32_t j = 0; j < height; j++) {
        const double y = (double)((int64_t)y0 + j);
        const uint8_t *coverage = mask + (int64_t)j * mask_stride;
        uint32_t *out = dst + (int64_t)j * dst_stride;
        for (int32_t i = 0; i < width; i++) {
            const uint32_t m = coverage[i];
            if (m == 0) continue;
            // Each pixel's position from its own indices, so bands give identical results.
            const double x = (double)((int64_t)x0 + i);
            const double w = mp.w0 + x * mp.dwdx + y * mp.dwdy;
            if (!(w > 0)) continue;
            const double r = 1 / w;
            const double cx = (mp.x0 + x * mp.dxdx + y * mp.dxdy) * r;
            const double cy = (mp.y0 + x * mp.dydx + y * mp.dydy) * r;
            int32_t k = 0;
            uint32_t blend = 0;
            if (level_count > 1) {
                // The map's Jacobian here (content pixels per destination pixel) and its largest
                // singular value squared, s^2.
                const double a = (mp.dxdx - cx * mp.dwdx) * r, b = (mp.dxdy - cx * mp.dwdy) * r;
                const double c = (mp.dydx - cy * mp.dwdx) * r, d = (mp.dydy - cy * mp.dwdy) * r;
                const double sum = a * a + b * b + c * c + d * d, det = a * d - b * c;
                const double disc = sum * sum - 4 * det * det;
                const double stretch2 = 0.5 * (sum + sqrt(disc > 0 ? disc : 0));
                // Level floor(log2 s); over the last half octave before the next level, blend
                // towards it (linearly in s^2), so the switch leaves no seam.
                if (stretch2 >= 4) k = stretch2 < 1e300 ? half_log2(stretch2) : level_count - 1;
                if (k >= level_count - 1) {
                    k = level_count - 1;
                } else {
                    const double next = (double)(1ull << (2 * k + 2)), start = next * 0.5;
                    if (stretch2 > start) blend = (uint32_t)((stretch2 - start) / (next - start) * 256);
                }
            }
            uint32_t s = sample_level(k == 0 ? &base : levels + k, cx, cy);
            if (blend > 0) s = mix(s, sample_level(levels + k + 1, cx, cy), blend > 256 ? 256 : blend);
            if (s == 0) continue;
            const uint32_t a = alpha == 255 ? m : (m == 255 ? alpha : scale_channels(m, alpha) & 0xff);
            if (a != 255) s = scale_channels(s, a);
            const uint32_t sa = s >> 24;
            out[i] = sa == 255 ? s : s + scale_channels(out[i], 255 - sa);
        }
    }
}
