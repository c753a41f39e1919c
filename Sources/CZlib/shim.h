#include <zlib.h>

// zlib's init calls are macros (they pass the header's version and the stream's size), which
// Swift cannot import; these wrappers make them callable.

/// Starts a raw inflate (RFC 1951 data with no zlib or gzip wrapper: -15 window bits).
static inline int kinema_inflateInitRaw(z_streamp stream) {
    return inflateInit2(stream, -15);
}

/// Starts a deflate with the given level and window bits (-15 raw, 15 zlib, 31 gzip).
static inline int kinema_deflateInit(z_streamp stream, int level, int windowBits) {
    return deflateInit2(stream, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY);
}
