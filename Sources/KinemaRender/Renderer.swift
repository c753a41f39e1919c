import KinemaGeometry
import KinemaGraphics
import KinemaLayers

/// Turns render trees into pixels, as Core Animation's render server does: layer contents are
/// rasterised once into cached backing stores, and each frame composites them with the layers'
/// 2D and 3D transforms.
///
/// One renderer may be used from several threads at once (its caches are shared and locked);
/// the pixels do not depend on how many threads render or in which order.
public final class Renderer: @unchecked Sendable {
    let cache = ContentCache()
    let images = ImageStore()

    /// Creates a renderer with empty caches.
    public init() {}

    /// Renders `tree` (a root layer's snapshot, in its superlayer's coordinates: for a scene's
    /// root, the window) into a new bitmap of `size × scale` pixels.
    ///
    /// - Parameters:
    ///   - tree: the snapshot, from `Layer.renderTree(at:)`.
    ///   - size: the area shown, in points, from (0, 0).
    ///   - scale: pixels per point (1, 2, 3…). Default 1.
    ///   - background: the colour under everything, or `nil` for transparent. Default `nil`.
    /// - Throws: ``RenderError/graphics(_:)`` when a `contents` image cannot be read; ``RenderError/invalidArgument(name:expected:got:)`` for a size or scale that is not
    ///   finite and positive or gives a bitmap larger than the limit.
    public func render(_ tree: RenderNode, size: Size, scale: Double = 1, background: Color? = nil) throws(RenderError) -> Bitmap {
        let bitmap = try Renderer.makeBitmap(size: size, scale: scale)
        if let background { bitmap.fill(background) }
        let composer = FrameComposer(cache: cache, images: images, scale: scale)
        defer { cache.trim() }
        try composer.draw(tree, in: Renderer.windowPlane(scale: scale), into: bitmap, alpha: 1)
        return bitmap
    }

    static func makeBitmap(size: Size, scale: Double) throws(RenderError) -> Bitmap {
        let pixels = try pixelSize(size: size, scale: scale)
        do { return try Bitmap(width: pixels.width, height: pixels.height) } catch { throw .graphics(error) }
    }

    /// The frame's size in pixels: `size × scale`, rounded up, after checking both.
    static func pixelSize(size: Size, scale: Double) throws(RenderError) -> (width: Int, height: Int) {
        guard scale.isFinite, scale > 0, scale <= GraphicsError.maximumScale else {
            throw .invalidArgument(
                name: "scale", expected: "a number of pixels per point above 0 and at most \(Int(GraphicsError.maximumScale))",
                got: "\(scale)")
        }
        guard size.isFinite, size.width > 0, size.height > 0 else {
            throw .invalidArgument(name: "size", expected: "a positive, finite width and height in points", got: "\(size)")
        }
        let w = (size.width * scale).rounded(.up), h = (size.height * scale).rounded(.up)
        guard w <= Double(GraphicsError.maximumDimension), h <= Double(GraphicsError.maximumDimension) else {
            throw .graphics(.invalidSize(width: Int(min(w, 1e9)), height: Int(min(h, 1e9))))
        }
        return (Int(w), Int(h))
    }
}
