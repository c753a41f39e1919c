import Dispatch
import KinemaGeometry
import KinemaGraphics
import KinemaLayers
import Synchronization

extension Renderer {
    /// The pixels of a frame that can differ between the frames of `old` and `new` (damage
    /// rectangles from comparing the two render trees), for frames of `size × scale` pixels.
    ///
    /// Redrawing only these pixels of `old`'s frame with
    /// ``render(_:size:scale:background:into:region:threads:)`` gives exactly `new`'s frame. Equal trees
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
        let composer = composer(scale: scale)
        var region = DamageRegion()
        try withinBudget { () throws(RenderError) in
            try composer.addDamage(from: old, to: new, in: Renderer.windowPlane(scale: scale), alpha: 1, within: pixels, to: &region)
        }
        return region
    }

    /// Draws `tree` again into the pixels of `bitmap` in `region` only, leaving every other
    /// pixel as it is. Each redrawn pixel gets exactly the value
    /// ``render(_:size:scale:background:)`` gives it, whatever the number of threads.
    ///
    /// - Parameters:
    ///   - tree: the snapshot, from `Layer.renderTree(at:)`.
    ///   - size: the area shown, in points, from (0, 0).
    ///   - scale: pixels per point. Default 1.
    ///   - background: the colour under everything, or `nil` for transparent. Default `nil`.
    ///   - bitmap: a frame of `size × scale` pixels (rounded up), changed in place.
    ///   - region: the pixels to redraw; parts outside the bitmap are ignored.
    ///   - threads: how many threads draw the region at once, 1 or more (default 1): the region
    ///     is cut into bands of rows of about equal area, one set of bands a thread. Worth it for
    ///     one frame that has to be ready soon (a live window); a batch of frames is better drawn
    ///     one frame a thread.
    /// - Throws: as ``render(_:size:scale:background:)``, and
    ///   ``RenderError/invalidArgument(name:expected:got:)`` when `bitmap` has another size.
    public func render(
        _ tree: RenderNode, size: Size, scale: Double = 1, background: Color? = nil, into bitmap: Bitmap, region: DamageRegion,
        threads: Int = 1
    ) throws(RenderError) {
        let pixels = try Renderer.pixelSize(size: size, scale: scale)
        guard bitmap.width == pixels.width, bitmap.height == pixels.height else {
            throw .invalidArgument(
                name: "bitmap", expected: "a \(pixels.width)×\(pixels.height) frame", got: "\(bitmap.width)×\(bitmap.height)")
        }
        let frame = PixelRect(x: 0, y: 0, width: pixels.width, height: pixels.height)
        defer { cache.trim() }
        let shares = Renderer.shares(of: region.clipped(to: frame).rects, threads: threads)
        guard shares.count > 1 else {
            try redraw(tree, scale: scale, background: background, into: bitmap, rects: shares.first ?? [])
            return
        }
        let failures = Mutex<[Int: RenderError]>([:])
        DispatchQueue.concurrentPerform(iterations: shares.count) { t in
            do throws(RenderError) {
                let scratch = try scratchFrames.take(width: bitmap.width, height: bitmap.height)
                defer { scratchFrames.give(scratch) }
                try redraw(tree, scale: scale, background: background, into: bitmap, rects: shares[t], scratch: scratch)
            } catch {
                failures.withLock { $0[t] = error }
            }
        }
        guard let (_, error) = failures.withLock({ $0.min { $0.key < $1.key } }) else { return }
        // Threads drawing at once hold more memory at once: what ran out of budget is drawn
        // again on one thread, which is what the budget promises. Otherwise the first share's
        // error, so that the error reported does not depend on timing.
        guard case .overMemoryBudget = error else { throw error }
        try redraw(tree, scale: scale, background: background, into: bitmap, rects: region.clipped(to: frame).rects)
    }

    /// Draws `tree` into `rects` of `bitmap`, one rectangle after the other; with a `scratch`
    /// bitmap of the frame's size when other threads draw other rectangles at the same time.
    private func redraw(
        _ tree: RenderNode, scale: Double, background: Color?, into bitmap: Bitmap, rects: [PixelRect], scratch: Bitmap? = nil
    ) throws(RenderError) {
        var emptiedCache = false
        for rect in rects {
            var composer = composer(scale: scale)
            composer.clip = rect
            composer.shared = scratch.map { (bitmap, $0) }
            // Threads drawing one frame together: a live window, drawing the same groups frame
            // after frame.
            if scratch != nil { composer.surfaces = surfacePool }
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
                    surfacePool.removeAll()
                    emptiedCache = true
                } catch {
                    throw error
                }
            }
        }
    }

    /// The least area worth a thread of its own: 32,768 pixels (about 0.3 ms of drawing).
    static let minimumShare = 1 << 15

    /// `rects` dealt out to at most `threads` threads: the rectangles made disjoint (a damage
    /// region's may overlap, and two threads must never draw one pixel), each cut into bands of
    /// whole rows, about one thread's share of the total area each, and the bands dealt, largest
    /// first, to the thread with the least area so far. One share, the rectangles as given, when
    /// the area is too small to divide.
    static func shares(of rects: [PixelRect], threads: Int) -> [[PixelRect]] {
        let total = rects.reduce(0) { $0 + $1.area }
        let count = min(max(threads, 1), max(total / minimumShare, 1))
        guard count > 1 else { return [rects] }
        let pieces = disjoint(rects)
        let share = (pieces.reduce(0) { $0 + $1.area } + count - 1) / count
        var bands: [PixelRect] = []
        for r in pieces {
            let pieces = min(max((r.area + share - 1) / share, 1), r.height)
            for k in 0..<pieces {
                let y0 = r.y + r.height * k / pieces, y1 = r.y + r.height * (k + 1) / pieces
                bands.append(PixelRect(x: r.x, y: y0, width: r.width, height: y1 - y0))
            }
        }
        var shares = [[PixelRect]](repeating: [], count: count)
        var load = [Int](repeating: 0, count: count)
        for band in bands.sorted(by: { $0.area > $1.area }) {
            let t = load.indices.min { load[$0] < load[$1] } ?? 0
            shares[t].append(band)
            load[t] += band.area
        }
        return shares.filter { !$0.isEmpty }
    }

    /// Rectangles covering the same pixels as `rects`, no two of them sharing one.
    static func disjoint(_ rects: [PixelRect]) -> [PixelRect] {
        var out: [PixelRect] = []
        for r in rects where !r.isEmpty {
            var pieces = [r]
            for o in out { pieces = pieces.flatMap { $0.subtracting(o) } }
            out += pieces
        }
        return out
    }

    /// The plane a root layer is drawn in: the window's points scaled to pixels.
    static func windowPlane(scale: Double) -> Plane {
        Plane(space: .identity, toTarget: Homography(scaleX: scale, y: scale))
    }
}
