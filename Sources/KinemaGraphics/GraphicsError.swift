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
    /// A bitmap the current ``PixelBudget`` has no room for; `limit` is the budget, bytes.
    case overBudget(width: Int, height: Int, limit: Int)

    /// The largest width or height of a bitmap, in pixels.
    public static let maximumDimension = 16384

    /// The most pixels an image file may decode to: 64 × 2²⁰ (8192 × 8192), 256 MiB of
    /// premultiplied ARGB32. A PNG header is checked against it before anything is allocated, so
    /// a small file that declares 16384 × 16384 pixels cannot ask for 1 GiB. Frames and working
    /// surfaces are bounded by ``maximumDimension`` and the renderer's memory budget instead.
    public static let maximumImagePixels = 64 << 20

    /// The largest number of pixels per point anything renders at: scene files, `kinema render
    /// --scale`, `kinema play --scale` and the renderer share it, so a scale one accepts the
    /// others accept too. A frame must also stay within ``maximumDimension`` pixels on a side.
    public static let maximumScale = 16.0

    /// Why a frame of `width × height` points at `scale` pixels per point cannot be made, as the
    /// end of a sentence, or `nil` when it can: the scale is above 0 and at most
    /// ``maximumScale``, and both sides are at most ``maximumDimension`` pixels. `written` is the
    /// scale as the user wrote it, for the message.
    public static func problem(width: Double, height: Double, scale: Double, written: String? = nil) -> String? {
        let shown = written ?? "\(scale)"
        guard scale.isFinite, scale > 0, scale <= maximumScale else {
            return "expected pixels per point above 0 and at most \(Int(maximumScale)), got \(shown)"
        }
        let w = (width * scale).rounded(.up), h = (height * scale).rounded(.up)
        guard w <= Double(maximumDimension), h <= Double(maximumDimension) else {
            let size = w < 1e12 && h < 1e12 ? "\(Int(w))×\(Int(h))" : "\(w)×\(h)"
            return "frames would be \(size) pixels at scale \(shown); expected at most \(maximumDimension) pixels on a side"
        }
        return nil
    }

    public var description: String {
        switch self {
        case .invalidSize(let w, let h):
            "bitmap size \(w)×\(h): expected a width and height from 1 to \(GraphicsError.maximumDimension) pixels"
        case .unreadableImage(let path, let reason): "image '\(path)': \(reason)"
        case .unwritableFile(let path, let reason): "cannot write '\(path)': \(reason)"
        case .pngEncodingFailed(let reason): "cannot encode the bitmap as PNG: \(reason)"
        case .overBudget(let w, let h, let limit):
            "a \(w)×\(h)-pixel surface (\(InputFile.describe(bytes: w * h * 4))) does not fit in the memory budget of \(InputFile.describe(bytes: limit))"
        }
    }
}
