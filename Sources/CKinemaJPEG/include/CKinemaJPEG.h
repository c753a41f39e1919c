#ifndef CKINEMA_JPEG_H
#define CKINEMA_JPEG_H

#include <stddef.h>
#include <stdint.h>

/// Decodes a baseline or progressive JPEG (libjpeg-turbo) into 8-bit RGB, three bytes per
/// pixel, rows top to bottom. Returns 0 and sets *pixels (free with ks_jpeg_free), *width and
/// *height; otherwise returns -1 and writes libjpeg's message into `message` (NUL-terminated,
/// at most `message_size` bytes). Images over `max_pixels` pixels are refused before any
/// pixel is decoded. libjpeg's fatal errors return here instead of exiting the process.
int ks_jpeg_decode(const uint8_t *data, size_t size, size_t max_pixels, uint8_t **pixels, int *width, int *height,
                   char *message, size_t message_size);

/// Frees pixels from ks_jpeg_decode.
void ks_jpeg_free(uint8_t *pixels);

#endif
