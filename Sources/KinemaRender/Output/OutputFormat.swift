/// The kinds of file Kinema writes frames to, chosen by the output file's extension.
///
/// | format | extension | frames | alpha | encoder |
/// | --- | --- | --- | --- | --- |
/// | ``png`` | `.png` | one file per frame | yes | cairo (no ffmpeg) |
/// | ``gif`` | `.gif` | animated, loops forever | 1-bit | ffmpeg |
/// | ``mp4`` | `.mp4` | H.264 video | no (composited on black) | ffmpeg |
/// | ``apng`` | `.apng` | animated PNG, loops forever | yes | ffmpeg |
public enum OutputFormat: String, CaseIterable, Hashable, Sendable {
    /// PNG images: one file, or a numbered sequence for several frames.
    case png
    /// An animated GIF with one palette for the whole animation.
    case gif
    /// H.264 video in an MP4 container, 4:2:0, tagged BT.709.
    case mp4
    /// An animated PNG.
    case apng

    /// The format that the extension of `path` names, ignoring case: `.png`, `.gif`, `.mp4` or
    /// `.apng`.
    ///
    /// - Throws: ``RenderError/invalidArgument(name:expected:got:)`` naming `output` when the
    ///   extension is missing or not one of those.
    public init(path: String) throws(RenderError) {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        let dot = name.lastIndex(of: ".")
        let ext = dot.map { String(name[name.index(after: $0)...]).lowercased() } ?? ""
        guard let format = OutputFormat(rawValue: ext), dot != name.startIndex else {
            let expected = OutputFormat.allCases.map { ".\($0.rawValue)" }.joined(separator: ", ")
            throw .invalidArgument(name: "output", expected: "a file name ending in one of \(expected)", got: "'\(path)'")
        }
        self = format
    }

    /// The file extension, without the dot.
    public var fileExtension: String { rawValue }

    /// Whether the format needs the `ffmpeg` command.
    public var needsFFmpeg: Bool { self != .png }

    /// The size in pixels of the encoded frames for frames of `width × height` pixels.
    ///
    /// The same size, except for ``mp4``: 4:2:0 chroma needs even sizes, so an odd width or height
    /// grows by one pixel, padded with black on the right or at the bottom.
    public func encodedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        switch self {
        case .mp4: (width + width % 2, height + height % 2)
        case .png, .gif, .apng: (width, height)
        }
    }
}
