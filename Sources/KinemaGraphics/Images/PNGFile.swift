import CCairo

#if canImport(Glibc)
    import Glibc
#endif

/// File and stream plumbing for PNG decoding and encoding through cairo.
enum PNGFile {
    /// The eight bytes every PNG file starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The whole file at `path`: a regular file of at most ``InputFile/imageSizeLimit`` bytes.
    static func read(_ path: String) throws(GraphicsError) -> [UInt8] {
        do {
            return try InputFile.read(path, limit: InputFile.imageSizeLimit)
        } catch {
            throw .unreadableImage(path: path, reason: error.reason)
        }
    }

    /// Writes `bytes` to `path` through an ``OutputFile``: the file appears whole or not at all.
    static func write(_ bytes: [UInt8], to path: String) throws(GraphicsError) {
        do {
            try OutputFile(path).write { fd throws(OutputFileError) in try OutputFile.writeAll(bytes, to: fd, path: path) }
        } catch {
            throw .unwritableFile(path: error.path, reason: error.reason)
        }
    }

    /// The width and height in a PNG's header, checked before anything is decoded so that a
    /// huge or broken header never allocates.
    static func checkHeader(_ bytes: [UInt8], name: String) throws(GraphicsError) -> (width: Int, height: Int) {
        guard !bytes.isEmpty else { throw .unreadableImage(path: name, reason: "the file is empty") }
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else {
            throw .unreadableImage(path: name, reason: "not a PNG file (it does not start with the PNG signature)")
        }
        guard bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8) else {
            throw .unreadableImage(path: name, reason: "corrupt PNG: the IHDR header chunk is missing or cut short")
        }
        func be32(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        let width = be32(16)
        let height = be32(20)
        try checkSize(width: width, height: height, name: name)
        return (width, height)
    }

    /// Throws unless an image of `width × height` pixels may be decoded: 1 to
    /// ``GraphicsError/maximumDimension`` on each side and at most
    /// ``GraphicsError/maximumImagePixels`` in all.
    static func checkSize(width: Int, height: Int, name: String) throws(GraphicsError) {
        let limit = GraphicsError.maximumDimension
        guard (1...limit).contains(width), (1...limit).contains(height) else {
            throw .unreadableImage(path: name, reason: "the image is \(width)×\(height) pixels; expected 1 to \(limit) on each side")
        }
        guard width * height <= GraphicsError.maximumImagePixels else {
            let megapixels = GraphicsError.maximumImagePixels >> 20
            let expected = "expected at most \(megapixels) megapixels (\(megapixels * 4) MiB decoded, 8192 × 8192)"
            throw .unreadableImage(path: name, reason: "the image is \(width)×\(height) pixels; \(expected)")
        }
    }

    /// Decodes `bytes` with cairo; the caller destroys the returned `cairo_surface_t *`.
    static func decode(_ bytes: [UInt8], name: String) throws(GraphicsError) -> OpaquePointer {
        let surface: OpaquePointer? = bytes.withUnsafeBytes { buffer in
            let source = Source(buffer)
            return withExtendedLifetime(source) {
                cairo_image_surface_create_from_png_stream(read, Unmanaged.passUnretained(source).toOpaque())
            }
        }
        guard let surface else { throw .unreadableImage(path: name, reason: "cairo could not create an image") }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .unreadableImage(path: name, reason: failure(status, bytes))
        }
        return surface
    }

    /// Why cairo could not decode `bytes`. cairo turns every error libpng raises into "out of
    /// memory" (`CAIRO_STATUS_NO_MEMORY`), so a corrupt file would read as an allocation failure;
    /// ``PNGDiagnosis`` finds what is wrong instead (`corrupt PNG: invalid filter type 7 in row 3
    /// of 4; expected 0 to 4`). The header was checked before decoding, so the image fits in
    /// memory.
    static func failure(_ status: cairo_status_t, _ bytes: [UInt8]) -> String {
        if let problem = PNGDiagnosis(bytes: bytes).problem() { return "corrupt PNG: \(problem)" }
        if status == CAIRO_STATUS_NO_MEMORY {
            return "corrupt or unsupported PNG: libpng rejected it without saying why (cairo reports that as 'out of memory')"
        }
        return "corrupt or unsupported PNG (\(describe(status)))"
    }

    /// cairo's description of `status`.
    static func describe(_ status: cairo_status_t) -> String {
        cairo_status_to_string(status).map { String(cString: $0) } ?? "cairo status \(status.rawValue)"
    }

    /// Bytes being read by cairo's PNG decoder.
    final class Source {
        let buffer: UnsafeRawBufferPointer
        var offset = 0
        init(_ buffer: UnsafeRawBufferPointer) { self.buffer = buffer }
    }

    /// Bytes written by cairo's PNG encoder.
    final class Sink {
        var bytes: [UInt8] = []
    }

    /// cairo's read callback: copies the next `length` bytes, or fails at the end of the data
    /// (which libpng reports as a read error, never a crash).
    static let read: cairo_read_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
        let source = Unmanaged<Source>.fromOpaque(closure).takeUnretainedValue()
        let count = Int(length)
        guard count <= source.buffer.count - source.offset, let base = source.buffer.baseAddress else { return CAIRO_STATUS_READ_ERROR }
        UnsafeMutableRawPointer(data).copyMemory(from: base + source.offset, byteCount: count)
        source.offset += count
        return CAIRO_STATUS_SUCCESS
    }

    /// cairo's write callback: appends the bytes.
    static let write: cairo_write_func_t = { closure, data, length in
        guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
        let sink = Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue()
        if let data, length > 0 { sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length))) }
        return CAIRO_STATUS_SUCCESS
    }
}
