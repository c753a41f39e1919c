/// What can go wrong in the graphics module: each case names what was wrong and what was
/// expected.
public enum GraphicsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A bitmap size that is not a positive whole number of pixels within the limit.
    case invalidSize(width: Int, height: Int)
    /// A file that could not be read or decoded.
    case unreadableImage(path: String, reason: String)
    /// A file that could not be written.
    case unwritableFile(path: String, reason: String)
    /// A bitmap that could not be encoded as PNG.
    case pngEncodingFailed(reason: String)

    /// The largest width or height of a bitmap, in pixels.
    public static let maximumDimension = 16384

    public var description: String {
        switch self {
        case .invalidSize(let w, let h):
            "bitmap size \(w)×\(h): expected a width and height from 1 to \(GraphicsError.maximumDimension) pixels"
        case .unreadableImage(let path, let reason): "image '\(path)': \(reason)"
        case .unwritableFile(let path, let reason): "cannot write '\(path)': \(reason)"
        case .pngEncodingFailed(let reason): "cannot encode the bitmap as PNG: \(reason)"
        }
    }
}
