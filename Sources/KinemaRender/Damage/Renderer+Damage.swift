import KinemaGeometry
import KinemaGraphics
import KinemaLayers

extension Renderer {
    /// The pixels of a frame that can differ between the frames of `old` and `new` (damage
    /// rectangles from comparing the two render trees), for frames of `size × scale` pixels.
    ///
    /// Redrawing only these pixels of `old`'s frame with
    /// ``render(_:size:scale:background:into:region:)`` gives exactly `new`'s frame. Equal trees
    /// (local times and names aside, which do not change pixels) give an empty region; a layer
    /// that moves damages where it was and where it is, with its shadow and whatever its
    /// transform, clip or mask let it touch; a changed colour or opacity damages what the layer
    /// covers; a shadow cast by a subtree, a transition or an offscreen group whose rectangle
    /// moves damages the whole subtree.
    ///
    /// - Parameters:
    ///   - old: the tree of the frame drawn before.
    ///   - new: the tree of the frame to draw.
    ///   - size: the area shown, in points, from (0, 0).
    ///   - scale: pixels per point. Default 1.
    /// - Throws: ``RenderError/invalidArgument(name:expected:got:)`` for a size or scale that
    ///   ``render(_:size:scale:background:)`` refuses; ``RenderError/graphics(_:)`` when a
    ///   `contents` image under a shadow that has to be compared cannot be read.
    public func damage(from old: RenderNode, to new: RenderNode, size: Size, scale: Double = 1) throws(RenderError) -> DamageRegion {
        let pixels = try Renderer.pixelSize(size: size, scale: scale)
        let composer = FrameComposer(cache: cache, images: images, scale: scale)
        var region = DamageRegion()
        try withinBudget { () throws(RenderError) in
            try composer.addDamage(from: old, to: new, in: Renderer.windowPlane(scale: scale), alpha: 1, within: pixels, to: &region)
        }
        return region
    }

    /// Draws `tree` again into the pixels of `bitmap` in `region` only, leaving every other
    /// pixel as it is. Each redrawn pixel gets exactly the value
    /// ``render(_:size:scale:background:)`` gives it.
    ///
    /// - Parameters:
    ///   - tree: the snapshot, from `Layer.renderTree(at:)`.
    ///   - size: the area shown, in points, from (0, 0).
    ///   - scale: pixels per point. Default 1.
    ///   - background: the colour under everything, or `nil` for transparent. Default `nil`.
    ///   - bitmap: a frame of `size × scale` pixels (rounded up), changed in place.
    ///   - region: the pixels to redraw; parts outside the bitmap are ignored.
    /// - Throws: as ``render(_:size:scale:background:)``, and
    ///   ``RenderError/invalidArgument(name:expected:got:)`` when `bitmap` has another size.
    public func render(
        _ tree: RenderNode, size: Size, scale: Double = 1, background: Color? = nil, into bitmap: Bitmap, region: DamageRegion
    ) throws(RenderError) {
        let pixels = try Renderer.pixelSize(size: size, scale: scale)
        guard bitmap.width == pixels.width, bitmap.height == pixels.height else {
            throw .invalidArgument(
                name: "bitmap", expected: "a \(pixels.width)×\(pixels.height) frame", got: "\(bitmap.width)×\(bitmap.height)")
        }
        let frame = PixelRect(x: 0, y: 0, width: pixels.width, height: pixels.height)
        defer { cache.trim() }
        var emptiedCache = false
        for rect in region.clipped(to: frame).rects {
            var composer = FrameComposer(cache: cache, images: images, scale: scale)
            composer.clip = rect
            while true {
                // Filling and drawing the rectangle again gives the same pixels, so a draw that
                // ran out of budget is repeated once with the cache emptied, as `render` does.
                FrameComposer.fill(bitmap, with: background ?? .clear, in: rect)
                do {
                    try withinBudget { () throws(RenderError) in
                        try composer.draw(tree, in: Renderer.windowPlane(scale: scale), into: bitmap, alpha: 1)
                    }
                    break
                } catch .overMemoryBudget where !emptiedCache && cache.count > 0 {
                    cache.removeAll()
                    emptiedCache = true
                } catch {
                    throw error
                }
            }
        }
    }

    /// The plane a root layer is drawn in: the window's points scaled to pixels.
    static func windowPlane(scale: Double) -> Plane {
        Plane(space: .identity, toTarget: Homography(scaleX: scale, y: scale))
    }
}
