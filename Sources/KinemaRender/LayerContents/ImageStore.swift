import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaLayers

/// Decoded `contents` images by file path (or `data:` URL of a PNG image), or by the identity of
/// the ``EncodedImage`` holding a file's bytes in memory (as Lottie files embed theirs), shared by
/// every frame a renderer draws. Thread-safe: an image is decoded once, by the first thread that
/// needs it, and any other thread that needs it meanwhile waits for that decode.
final class ImageStore: @unchecked Sendable {
    /// What names one image: a path (or `data:` URL), or bytes in memory, told apart by the
    /// instance holding them (never by comparing or hashing the bytes).
    struct Key: Hashable {
        /// The path, or for bytes in memory the name errors give them.
        let source: String
        let encoded: EncodedImage?

        init(_ contents: LayerContents) {
            source = contents.source
            encoded = contents.encoded
        }

        init(path: String) {
            source = path
            encoded = nil
        }

        static func == (a: Key, b: Key) -> Bool {
            if let encoded = a.encoded { return b.encoded === encoded }
            return b.encoded == nil && a.source == b.source
        }

        func hash(into hasher: inout Hasher) {
            if let encoded { hasher.combine(ObjectIdentifier(encoded)) } else { hasher.combine(source) }
        }
    }

    private enum Slot {
        case decoding
        /// The image or why it could not be read, and whether it is opaque (every pixel's alpha
        /// 255; `false` for a failure).
        case decoded(Result<Bitmap, RenderError>, isOpaque: Bool)
    }

    private let condition = NSCondition()
    private var images: [Key: Slot] = [:]

    /// The decoded image at `path`, decoding it on first use.
    ///
    /// - Throws: ``RenderError/graphics(_:)`` with ``GraphicsError/unreadableImage(path:reason:)``
    ///   when the file is missing or not a PNG.
    func image(at path: String) throws(RenderError) -> Bitmap { try image(Key(path: path)) }

    /// The decoded image `contents` shows: its ``LayerContents/encoded`` bytes, or the file at its
    /// source. Decoded on first use.
    ///
    /// - Throws: as ``image(at:)``, naming the contents' source.
    func image(of contents: LayerContents) throws(RenderError) -> Bitmap { try image(Key(contents)) }

    func image(_ key: Key) throws(RenderError) -> Bitmap {
        condition.lock()
        while case .decoding? = images[key] { condition.wait() }
        if case .decoded(let result, _)? = images[key] {
            condition.unlock()
            return try result.get()
        }
        images[key] = .decoding
        condition.unlock()
        let result: Result<Bitmap, RenderError>
        do { result = .success(try Self.decode(key)) } catch { result = .failure(.graphics(error)) }
        // Found once here, on the thread that decodes (a background one for prepared images),
        // rather than when a frame first asks.
        let isOpaque = (try? result.get()).map(Self.isOpaque) ?? false
        condition.lock()
        images[key] = .decoded(result, isOpaque: isOpaque)
        condition.broadcast()
        condition.unlock()
        return try result.get()
    }

    /// Decodes the images `keys` name that are not decoded yet, one after the other, on a
    /// background thread; returns at once. A failure is kept and reported when the image is drawn.
    func prepare(_ keys: [Key]) {
        condition.lock()
        let missing = keys.filter { images[$0] == nil }
        condition.unlock()
        guard !missing.isEmpty else { return }
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            for key in missing { _ = try? image(key) }
        }
    }

    /// The image `key` names: its bytes in memory (a PNG or JPEG file's, errors naming its
    /// source), or its source as the path or `data:` URL overload reads it.
    static func decode(_ key: Key) throws(GraphicsError) -> Bitmap {
        guard let encoded = key.encoded else { return try decode(key.source) }
        if Bitmap.looksLikeJPEG(encoded.bytes) {
            do { return try Bitmap(jpegData: encoded.bytes) } catch { throw error.naming(key.source) }
        }
        do { return try Bitmap(pngData: encoded.bytes) } catch { throw error.naming(key.source) }
    }

    /// The PNG or JPEG file at `source`, or the PNG or JPEG in a `data:` URL (RFC 2397, base64).
    static func decode(_ source: String) throws(GraphicsError) -> Bitmap {
        guard source.hasPrefix("data:") else { return try Bitmap(imageFile: source) }
        let name = "a data: URL"
        guard let comma = source.firstIndex(of: ","), source[..<comma].hasSuffix(";base64") else {
            throw .unreadableImage(path: name, reason: "expected base64 data (data:image/png;base64,…)")
        }
        guard let data = Data(base64Encoded: String(source[source.index(after: comma)...]), options: .ignoreUnknownCharacters)
        else {
            throw .unreadableImage(path: name, reason: "the base64 data does not decode")
        }
        let bytes = [UInt8](data)
        if Bitmap.looksLikeJPEG(bytes) { return try Bitmap(jpegData: bytes) }
        do { return try Bitmap(pngData: bytes) } catch {
            throw .unreadableImage(path: name, reason: "not a PNG or JPEG image")
        }
    }

    /// Whether the image at `path` is decoded and has alpha 255 in every pixel: `false` while
    /// it is not decoded yet (this never waits for a decode: a live window's frames go on while
    /// its images decode in the background), and when it cannot be decoded.
    func isOpaque(_ path: String) -> Bool { isOpaque(Key(path: path)) }

    /// Whether the image `contents` shows is decoded and opaque, as for a path.
    func isOpaque(of contents: LayerContents) -> Bool { isOpaque(Key(contents)) }

    private func isOpaque(_ key: Key) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard case .decoded(_, let isOpaque)? = images[key] else { return false }
        return isOpaque
    }

    /// Whether every pixel of `b` has alpha 255.
    static func isOpaque(_ b: Bitmap) -> Bool {
        for y in 0..<b.height {
            let row = b.row(y)
            for x in 0..<b.width where row[x] >> 24 != 0xFF { return false }
        }
        return true
    }

    /// The image's size in pixels, or `nil` when it cannot be read.
    func size(of path: String) -> Size? {
        guard let b = try? image(at: path) else { return nil }
        return Size(width: Double(b.width), height: Double(b.height))
    }

    /// The size in pixels of the image `contents` shows, or `nil` when it cannot be read.
    func size(of contents: LayerContents) -> Size? {
        guard let b = try? image(of: contents) else { return nil }
        return Size(width: Double(b.width), height: Double(b.height))
    }
}

extension GraphicsError {
    /// The error with an unreadable image's path replaced by `name` (data decoded from memory is
    /// otherwise named `(PNG data)` or `(JPEG data)`).
    func naming(_ name: String) -> GraphicsError {
        guard case .unreadableImage(_, let reason) = self else { return self }
        return .unreadableImage(path: name, reason: reason)
    }
}
