extension Bitmap {
    /// The width and height in pixels that the first bytes of a PNG or JPEG file declare, checked
    /// as decoding checks them (1 to ``GraphicsError/maximumDimension`` on a side, at most
    /// ``GraphicsError/maximumImagePixels`` in all), without decoding anything: a caller can
    /// refuse an image before reading or decoding the rest of it.
    ///
    /// - Parameters:
    ///   - header: the file's first bytes, or all of them. A PNG's size is in its first 24 bytes;
    ///     a JPEG's is in its frame header (SOF), after any metadata segments.
    ///   - name: the image's name in errors.
    /// - Returns: the size, or `nil` when `header` ends before a JPEG's frame header (decoding
    ///   checks the size then).
    /// - Throws: ``GraphicsError/unreadableImage(path:reason:)`` naming `name` when the bytes are
    ///   neither a PNG nor a JPEG, their header is corrupt, or the size is over the limits.
    public static func imageSize(header: [UInt8], name: String) throws(GraphicsError) -> (width: Int, height: Int)? {
        guard looksLikeJPEG(header) else { return try PNGFile.checkHeader(header, name: name) }
        guard let size = try jpegFrameSize(header, name: name) else { return nil }
        try PNGFile.checkSize(width: size.width, height: size.height, name: name)
        return size
    }

    /// The size in a JPEG's first frame header (ITU T.81 section B.2.2: SOF0–SOF15 but DHT, JPG
    /// and DAC), found by walking the marker segments from the start of the image; `nil` when
    /// `bytes` end first.
    private static func jpegFrameSize(_ bytes: [UInt8], name: String) throws(GraphicsError) -> (width: Int, height: Int)? {
        func be16(_ i: Int) -> Int? { i + 2 <= bytes.count ? Int(bytes[i]) << 8 | Int(bytes[i + 1]) : nil }
        var offset = 2  // after SOI (FF D8)
        while offset < bytes.count {
            guard bytes[offset] == 0xFF else {
                throw .unreadableImage(path: name, reason: "corrupt JPEG: expected a marker at byte \(offset)")
            }
            // Any number of FF fill bytes may precede a marker (section B.1.1.2).
            var markerAt = offset + 1
            while markerAt < bytes.count, bytes[markerAt] == 0xFF { markerAt += 1 }
            guard markerAt < bytes.count else { return nil }
            let marker = bytes[markerAt]
            switch marker {
            case 0xC0...0xCF where marker != 0xC4 && marker != 0xC8 && marker != 0xCC:
                // Length, precision, then the number of lines and of samples per line.
                guard let height = be16(markerAt + 4), let width = be16(markerAt + 6) else { return nil }
                return (width, height)
            case 0x01, 0xD0...0xD8:  // TEM, RSTn and SOI stand alone.
                offset = markerAt + 1
            case 0xD9, 0xDA:
                throw .unreadableImage(path: name, reason: "corrupt JPEG: the image data starts before a frame header gives its size")
            default:
                guard let length = be16(markerAt + 1) else { return nil }
                guard length >= 2 else {
                    throw .unreadableImage(path: name, reason: "corrupt JPEG: a segment at byte \(markerAt - 1) declares \(length) bytes")
                }
                offset = markerAt + 1 + length
            }
        }
        return nil
    }
}
