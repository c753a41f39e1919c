import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaLayers

/// Frames already written to a sink, kept to be drawn over by
/// ``Renderer/render(_:size:scale:background:drawingOver:)``: a long render then
/// allocates a handful of frames instead of one per frame (4 MB each at 750 × 1334, mapped and
/// cleared by the system every time), and redraws each only where its tree and the next frame's
/// differ. Thread-safe.
///
/// Give a frame back only once nothing reads it any more: ``PNGSink`` and ``FFmpegSink`` have
/// copied a frame by the time their `write` returns.
///
/// ```swift
/// let spares = SpareFrames()
/// let pipeline = FramePipeline(frameCount: times.count) {
///     let scene = Scene(document: document)
///     return { i in
///         scene.advance(to: times[i])
///         return try renderer.render(scene.rootLayer.renderTree(at: times[i]), size: document.size, drawingOver: spares)
///     }
/// }
/// // After the sink writes each frame: spares.give(frame)
/// ```
public final class SpareFrames: @unchecked Sendable {
    /// What a frame shows: the tree it was drawn from, at the size, scale and background drawn.
    struct Shown {
        let tree: RenderNode
        let size: Size
        let scale: Double
        let background: Color?
    }

    /// A frame drawn by ``Renderer/render(_:size:scale:background:drawingOver:)``,
    /// with what it shows, until it is given back. Held weakly: a frame that is let go and
    /// whose memory holds a new bitmap later is not taken for it.
    private struct Noted {
        weak var frame: Bitmap?
        let shown: Shown
    }

    private let lock = NSLock()
    private var frames: [(bitmap: Bitmap, shown: Shown?)] = []
    private var noted: [ObjectIdentifier: Noted] = [:]
    /// The most frames kept; more given back are let go. 8 by default.
    public let capacity: Int

    /// An empty set of spares keeping at most `capacity` frames (at least 1).
    public init(capacity: Int = 8) {
        self.capacity = max(1, capacity)
    }

    /// Keeps `frame` to be drawn over, unless ``capacity`` frames are kept already.
    public func give(_ frame: Bitmap) {
        lock.lock()
        defer { lock.unlock() }
        let entry = noted.removeValue(forKey: ObjectIdentifier(frame))
        let shown = entry.flatMap { $0.frame === frame ? $0.shown : nil }
        if frames.count < capacity { frames.append((frame, shown)) }
    }

    /// A kept frame, or `nil` when there is none.
    public func take() -> Bitmap? {
        lock.lock()
        defer { lock.unlock() }
        return frames.popLast()?.bitmap
    }

    /// A kept frame and what it shows, when a render noted it.
    func takeShown() -> (bitmap: Bitmap, shown: Shown?)? {
        lock.lock()
        defer { lock.unlock() }
        return frames.popLast()
    }

    /// Notes that `frame` now shows `shown`, for when it is given back.
    func note(_ frame: Bitmap, shows shown: Shown) {
        lock.lock()
        defer { lock.unlock() }
        // Frames never given back (a render stopped by an error) are forgotten here.
        if noted.count >= 4 * capacity { noted = noted.filter { $0.value.frame != nil } }
        noted[ObjectIdentifier(frame)] = Noted(frame: frame, shown: shown)
    }

    /// The number of frames kept.
    public var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return frames.count
    }
}
