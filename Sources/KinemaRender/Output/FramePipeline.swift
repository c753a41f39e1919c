import Foundation
import KinemaGraphics

/// Renders numbered frames on several threads and hands them to a sink strictly in order, with
/// output identical to rendering them one by one.
///
/// Each worker thread calls the factory once to build its own renderer state (typically a scene
/// of its own, since scenes only move forwards in time and are not thread-safe), then renders
/// frames round-robin: with 3 workers, worker 0 renders frames 0, 3, 6, …, worker 1 frames 1, 4,
/// 7, …, so every worker meets its frames in increasing order. The calling thread writes the
/// frames to the sink as they become ready, in index order.
///
/// Memory is bounded: a worker does not start frame `i` until frame `i − 2 × threads` has been
/// written, so at most about `2 × threads` finished frames wait at any time.
///
/// The first error, from a worker or from the sink, stops the pipeline: workers finish the frame
/// in hand and start no other, and ``run(into:progress:)`` rethrows it once they have stopped.
///
/// ```swift
/// let pipeline = FramePipeline(frameCount: times.count) {
///     let scene = Scene(document: document)  // one per worker
///     return { index in
///         scene.advance(to: times[index])
///         return try renderer.render(scene.rootLayer.renderTree(at: times[index]), size: document.size)
///     }
/// }
/// try pipeline.run(into: sink) { done in print(done) }
/// ```
public final class FramePipeline: Sendable {
    /// Makes one worker's frame function; called once on each worker thread.
    public typealias WorkerFactory = @Sendable () throws -> (Int) throws -> Bitmap

    /// The number of frames, indices `0..<frameCount`.
    public let frameCount: Int
    /// The number of worker threads: the number asked for, but at most `frameCount`.
    public let threadCount: Int
    private let makeWorker: WorkerFactory

    /// Creates a pipeline for `frameCount` frames on `threadCount` threads.
    ///
    /// - Parameters:
    ///   - frameCount: frames to render, indices `0..<frameCount`; 0 or more.
    ///   - threadCount: worker threads, clamped to `1...max(1, frameCount)`. Default: one per
    ///     active processor core. With 1, frames render on the calling thread.
    ///   - makeWorker: called once per worker, on the worker's thread; returns the function
    ///     that renders frame `i` on that thread.
    public init(
        frameCount: Int, threadCount: Int = ProcessInfo.processInfo.activeProcessorCount,
        makeWorker: @escaping WorkerFactory
    ) {
        self.frameCount = max(0, frameCount)
        self.threadCount = min(max(1, threadCount), max(1, frameCount))
        self.makeWorker = makeWorker
    }

    /// Renders every frame and writes it to `sink` in index order; `progress` is called on the
    /// calling thread after each frame is written, with the number of frames written so far.
    ///
    /// Does not call the sink's `finish()`.
    ///
    /// - Throws: the first error a worker or the sink throws.
    public func run(into sink: any FrameSink, progress: (Int) -> Void = { _ in }) throws {
        guard frameCount > 0 else { return }
        if threadCount == 1 {
            let render = try makeWorker()
            for index in 0..<frameCount {
                try sink.write(try render(index))
                progress(index + 1)
            }
            return
        }
        let state = PipelineState(window: 2 * threadCount)
        for worker in 0..<threadCount {
            let thread = Thread { [makeWorker, frameCount, threadCount] in
                defer { state.workerFinished() }
                do {
                    let render = try makeWorker()
                    for index in Swift.stride(from: worker, to: frameCount, by: threadCount) {
                        guard state.waitForTurn(index) else { return }
                        state.deliver(try render(index), at: index)
                    }
                } catch {
                    state.fail(error)
                }
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        defer { state.cancelAndWait(workers: threadCount) }
        for index in 0..<frameCount {
            let frame = try state.take(index)
            do {
                try sink.write(frame)
            } catch {
                state.fail(error)
                throw error
            }
            progress(index + 1)
        }
    }
}

/// The state the workers and the writing thread share, guarded by one condition variable.
private final class PipelineState: @unchecked Sendable {
    private let condition = NSCondition()
    private let window: Int
    private var ready: [Int: Bitmap] = [:]
    private var nextToWrite = 0
    private var error: (any Error)?
    private var isCancelled = false
    private var finishedWorkers = 0

    init(window: Int) {
        self.window = window
    }

    /// Blocks a worker until frame `index` is within the window of frames that may be buffered;
    /// false when the pipeline has stopped.
    func waitForTurn(_ index: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !isCancelled, index >= nextToWrite + window { condition.wait() }
        return !isCancelled
    }

    func deliver(_ frame: Bitmap, at index: Int) {
        condition.lock()
        ready[index] = frame
        condition.broadcast()
        condition.unlock()
    }

    func fail(_ error: any Error) {
        condition.lock()
        if self.error == nil { self.error = error }
        isCancelled = true
        condition.broadcast()
        condition.unlock()
    }

    func workerFinished() {
        condition.lock()
        finishedWorkers += 1
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for frame `index`, removes it and lets the workers move on; throws the first error.
    func take(_ index: Int) throws -> Bitmap {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let error { throw error }
            if let frame = ready.removeValue(forKey: index) {
                nextToWrite = index + 1
                condition.broadcast()
                return frame
            }
            condition.wait()
        }
    }

    /// Stops the workers (if they are still going) and waits until all have returned.
    func cancelAndWait(workers: Int) {
        condition.lock()
        isCancelled = true
        condition.broadcast()
        while finishedWorkers < workers { condition.wait() }
        ready.removeAll()
        condition.unlock()
    }
}
