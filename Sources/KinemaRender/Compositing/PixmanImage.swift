import CPixman
import KinemaGeometry
import KinemaGraphics

/// An owned `pixman_image_t`, released when the wrapper goes away.
///
/// Images that wrap a ``Bitmap`` share its memory and keep it alive. Each composite makes its
/// own wrappers, so that transforms and filters set on them never race between threads.
final class PixmanImage {
    let handle: OpaquePointer
    /// The bitmap whose memory the image uses, kept alive with it.
    private let owner: Bitmap?

    private init(handle: OpaquePointer, owner: Bitmap?) {
        self.handle = handle
        self.owner = owner
    }

    deinit { pixman_image_unref(handle) }

    /// An `a8r8g8b8` image on `bitmap`'s memory.
    convenience init?(bitmap: Bitmap) {
        let bits = bitmap.data.assumingMemoryBound(to: UInt32.self)
        guard
            let h = pixman_image_create_bits(
                PIXMAN_a8r8g8b8, Int32(bitmap.width), Int32(bitmap.height), bits, Int32(bitmap.stride))
        else { return nil }
        self.init(handle: h, owner: bitmap)
    }

    /// A zeroed `a8` image of `width × height` pixels with its own memory.
    convenience init?(alphaWidth width: Int, height: Int) {
        guard let h = pixman_image_create_bits(PIXMAN_a8, Int32(width), Int32(height), nil, 0) else { return nil }
        self.init(handle: h, owner: nil)
    }

    /// A solid image of alpha `alpha8 / 255` (black, premultiplied), for opacity through a mask.
    convenience init?(solidAlpha alpha8: UInt8) {
        var color = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16(alpha8) * 257)
        guard let h = pixman_image_create_solid_fill(&color) else { return nil }
        self.init(handle: h, owner: nil)
    }

    /// Sets the sampling filter.
    func setFilter(_ filter: SamplingFilter) {
        pixman_image_set_filter(handle, filter == .nearest ? PIXMAN_FILTER_NEAREST : PIXMAN_FILTER_BILINEAR, nil, 0)
    }

    /// Sets the destination-to-source transform; `false` if pixman refused it.
    func setTransform(_ t: FixedTransform) -> Bool {
        var pt = pixman_transform_t()
        let m = t.entries
        pt.matrix = ((m[0], m[1], m[2]), (m[3], m[4], m[5]), (m[6], m[7], m[8]))
        return pixman_image_set_transform(handle, &pt) != 0
    }
}

/// Opacity as the 8-bit alpha pixman multiplies by: `round(opacity · 255)`, 0 for NaN.
func alpha8(_ opacity: Double) -> UInt8 {
    guard opacity.isFinite else { return opacity == .infinity ? 255 : 0 }
    return UInt8((min(max(opacity, 0), 1) * 255).rounded())
}

/// Runs `pixman_image_composite32` over `rect` of the destination; `sourceOrigin` and
/// `maskOrigin` are the source and mask pixels that land on the rectangle's first pixel.
func pixmanComposite(
    _ op: pixman_op_t, source: PixmanImage, mask: PixmanImage?, destination: PixmanImage,
    sourceOrigin: (x: Int, y: Int), maskOrigin: (x: Int, y: Int) = (0, 0), rect: PixelRect
) {
    pixman_image_composite32(
        op, source.handle, mask?.handle, destination.handle, Int32(sourceOrigin.x), Int32(sourceOrigin.y),
        Int32(maskOrigin.x), Int32(maskOrigin.y), Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
}
