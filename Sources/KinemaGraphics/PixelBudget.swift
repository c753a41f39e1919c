import Foundation

/// A limit on the pixel memory of the bitmaps made while it is in effect: each bitmap made inside
/// ``withCurrent(_:_:)`` is counted from its creation until it is released, and one that would
/// take the count past ``limit`` is refused with ``GraphicsError/overBudget(width:height:limit:)``
/// before any memory is taken. Thread-safe; a renderer shares one between the threads that draw.
///
/// The budget is found through a task-local value rather than passed to every function that
/// makes a bitmap: a bitmap made deep in a drawing routine is counted without that routine
/// knowing.
public final class PixelBudget: @unchecked Sendable {
    /// The most bytes of pixel memory alive at once.
    public let limit: Int
    private let lock = NSLock()
    private var live = 0
    private var peak = 0

    /// The budget bitmaps made now are counted against, if any.
    @TaskLocal public static var current: PixelBudget?

    /// A budget of `limit` bytes (at least 1).
    public init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// The bytes of the counted bitmaps alive now.
    public var liveBytes: Int {
        lock.lock()
        defer { lock.unlock() }
        return live
    }

    /// The most bytes that were alive at once.
    public var peakBytes: Int {
        lock.lock()
        defer { lock.unlock() }
        return peak
    }

    /// Runs `body` with `budget` as ``current``, passing its error on unchanged.
    public static func withCurrent<R, E: Error>(_ budget: PixelBudget?, _ body: () throws(E) -> R) throws(E) -> R {
        let result: Result<R, E> = $current.withValue(budget) {
            do throws(E) { return .success(try body()) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Counts `bytes` if they fit.
    func reserve(_ bytes: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard live + bytes <= limit else { return false }
        live += bytes
        peak = max(peak, live)
        return true
    }

    func release(_ bytes: Int) {
        lock.lock()
        live -= bytes
        lock.unlock()
    }
}
