import Foundation
import KinemaGeometry
import KinemaGraphics

/// Decoded `contents` images by file path, shared by every frame a renderer draws. Thread-safe.
final class ImageStore: @unchecked Sendable {
    private let lock = NSLock()
    private var images: [String: Result<Bitmap, RenderError>] = [:]

    /// The decoded image at `path`, decoding it on first use.
    ///
    /// - Throws: ``RenderError/graphics(_:)`` with ``GraphicsError/unreadableImage(path:reason:)``
    ///   when the file is missing or not a PNG.
    func image(at path: String) throws(RenderError) -> Bitmap {
        lock.lock()
        let cached = images[path]
        lock.unlock()
        let result: Result<Bitmap, RenderError>
        if let cached {
            result = cached
        } else {
            do { result = .success(try Bitmap(pngFile: path)) } catch { result = .failure(.graphics(error)) }
            lock.lock()
            images[path] = result
            lock.unlock()
        }
        return try result.get()
    }

    /// The image's size in pixels, or `nil` when it cannot be read.
    func size(of path: String) -> Size? {
        guard let b = try? image(at: path) else { return nil }
        return Size(width: Double(b.width), height: Double(b.height))
    }
}
