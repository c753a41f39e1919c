import CCairo

#if canImport(Glibc)
    import Glibc
#endif

extension Bitmap {
    /// The name used in errors for PNG data that did not come from a file.
    public static let pngDataName = "(PNG data)"

    /// Decodes the PNG file at `path` into a new bitmap.
    ///
    /// Any PNG that cairo's decoder (libpng) reads is accepted: grey, RGB, palette, with or
    /// without alpha, 8 or 16 bits per channel. The pixels are converted to premultiplied ARGB32;
    /// images without alpha become opaque.
    ///
    /// - Throws: ``GraphicsError/unreadableImage(path:reason:)`` naming `path` when the file is
    ///   missing, cannot be read, is not a PNG, is corrupt, or is larger than
    ///   ``GraphicsError/maximumDimension`` pixels on a side.
    public convenience init(pngFile path: String) throws(GraphicsError) {
        try self.init(pngBytes: try PNGFile.read(path), name: path)
    }

    /// Decodes PNG data (the bytes of a `.png` file) into a new bitmap, as
    /// ``init(pngFile:)`` does.
    ///
    /// - Throws: ``GraphicsError/unreadableImage(path:reason:)`` with the path
    ///   ``pngDataName`` when the data is not a readable PNG.
    public convenience init(pngData: [UInt8]) throws(GraphicsError) {
        try self.init(pngBytes: pngData, name: Bitmap.pngDataName)
    }

    convenience init(pngBytes: [UInt8], name: String) throws(GraphicsError) {
        let size = try PNGFile.checkHeader(pngBytes, name: name)
        let decoded = try PNGFile.decode(pngBytes, name: name)
        defer { cairo_surface_destroy(decoded) }
        let width = Int(cairo_image_surface_get_width(decoded))
        let height = Int(cairo_image_surface_get_height(decoded))
        guard width == size.width, height == size.height else {
            throw .unreadableImage(
                path: name, reason: "decoded size \(width)×\(height) differs from the header's \(size.width)×\(size.height)")
        }
        try self.init(width: width, height: height)
        // cairo decodes to ARGB32 or RGB24 (or A8); painting with SOURCE converts any of them.
        let target = ImageSurface(self)
        withExtendedLifetime(target) {
            let cr = cairo_create(target.surface)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_surface(cr, decoded, 0, 0)
            cairo_paint(cr)
            cairo_destroy(cr)
            cairo_surface_flush(target.surface)
        }
    }

    /// The bitmap encoded as a PNG file's bytes: 8-bit RGBA (straight alpha, as PNG requires),
    /// with libpng's default compression.
    ///
    /// Decoding the result gives the same pixels back for every bitmap whose pixels are valid
    /// premultiplied values (no channel above alpha), which is every bitmap drawn by cairo.
    ///
    /// - Throws: ``GraphicsError/pngEncodingFailed(reason:)`` if cairo reports an error.
    public func pngData() throws(GraphicsError) -> [UInt8] {
        let source = ImageSurface(self)
        let sink = PNGFile.Sink()
        let status = withExtendedLifetime(source) {
            cairo_surface_write_to_png_stream(source.surface, PNGFile.write, Unmanaged.passUnretained(sink).toOpaque())
        }
        guard status == CAIRO_STATUS_SUCCESS else { throw .pngEncodingFailed(reason: PNGFile.describe(status)) }
        return sink.bytes
    }

    /// Writes the bitmap as a PNG file at `path`, replacing any file there.
    ///
    /// - Throws: ``GraphicsError/unwritableFile(path:reason:)`` naming `path` and the system's
    ///   reason when the file cannot be created or written, or
    ///   ``GraphicsError/pngEncodingFailed(reason:)``.
    public func writePNG(to path: String) throws(GraphicsError) {
        try PNGFile.write(try pngData(), to: path)
    }
}
