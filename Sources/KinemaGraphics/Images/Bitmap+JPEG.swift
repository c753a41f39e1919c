import CKinemaJPEG

extension Bitmap {
    /// The name errors give JPEG data decoded from memory.
    public static let jpegDataName = "(JPEG data)"

    /// Decodes JPEG data (baseline or progressive, any colour space libjpeg-turbo converts to
    /// RGB) into a new, opaque bitmap.
    ///
    /// - Throws: ``GraphicsError/unreadableImage(path:reason:)`` with the path ``jpegDataName``
    ///   and libjpeg's message when the data is not a readable JPEG, or when the image has more
    ///   than ``GraphicsError/maximumImagePixels`` pixels (refused before its pixels are
    ///   decoded).
    public convenience init(jpegData: [UInt8]) throws(GraphicsError) {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = jpegData.withUnsafeBufferPointer { data in
            ks_jpeg_decode(
                data.baseAddress, data.count, GraphicsError.maximumImagePixels, &pixels, &width, &height, &message, message.count)
        }
        guard status == 0, let pixels else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .unreadableImage(path: Bitmap.jpegDataName, reason: reason.isEmpty ? "not a JPEG image" : reason)
        }
        defer { ks_jpeg_free(pixels) }
        try self.init(width: Int(width), height: Int(height))
        for y in 0..<Int(height) {
            let target = row(y)
            let source = pixels + y * Int(width) * 3
            for x in 0..<Int(width) {
                let r = UInt32(source[3 * x]), g = UInt32(source[3 * x + 1]), b = UInt32(source[3 * x + 2])
                target[x] = 0xFF00_0000 | r << 16 | g << 8 | b
            }
        }
    }

    /// Decodes the image file at `path`: a JPEG when it starts as one, otherwise a PNG.
    ///
    /// - Throws: ``GraphicsError/unreadableImage(path:reason:)`` naming `path`.
    public convenience init(imageFile path: String) throws(GraphicsError) {
        let bytes = try PNGFile.read(path)
        guard Bitmap.looksLikeJPEG(bytes) else {
            try self.init(pngBytes: bytes, name: path)
            return
        }
        do { try self.init(jpegData: bytes) } catch {
            if case .unreadableImage(_, let reason) = error { throw .unreadableImage(path: path, reason: reason) }
            throw error
        }
    }

    /// Whether `bytes` start as a JPEG file does (the start-of-image marker).
    public static func looksLikeJPEG(_ bytes: some Sequence<UInt8>) -> Bool {
        Array(bytes.prefix(3)) == [0xFF, 0xD8, 0xFF]
    }
}
