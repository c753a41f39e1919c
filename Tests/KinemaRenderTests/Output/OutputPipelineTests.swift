import Foundation
import KinemaGraphics
import KinemaRender
import Testing

/// Records what the fake workers did, from any thread.
final class PipelineLog: @unchecked Sendable {
    private let lock = NSLock()
    private var workers = 0
    private var outOfOrder: [String] = []
    private var rendered = 0
    private var written = 0
    private(set) var mostOutstanding = 0

    func workerStarted() -> Int {
        lock.withLock {
            workers += 1
            return workers
        }
    }

    var workerCount: Int { lock.withLock { workers } }
    var renderedCount: Int { lock.withLock { rendered } }
    var violations: [String] { lock.withLock { outOfOrder } }

    func rendered(_ index: Int, after previous: Int?, worker: Int) {
        lock.withLock {
            if let previous, previous >= index { outOfOrder.append("worker \(worker) went from \(previous) to \(index)") }
            rendered += 1
            mostOutstanding = max(mostOutstanding, rendered - written)
        }
    }

    func wrote() {
        lock.withLock { written += 1 }
    }
}

/// A sink that decodes each frame's index from its pixels.
final class IndexSink: FrameSink {
    var indices: [Int] = []
    var failAt: Int?
    let log: PipelineLog

    init(log: PipelineLog, failAt: Int? = nil) {
        self.log = log
        self.failAt = failAt
    }

    func write(_ frame: Bitmap) throws(RenderError) {
        let index = Int(frame.pixel(x: 0, y: 0) & 0x00ff_ffff)
        // Every pixel carries the index and its position, so a frame that was mixed up shows.
        for y in 0..<frame.height {
            for x in 0..<frame.width where frame.pixel(x: x, y: y) != FakeFrames.pixel(index: index, x: x, y: y) {
                throw .notSupported("frame \(index) has a wrong pixel at (\(x), \(y))")
            }
        }
        if index == failAt { throw .notSupported("sink failed at \(index)") }
        indices.append(index)
        log.wrote()
    }

    func finish() throws(RenderError) {}
}

struct FakeFailure: Error, Equatable {
    let index: Int
}

/// A deterministic frame source: frame i is a 5 × 3 bitmap whose pixels encode i and their
/// position.
enum FakeFrames {
    static func pixel(index: Int, x: Int, y: Int) -> UInt32 {
        UInt32(x + 5 * y) << 24 | UInt32(index & 0xff_ffff)
    }

    static func factory(log: PipelineLog, failAt: Int? = nil) -> FramePipeline.WorkerFactory {
        {
            let worker = log.workerStarted()
            var previous: Int?
            return { index in
                if index == failAt { throw FakeFailure(index: index) }
                let bitmap = try Bitmap(width: 5, height: 3)
                for y in 0..<3 {
                    for x in 0..<5 { bitmap.row(y)[x] = pixel(index: index, x: x, y: y) }
                }
                log.rendered(index, after: previous, worker: worker)
                previous = index
                return bitmap
            }
        }
    }
}

@Suite("Output: frame pipeline")
struct OutputPipelineTests {
    static let threadCounts = [1, 2, 3, 8]

    @Test("frames reach the sink in order, each worker moves forward", arguments: threadCounts, [0, 1, 7, 50])
    func order(threads: Int, frames: Int) throws {
        let log = PipelineLog()
        let sink = IndexSink(log: log)
        var progress: [Int] = []
        let pipeline = FramePipeline(frameCount: frames, threadCount: threads, makeWorker: FakeFrames.factory(log: log))
        try pipeline.run(into: sink) { progress.append($0) }
        #expect(sink.indices == Array(0..<frames))
        #expect(progress == Array(0..<frames).map { $0 + 1 })
        #expect(log.violations.isEmpty, "\(log.violations)")
        #expect(pipeline.threadCount == min(threads, max(1, frames)))
        #expect(log.workerCount == (frames == 0 ? 0 : pipeline.threadCount))
        #expect(log.mostOutstanding <= 2 * pipeline.threadCount + 1, "frames rendered but not written: \(log.mostOutstanding)")
    }

    @Test("a worker's error stops the pipeline and is rethrown; earlier frames were written in order", arguments: threadCounts)
    func workerError(threads: Int) {
        let log = PipelineLog()
        let sink = IndexSink(log: log)
        let pipeline = FramePipeline(frameCount: 40, threadCount: threads, makeWorker: FakeFrames.factory(log: log, failAt: 13))
        #expect(throws: FakeFailure(index: 13)) { try pipeline.run(into: sink) }
        #expect(sink.indices == Array(0..<sink.indices.count) && sink.indices.count <= 13, "\(sink.indices)")
        #expect(log.renderedCount < 40, "workers should stop after the error")
    }

    @Test("a factory's error is rethrown", arguments: threadCounts)
    func factoryError(threads: Int) {
        let sink = IndexSink(log: PipelineLog())
        let pipeline = FramePipeline(frameCount: 10, threadCount: threads) { throw FakeFailure(index: -1) }
        #expect(throws: FakeFailure(index: -1)) { try pipeline.run(into: sink) }
        #expect(sink.indices.isEmpty)
    }

    @Test("the sink's error stops the workers and is rethrown", arguments: threadCounts)
    func sinkError(threads: Int) {
        let log = PipelineLog()
        let sink = IndexSink(log: log, failAt: 5)
        let pipeline = FramePipeline(frameCount: 60, threadCount: threads, makeWorker: FakeFrames.factory(log: log))
        #expect(throws: RenderError.notSupported("sink failed at 5")) { try pipeline.run(into: sink) }
        #expect(sink.indices == [0, 1, 2, 3, 4])
        let rendered = log.renderedCount
        #expect(rendered <= 6 + 2 * pipeline.threadCount, "rendered \(rendered) frames")
    }

    @Test("thread counts below 1 mean 1")
    func clamping() {
        #expect(FramePipeline(frameCount: 5, threadCount: 0) { { _ in try Bitmap(width: 1, height: 1) } }.threadCount == 1)
        #expect(FramePipeline(frameCount: 5, threadCount: -3) { { _ in try Bitmap(width: 1, height: 1) } }.threadCount == 1)
        #expect(FramePipeline(frameCount: 5) { { _ in try Bitmap(width: 1, height: 1) } }.threadCount >= 1)
    }
}
