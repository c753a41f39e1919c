/// The times of an animation's frames: `start + i / framesPerSecond` for i = 0, 1, 2, … while
/// the time is before `end`.
///
/// The end is excluded, so consecutive ranges join without a repeated frame: 0…3 s at 60 frames
/// per second is 180 frames, at 0, 1/60, …, 179/60 s. Each time is computed from its index
/// (not by adding 1/60 repeatedly), so it has no accumulated rounding error:
///
/// ```swift
/// let times = try FrameTimes(from: 0, to: 0.5, framesPerSecond: 10)
/// times.count  // 5
/// times[3]     // 0.3
/// ```
public struct FrameTimes: RandomAccessCollection, Hashable, Sendable {
    /// The highest frame rate accepted, frames per second.
    public static let maximumFramesPerSecond = 1000.0
    /// The most frames one range may have.
    public static let maximumFrameCount = 100_000

    /// The time of the first frame, seconds.
    public let start: Double
    /// The end of the range, seconds (excluded).
    public let end: Double
    /// Frames per second.
    public let framesPerSecond: Double
    /// The number of frames.
    public let count: Int

    /// The frames from `start` (included) to `end` (excluded) at `framesPerSecond`.
    ///
    /// - Parameters:
    ///   - start: the first frame's time, seconds; finite. Default 0.
    ///   - end: the end of the range, seconds; finite and after `start`.
    ///   - framesPerSecond: above 0 and at most ``maximumFramesPerSecond``.
    /// - Throws: ``RenderError/invalidArgument(name:expected:got:)`` naming `from`, `to` or `fps`
    ///   (the `kinema render` options), or `frames` when the range would have more than
    ///   ``maximumFrameCount`` frames.
    public init(from start: Double = 0, to end: Double, framesPerSecond: Double) throws(RenderError) {
        guard start.isFinite else { throw .invalidArgument(name: "from", expected: "a finite time in seconds", got: "\(start)") }
        guard end.isFinite else { throw .invalidArgument(name: "to", expected: "a finite time in seconds", got: "\(end)") }
        guard framesPerSecond.isFinite, framesPerSecond > 0, framesPerSecond <= Self.maximumFramesPerSecond else {
            throw .invalidArgument(
                name: "fps", expected: "frames per second above 0 and at most \(Int(Self.maximumFramesPerSecond))",
                got: "\(framesPerSecond)")
        }
        guard end > start else {
            throw .invalidArgument(name: "to", expected: "a time after the start, \(start) s", got: "\(end)")
        }
        let estimate = ((end - start) * framesPerSecond).rounded(.up)
        guard estimate.isFinite, estimate <= Double(Self.maximumFrameCount) + 1 else {
            throw .invalidArgument(
                name: "frames",
                expected: "at most \(Self.maximumFrameCount) frames (a lower frame rate or a shorter range)",
                got: estimate.isFinite ? "\(Int(estimate)) frames" : "\(estimate)")
        }
        // The estimate can be one off either way where (end − start) · fps rounds; settle it
        // against the times themselves.
        var n = Swift.max(1, Int(estimate))
        while n > 1, start + Double(n - 1) / framesPerSecond >= end { n -= 1 }
        while start + Double(n) / framesPerSecond < end { n += 1 }
        guard n <= Self.maximumFrameCount else {
            throw .invalidArgument(
                name: "frames",
                expected: "at most \(Self.maximumFrameCount) frames (a lower frame rate or a shorter range)", got: "\(n) frames")
        }
        self.start = start
        self.end = end
        self.framesPerSecond = framesPerSecond
        self.count = n
    }

    /// The index of the first frame: 0.
    public var startIndex: Int { 0 }
    /// One past the last frame's index: ``count``.
    public var endIndex: Int { count }

    /// The time of frame `index`, seconds: `start + index / framesPerSecond`.
    public subscript(index: Int) -> Double {
        precondition(index >= 0 && index < count, "frame index out of range")
        return start + Double(index) / framesPerSecond
    }
}
