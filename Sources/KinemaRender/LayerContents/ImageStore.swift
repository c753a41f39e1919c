import Foundation
import KinemaGeometry
import KinemaGraphics

/// Decoded `contents` images by file path (or `data:` URL of a PNG image, as Lottie files embed
/// theirs), shared by every frame a renderer draws. Thread-safe:
/// an image is decoded once, by the first thread that needs it, and any other thread that needs
/// it meanwhile waits for that decode.
final class ImageStore: @unchecked Sendable {
    private enum Slot {
        case decoding
        /// The image or why it could not be read, and whether it is opaque (every pixel's alpha
        /// 255; `false` for a failure).
        case decoded(Result<Bitmap, RenderError>, isOpaque: Bool)
    }

    private let condition = NSCondition()
    private var images: [String: Slot] = [:]

    /// The decoded image at `path`, decoding it on first use.
    ///
    /// - Throws: ``RenderError/graphics(_:)`` with ``GraphicsError/unreadableImage(path:reason:)``
    ///   when the file is missing or not a PNG.
    func image(at path: String) throws(RenderError) -> Bitmap {
        condition.lock()
        while case .decoding? = images[path] { condition.wait() }
        if case .decoded(let result, _)? = images[path] {
            condition.unlock()
            return try result.get()
        }
        images[path] = .decoding
        condition.unlock()
        let result: Result<Bitmap, RenderError>
        do { result = .success(try Self.decode(path)) } catch { result = .failure(.graphics(error)) }
        // Found once here, on the thread that decodes (a background one for prepared images),
        // rather than when a frame first asks.
        let isOpaque = (try? result.get()).map(Self.isOpaque) ?? false
        condition.lock()
        images[path] = .decoded(result, isOpaque: isOpaque)
        condition.broadcast()
        condition.unlock()
        return try result.get()
    }

    /// Decodes the images at `paths` not decoded yet, one after the other, on a background
    /// thread; returns at once. A failure is kept and reported when the image is drawn.
    func prepare(_ paths: [String]) {
        condition.lock()
        let missing = paths.filter { images[$0] == nil }
        condition.unlock()
        guard !missing.isEmpty else { return }
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            for path in missing { _ = try? image(at: path) }
        }
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
    func isOpaque(_ path: String) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard case .decoded(_, let isOpaque)? = images[path] else { return false }
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
}
