import KinemaGeometry
import KinemaGraphics

extension FrameComposer {
    /// Store pixels added around a content's extent when bounding what its composite may touch:
    /// the backing store's rounding up (under one store pixel) and the bilinear fringe (half a
    /// pixel of the sampled level).
    static let storeReach = 2.0
    /// Target pixels added around a mapped box when bounding what it may touch (antialiasing).
    static let pixelReach = 2

    /// This composer drawing into an offscreen group that covers `r` of its target: the clip in
    /// the group's pixels; `nil` when the group misses the clip.
    func composer(inside r: PixelRect) -> FrameComposer? {
        guard let clip else { return self }
        let c = clip.intersection(r)
        guard !c.isEmpty else { return nil }
        var inner = self
        inner.clip = PixelRect(x: c.x - r.x, y: c.y - r.y, width: c.width, height: c.height)
        return inner
    }

    /// This composer without a clip or occluders, for stores made for the cache (a shadow's
    /// source), which every frame shares whatever it redraws.
    var unclipped: FrameComposer {
        var whole = self
        whole.clip = nil
        whole.occluders = []
        return whole
    }

    /// The target pixels that content covering `extent` (bounds coordinates) mapped by `h` may
    /// touch, when rasterised at `rs` pixels per point (default: this frame's scale for that
    /// extent); `nil` when that cannot be bounded (the map sends it behind the eye or is
    /// singular: nothing is drawn then).
    func reach(of extent: Rect, transform h: Homography, storeScale rs: Double? = nil) -> PixelRect? {
        let d = FrameComposer.storeReach / (rs ?? rasterScale(for: extent))
        guard let box = FrameComposer.box(extent.insetBy(dx: -d, dy: -d), h) else { return nil }
        return PixelRect.enclosing(box).grown(by: FrameComposer.pixelReach)
    }

    /// Whether content covering `extent` mapped by `h` may write a pixel inside the clip.
    func mayTouchClip(_ extent: Rect, transform h: Homography) -> Bool {
        guard let clip else { return true }
        guard let r = reach(of: extent, transform: h) else { return true }
        return !r.intersection(clip).isEmpty
    }

    /// Whether a shadow cast from `extent` (bounds coordinates) with a blur of `sigma` points,
    /// moved by `offset` and stored at `rs` pixels per point, may write a pixel inside the clip.
    func shadowMayTouchClip(_ extent: Rect, sigma: Double, offset: Size, scale rs: Double, transform h: Homography) -> Bool {
        let blur = 3 * sigma + 1 / rs
        let cast = Rect(x: extent.minX + offset.width, y: extent.minY + offset.height, width: extent.width, height: extent.height)
        return mayTouchClip(cast.insetBy(dx: -blur, dy: -blur), transform: h)
    }
}
