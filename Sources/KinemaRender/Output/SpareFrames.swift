import Foundation
import KinemaGraphics

/// Frames already written to a sink, kept to be drawn over by
/// ``Renderer/render(_:size:scale:background:reusing:)``: a long render then allocates a handful
/// of frames instead of one per frame (4 MB each at 750 × 1334, mapped and cleared by the
/// system every time). Thread-safe.
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
///         return try renderer.render(scene.rootLayer.renderTree(at: times[i]), size: document.size, reusing: spares.take())
///     }
/// }
/// // After the sink writes each frame: spares.give(frame)
/// ```
public final class SpareFrames: @unchecked Sendable {
    private let lock = NSLock()
    private var frames: [Bitmap] = []
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
        if frames.count < capacity { frames.append(frame) }
    }

    /// A kept frame, or `nil` when there is none.
    public func take() -> Bitmap? {
        lock.lock()
        defer { lock.unlock() }
        return frames.popLast()
    }

    /// The number of frames kept.
    public var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return frames.count
    }
}
