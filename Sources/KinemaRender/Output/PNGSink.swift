import Foundation
import KinemaGraphics

/// Writes frames as PNG files: one frame to the file named, several frames to a numbered
/// sequence beside it.
///
/// With `frameCount` 1 the frame goes to `path` itself. With more, frame `i` goes to `path` with
/// `-` and `i` inserted before the extension, zero-padded to at least four digits (more when
/// `frameCount - 1` has more), so that the names sort in frame order: `out.png` becomes
/// `out-0000.png`, `out-0001.png`, …
///
/// Each file is written when its frame arrives, so memory does not grow with the frame count.
/// Each appears whole or not at all (written beside itself and renamed into place, see
/// `OutputFile`); ``abandon()`` stops the sequence at once and removes the file being written,
/// without waiting for its write (which a stalled disk can hold up for good).
/// The encoder is the graphics module's (`Bitmap.writePNG(to:)`, cairo and libpng): 8-bit RGBA,
/// un-premultiplied, compressed; no ffmpeg needed.
public final class PNGSink: FrameSink {
    /// The path given; the file itself when there is one frame.
    public let path: String
    /// How many frames the sink expects.
    public let frameCount: Int
    /// The number the first frame's file carries: 0, or where a shard's frames start in the
    /// whole render's sequence.
    public let firstFrame: Int
    /// The length of the sequence the numbers come from: ``frameCount``, or the whole render's
    /// frame count for a shard (so its names and digits are the ones the whole render writes).
    public let sequenceLength: Int
    /// How many frames have been written so far.
    public private(set) var framesWritten = 0
    private var size: (width: Int, height: Int)?
    /// Guards ``isAbandoned`` and ``current``; held only for a moment, never during a write.
    private let state = NSLock()
    private var isAbandoned = false
    /// The file being written, which ``abandon()`` discards.
    private var current: OutputFile?

    /// Creates a sink for `frameCount` frames written to `path` (see the type's discussion).
    ///
    /// - Throws: ``RenderError/invalidArgument(name:expected:got:)`` when `frameCount` is below 1.
    public convenience init(path: String, frameCount: Int) throws(RenderError) {
        guard frameCount >= 1 else {
            throw .invalidArgument(name: "frameCount", expected: "at least 1 frame", got: "\(frameCount)")
        }
        try self.init(path: path, frames: 0..<frameCount, of: frameCount)
    }

    /// Creates a sink for frames `frames` of a sequence of `sequenceLength`, numbered as the
    /// whole sequence numbers them: a shard of a render (``Shard``) writes the files the whole
    /// render would write for those frames.
    ///
    /// - Throws: ``RenderError/invalidArgument(name:expected:got:)`` when `frames` is empty or
    ///   not within `0..<sequenceLength`.
    public init(path: String, frames: Range<Int>, of sequenceLength: Int) throws(RenderError) {
        guard !frames.isEmpty else {
            throw .invalidArgument(name: "frameCount", expected: "at least 1 frame", got: "\(frames.count)")
        }
        guard frames.lowerBound >= 0, frames.upperBound <= sequenceLength else {
            throw .invalidArgument(name: "frames", expected: "frames within 0..<\(sequenceLength)", got: "\(frames)")
        }
        self.path = path
        self.frameCount = frames.count
        self.firstFrame = frames.lowerBound
        self.sequenceLength = sequenceLength
    }

    /// The file frame `index` (0 for this sink's first frame) is written to.
    public func path(forFrame index: Int) -> String {
        guard sequenceLength > 1 else { return path }
        let digits = max(4, String(sequenceLength - 1).count)
        let number = String(firstFrame + index)
        let padded = String(repeating: "0", count: max(0, digits - number.count)) + number
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        guard let dot = path[slash...].lastIndex(of: "."), dot != slash else { return path + "-" + padded }
        return String(path[..<dot]) + "-" + padded + String(path[dot...])
    }

    /// Encodes `frame` and writes it to its file.
    ///
    /// - Throws: ``RenderError/invalidArgument(name:expected:got:)`` for a frame past
    ///   `frameCount` or of another size than the first; ``RenderError/graphics(_:)`` with
    ///   `GraphicsError.unwritableFile(path:reason:)` when the file cannot be written.
    public func write(_ frame: Bitmap) throws(RenderError) {
        guard framesWritten < frameCount else {
            throw .invalidArgument(name: "frame", expected: "at most \(frameCount) frames", got: "frame \(framesWritten + 1)")
        }
        if let size, size != (frame.width, frame.height) {
            throw .invalidArgument(
                name: "frame", expected: "\(size.width)×\(size.height) pixels like the first frame", got: "\(frame.width)×\(frame.height)")
        }
        size = (frame.width, frame.height)
        let bytes: [UInt8]
        do { bytes = try frame.pngData() } catch { throw .graphics(error) }
        let target = path(forFrame: framesWritten)
        let file: OutputFile
        do { file = try OutputFile(target) } catch { throw .graphics(.unwritableFile(path: error.path, reason: error.reason)) }
        let abandoned = state.withLock {
            if !isAbandoned { current = file }
            return isAbandoned
        }
        guard !abandoned else {
            file.discard()
            throw .invalidArgument(name: "frame", expected: "no frames after abandon()", got: "a frame")
        }
        defer { state.withLock { current = nil } }
        do {
            try file.write { fd throws(OutputFileError) in try OutputFile.writeAll(bytes, to: fd, path: target) }
        } catch {
            throw .graphics(.unwritableFile(path: error.path, reason: error.reason))
        }
        framesWritten += 1
    }

    /// Stops the sequence: removes the file being written, if any, and makes later writes fail.
    /// The files already written stay. Safe to call from any thread; it never waits for a write.
    public func abandon() {
        let file = state.withLock {
            isAbandoned = true
            return current
        }
        file?.discard()
    }

    /// Checks that every expected frame was written.
    ///
    /// - Throws: ``RenderError/invalidArgument(name:expected:got:)`` when fewer than `frameCount`
    ///   frames arrived.
    public func finish() throws(RenderError) {
        guard framesWritten == frameCount else {
            throw .invalidArgument(name: "frame", expected: "\(frameCount) frames", got: "\(framesWritten)")
        }
    }
}
