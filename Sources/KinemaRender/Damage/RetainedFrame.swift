import KinemaGeometry
import KinemaGraphics
import KinemaLayers

/// A frame kept from one render to the next and redrawn only where the render tree changed:
/// what a live window needs to draw 60 frames a second.
///
/// ```swift
/// let frame = RetainedFrame()
/// try frame.render(root.renderTree(at: 0), size: size, scale: 2)        // drawn whole
/// let damage = try frame.render(root.renderTree(at: 1 / 60.0), size: size, scale: 2)
/// // `damage` holds the pixels redrawn; `frame.bitmap` is the new frame.
/// ```
///
/// Each ``render(_:size:scale:background:)`` compares the tree with the previous one
/// (``Renderer/damage(from:to:size:scale:)``) and redraws only the pixels that can differ
/// (``Renderer/render(_:size:scale:background:into:region:)``), so the bitmap always holds
/// exactly the pixels a full ``Renderer/render(_:size:scale:background:)`` of the last tree
/// gives. A new size, scale or background, the first render and ``invalidate()`` redraw
/// everything.
public final class RetainedFrame {
    /// The renderer drawing the frames (its caches serve every frame).
    public let renderer: Renderer
    /// The frame last drawn, redrawn in place by the next render; `nil` before the first.
    public private(set) var bitmap: Bitmap?
    private var last: (tree: RenderNode, size: Size, scale: Double, background: Color?)?

    /// A retained frame drawn by `renderer` (default: a new one).
    public init(renderer: Renderer = Renderer()) {
        self.renderer = renderer
    }

    /// Makes ``bitmap`` the frame of `tree` and returns the pixels redrawn.
    ///
    /// - Parameters: as ``Renderer/render(_:size:scale:background:)``.
    /// - Throws: as ``Renderer/render(_:size:scale:background:)``; the next render then draws
    ///   the whole frame.
    @discardableResult
    public func render(_ tree: RenderNode, size: Size, scale: Double = 1, background: Color? = nil) throws(RenderError) -> DamageRegion {
        let pixels = try Renderer.pixelSize(size: size, scale: scale)
        var region = DamageRegion(PixelRect(x: 0, y: 0, width: pixels.width, height: pixels.height))
        let target: Bitmap
        if let bitmap, bitmap.width == pixels.width, bitmap.height == pixels.height {
            target = bitmap
            if let last, last.size == size, last.scale == scale, last.background == background {
                region = try renderer.damage(from: last.tree, to: tree, size: size, scale: scale)
            }
        } else {
            target = try Renderer.makeBitmap(size: size, scale: scale)
            bitmap = target
        }
        // Until this render completes, the bitmap matches no tree.
        last = nil
        try renderer.render(tree, size: size, scale: scale, background: background, into: target, region: region)
        last = (tree, size, scale, background)
        return region
    }

    /// Makes the next render draw the whole frame (after drawing over ``bitmap``, say).
    public func invalidate() {
        last = nil
    }
}
