/// Making the sink that writes a format.
extension OutputFormat {
    /// A sink that writes `frameCount` frames of this format to `path` at `framesPerSecond`: a
    /// ``PNGSink`` for ``png``, else an ``FFmpegSink``; a GIF sink makes its palette in a pass of
    /// its own (``FFmpegSink/usesPalettePass``), so its memory stays flat.
    ///
    /// - Throws: ``RenderError/missingEncoder(command:package:)`` when the format needs ffmpeg and
    ///   it is not installed; ``RenderError/invalidArgument(name:expected:got:)`` for a frame
    ///   count below 1 or a bad frame rate.
    public func makeSink(path: String, frameCount: Int, framesPerSecond: Double) throws(RenderError) -> any FrameSink {
        switch self {
        case .png: try PNGSink(path: path, frameCount: frameCount)
        case .gif: try FFmpegSink(path: path, format: self, framesPerSecond: framesPerSecond, usesPalettePass: true)
        case .mp4, .apng: try FFmpegSink(path: path, format: self, framesPerSecond: framesPerSecond)
        }
    }
}
