import KinemaGraphics

/// Something that takes rendered frames in order and writes them out: image files, or an
/// encoder process.
///
/// Call ``write(_:)`` once per frame, in presentation order, then ``finish()`` once. All frames
/// of one sink have the same size. A sink is used from one thread at a time.
///
/// A sink may ask for the frames more than once (``passCount``): then call
/// ``beginPass(_:)`` before each pass and write every frame, the same frames, in each. Frames are
/// bit-identical across renders, so a second pass costs rendering time instead of memory.
public protocol FrameSink: AnyObject {
    /// How many times the sink wants every frame. Default 1.
    var passCount: Int { get }

    /// Starts pass `index` (from 0 to ``passCount`` − 1). Default: nothing to do.
    ///
    /// - Throws: ``RenderError`` when the previous pass could not be completed.
    func beginPass(_ index: Int) throws(RenderError)

    /// Takes the next frame (premultiplied ARGB32, as the renderer makes it).
    ///
    /// - Throws: ``RenderError`` when the frame cannot be written or does not match the earlier
    ///   frames' size.
    func write(_ frame: Bitmap) throws(RenderError)

    /// Completes the output after the last frame: closes files, waits for the encoder.
    ///
    /// - Throws: ``RenderError`` when the output could not be completed.
    func finish() throws(RenderError)

    /// Gives the output up part way (the user stopped the render): removes what is incomplete
    /// and leaves any earlier file at the output's path as it was. Called from any thread, once
    /// or more; later writes fail. Default: nothing to do.
    func abandon()
}

extension FrameSink {
    public var passCount: Int { 1 }
    public func beginPass(_ index: Int) throws(RenderError) {}
    public func abandon() {}
}
