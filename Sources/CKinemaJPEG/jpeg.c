#include "CKinemaJPEG.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

struct ks_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char *message;
    size_t message_size;
};

static void ks_error_exit(j_common_ptr info) {
    struct ks_error *error = (struct ks_error *)info->err;
    if (error->message && error->message_size > 0) {
        char text[JMSG_LENGTH_MAX];
        (*info->err->format_message)(info, text);
        snprintf(error->message, error->message_size, "%s", text);
    }
    longjmp(error->jump, 1);
}

static void ks_output_message(j_common_ptr info) { (void)info; }

int ks_jpeg_decode(const uint8_t *data, size_t size, size_t max_pixels, uint8_t **pixels, int *width, int *height,
                   char *message, size_t message_size) {
    struct jpeg_decompress_struct info;
    struct ks_error error;
    uint8_t *volatile out = NULL;
    *pixels = NULL;
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = ks_error_exit;
    error.manager.output_message = ks_output_message;
    error.message = message;
    error.message_size = message_size;
    if (message && message_size > 0) message[0] = 0;
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&info);
        free(out);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    info.out_color_space = JCS_RGB;
    if ((size_t)info.image_width * (size_t)info.image_height > max_pixels || info.image_width == 0 || info.image_height == 0) {
        if (message && message_size > 0) {
            snprintf(message, message_size, "a %ux%u image is larger than %zu pixels", info.image_width, info.image_height, max_pixels);
        }
        jpeg_destroy_decompress(&info);
        return -1;
    }
    jpeg_start_decompress(&info);
    size_t stride = (size_t)info.output_width * 3;
    out = malloc(stride * info.output_height);
    if (!out) {
        if (message && message_size > 0) snprintf(message, message_size, "out of memory");
        jpeg_destroy_decompress(&info);
        return -1;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = out + stride * info.output_scanline;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    *width = (int)info.output_width;
    *height = (int)info.output_height;
    *pixels = out;
    jpeg_destroy_decompress(&info);
    return 0;
}

void ks_jpeg_free(uint8_t *pixels) { free(pixels); }
