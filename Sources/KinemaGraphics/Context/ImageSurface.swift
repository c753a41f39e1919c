import CCairo

/// A cairo image surface over a ``Bitmap``'s memory (`cairo_image_surface_create_for_data`,
/// ARGB32), kept alive with the bitmap and finished and destroyed when released.
final class ImageSurface {
    /// The bitmap whose memory the surface uses; kept alive as long as the surface.
    let bitmap: Bitmap
    /// The `cairo_surface_t *`. cairo always returns a valid object (an error surface if the
    /// bitmap's layout were unusable, on which drawing does nothing).
    let surface: OpaquePointer

    init(_ bitmap: Bitmap) {
        self.bitmap = bitmap
        surface = cairo_image_surface_create_for_data(
            bitmap.data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(bitmap.width), Int32(bitmap.height),
            Int32(bitmap.stride))
    }

    deinit {
        // Finishing first detaches anything cairo might still hold, so no cairo object can
        // reach the bitmap's memory after this.
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
    }
}
