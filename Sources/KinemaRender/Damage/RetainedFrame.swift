import KinemaGeometry
import KinemaGraphics
import KinemaLayers

/// A frame kept from one render to the next and redrawn only where the render tree changed:
/// what a live window needs to draw 60 frames a second.
///
/// ```swift
/// let frame = try RetainedFrame(size: Size(width: 375, height: 667), scale: 2, background: .white)
/// try frame.render(root.renderTree(at: 0))                        // drawn whole
/// let damage = try frame.render(root.renderTree(at: 1 / 60.0))    // only what changed
/// // `damage` holds the pixels redrawn; `frame.bitmap` is the new frame.
/// ```
///
/// Each ``render(_:)`` compares the tree with the previous one
/// (``Renderer/damage(from:to:size:scale:)``) and redraws only the pixels that can differ
/// (``Renderer/render(_:size:scale:background:into:region:threads:)``), so the bitmap always holds
/// exactly the pixels a full ``Renderer/render(_:size:scale:background:)`` of the last tree
/// gives. The first render and one after ``invalidate()`` redraw everything.
public final class RetainedFrame {
    /// The renderer drawing the frames (its caches serve every frame).
    public let renderer: Renderer
    /// The area shown, in points, from (0, 0).
    public let size: Size
    /// Pixels per point.
    public let scale: Double
    /// The colour under everything, or `nil` for transparent.
    public let background: Color?
    /// The frame last drawn, redrawn in place by the next render: `size × scale` pixels
    /// (rounded up), transparent before the first render.
    public let bitmap: Bitmap
    /// How many threads draw each frame, 1 or more (default 1); see
    /// ``Renderer/render(_:size:scale:background:into:region:threads:)``. The pixels are the
    /// same whatever the number.
    public var threads = 1
    private var last: RenderNode?

    /// A retained frame of `size` points at `scale` pixels per point (default 1) over
    /// `background` (default `nil`, transparent), drawn by `renderer` (default: a new one that
    /// keeps the stores of content not redrawn lately, ``Renderer/init(memoryBudget:keepsUnreusedStores:)``,
    /// since a part of the screen left alone for a while may need redrawing again).
    ///
    /// - Throws: ``RenderError/invalidArgument(name:expected:got:)`` for a size or scale that
    ///   ``Renderer/render(_:size:scale:background:)`` refuses.
    public init(
        size: Size, scale: Double = 1, background: Color? = nil, renderer: Renderer = Renderer(keepsUnreusedStores: true)
    ) throws(RenderError) {
        self.renderer = renderer
        self.size = size
        self.scale = scale
        self.background = background
        bitmap = try Renderer.makeBitmap(size: size, scale: scale)
    }

    /// Makes ``bitmap`` the frame of `tree` and returns the pixels redrawn: all of them for the
    /// first render and after ``invalidate()``.
    ///
    /// - Throws: ``RenderError/graphics(_:)`` when a `contents` image cannot be read; the next
    ///   render then draws the whole frame.
    @discardableResult
    public func render(_ tree: RenderNode) throws(RenderError) -> DamageRegion {
        var region = DamageRegion(PixelRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height))
        if let last { region = try renderer.damage(from: last, to: tree, size: size, scale: scale) }
        // Until this render completes, the bitmap matches no tree.
        last = nil
        try renderer.render(tree, size: size, scale: scale, background: background, into: bitmap, region: region, threads: threads)
        last = tree
        return region
    }

    /// Makes the next render draw the whole frame (after drawing over ``bitmap``, say).
    public func invalidate() {
        last = nil
    }
}
