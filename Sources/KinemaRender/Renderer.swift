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
    let cache: ContentCache
    let images = ImageStore()
    /// Counts the surfaces the renderer makes while drawing.
    let pixels: PixelBudget
    /// Frame-sized bitmaps lent to the threads drawing one frame together.
    let scratchFrames = ScratchFrames()
    /// Offscreen group surfaces kept between the frames threads draw together.
    let surfacePool = SurfacePool()

    /// Whether what a later layer covers with opaque pixels is left undrawn (the pixels are the
    /// same either way). Tests turn it off to compare. Default `true`.
    var cullsOccludedPixels = true

    /// The default ``memoryBudget``: 512 MiB.
    public static let defaultMemoryBudget = 512 << 20

    /// The most pixel memory the renderer's working surfaces may hold at once, bytes: the layers'
    /// backing stores (cached between frames or not), shadows, and the offscreen surfaces of
    /// groups, masks and transitions, for every frame being drawn. The frames returned are not
    /// counted. Half of it may be kept in the cache between frames. A frame that needs more fails
    /// with ``RenderError/overMemoryBudget(layer:width:height:budget:)`` naming the layer, before
    /// the memory is taken.
    public let memoryBudget: Int

    /// Creates a renderer with empty caches and a memory budget.
    ///
    /// - Parameters:
    ///   - memoryBudget: bytes, at least 1 MiB. Default ``defaultMemoryBudget``.
    ///   - keepsUnreusedStores: whether a backing store that no later frame has used is kept
    ///     between frames (up to half the budget). Default `false`: one no frame used again
    ///     within four frames of being made is dropped, which keeps a long render going forward
    ///     in time from holding every frame's moving content (a path or a colour in motion is a
    ///     new store each frame). `true` suits a renderer that goes back to earlier content, as
    ///     a live window redrawing only what changed does.
    public init(memoryBudget: Int = Renderer.defaultMemoryBudget, keepsUnreusedStores: Bool = false) {
        self.memoryBudget = max(1 << 20, memoryBudget)
        pixels = PixelBudget(limit: self.memoryBudget)
        cache = ContentCache(budget: self.memoryBudget / 2, keepsUnreusedStores: keepsUnreusedStores)
    }

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
        try render(tree, size: size, scale: scale, background: background, reusing: nil)
    }

    /// ``render(_:size:scale:background:)`` into `spare`, a frame the caller is done with, when
    /// it has the frame's size in pixels (its pixels are all replaced); otherwise into a new
    /// bitmap. The pixels are the same either way. A long render that hands each written frame
    /// back saves allocating, and having the system clear, 4 MB a frame at 750 × 1334.
    public func render(
        _ tree: RenderNode, size: Size, scale: Double = 1, background: Color? = nil, reusing spare: Bitmap?
    ) throws(RenderError) -> Bitmap {
        let composer = composer(scale: scale)
        defer { cache.trim() }
        let pixels = try Renderer.pixelSize(size: size, scale: scale)
        var attempt = 0
        while true {
            let bitmap: Bitmap
            if let spare, spare.width == pixels.width, spare.height == pixels.height {
                bitmap = spare
                if background == nil { bitmap.clear() }
            } else {
                bitmap = try Renderer.makeBitmap(size: size, scale: scale)
            }
            if let background { bitmap.fill(background) }
            do {
                try withinBudget { () throws(RenderError) in
                    try composer.draw(tree, in: Renderer.windowPlane(scale: scale), into: bitmap, alpha: 1)
                }
                return bitmap
            } catch .overMemoryBudget where attempt == 0 && cache.count > 0 {
                // The cache may hold what the frame needs room for: empty it and draw again (the
                // stores are made again as needed, with the same pixels).
                cache.removeAll()
                attempt += 1
            } catch {
                throw error
            }
        }
    }

    /// A composer drawing with the renderer's caches and settings at `scale` pixels per point.
    func composer(scale: Double) -> FrameComposer {
        var composer = FrameComposer(cache: cache, images: images, scale: scale)
        composer.cullsOccludedPixels = cullsOccludedPixels
        return composer
    }

    /// Runs `draw` with the renderer's budget counting the bitmaps it makes.
    func withinBudget(_ draw: () throws(RenderError) -> Void) throws(RenderError) {
        try PixelBudget.withCurrent(pixels, draw)
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
