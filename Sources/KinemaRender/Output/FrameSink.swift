import KinemaGraphics

/// Something that takes rendered frames in order and writes them out: image files, or an
/// encoder process.
///
/// Call ``write(_:)`` once per frame, in presentation order, then ``finish()`` once. All frames
/// of one sink have the same size. A sink is used from one thread at a time.
public protocol FrameSink: AnyObject {
    /// Takes the next frame (premultiplied ARGB32, as the renderer makes it).
    ///
    /// - Throws: ``RenderError`` when the frame cannot be written or does not match the earlier
    ///   frames' size.
    func write(_ frame: Bitmap) throws(RenderError)

    /// Completes the output after the last frame: closes files, waits for the encoder.
    ///
    /// - Throws: ``RenderError`` when the output could not be completed.
    func finish() throws(RenderError)
}
