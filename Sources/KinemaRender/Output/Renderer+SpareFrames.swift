import KinemaGeometry
import KinemaGraphics
import KinemaLayers

extension Renderer {
    /// ``render(_:size:scale:background:)`` drawn over a frame from `spares`, redrawn only where
    /// its tree and `tree` differ (``damage(from:to:size:scale:)``) when this method drew it, at
    /// the same size, scale and background; drawn whole otherwise, and into a new bitmap when
    /// there is no spare. The pixels are a full render's either way. The frame returned is
    /// noted in `spares` as showing `tree`, for when it is given back.
    ///
    /// A long render of frames that differ little (a tutorial's coach marks over a still
    /// screen) then draws each frame's changes rather than the whole frame, and allocates a
    /// handful of frames.
    ///
    /// - Parameters:
    ///   - tree: the snapshot, from `Layer.renderTree(at:)`.
    ///   - size: the area shown, in points, from (0, 0).
    ///   - scale: pixels per point. Default 1.
    ///   - background: the colour under everything, or `nil` for transparent. Default `nil`.
    ///   - spares: the frames already written, given back by the caller once nothing reads them.
    /// - Throws: as ``render(_:size:scale:background:)``.
    public func render(
        _ tree: RenderNode, size: Size, scale: Double = 1, background: Color? = nil, drawingOver spares: SpareFrames
    ) throws(RenderError) -> Bitmap {
        let spare = spares.takeShown()
        let shows = SpareFrames.Shown(tree: tree, size: size, scale: scale, background: background)
        let frame: Bitmap
        if let spare, let old = spare.shown, old.size == size, old.scale == scale, old.background == background {
            let region = try damage(from: old.tree, to: tree, size: size, scale: scale)
            try render(tree, size: size, scale: scale, background: background, into: spare.bitmap, region: region)
            frame = spare.bitmap
        } else {
            frame = try render(tree, size: size, scale: scale, background: background, reusing: spare?.bitmap)
        }
        spares.note(frame, shows: shows)
        return frame
    }
}
