import KinemaGeometry
import KinemaGraphics

/// A layer's rasterised content with a transparent margin around it: content pixel (i, j) is
/// bitmap pixel (margin + i, margin + j).
///
/// The margin keeps projective sampling inside the bitmap near the layer's edges (see
/// ``Compositor``); leave it transparent. The compositor treats the content as immutable once it
/// has composited it: it derives box-downscaled copies (mip levels) for strong minification
/// lazily and keeps them. After drawing into ``bitmap`` again, call ``contentsDidChange()``.
///
/// A backing store is a cheap value to copy: copies share the bitmap and the cached levels.
public struct BackingStore: Sendable {
    /// The pixels, content plus margin: `(contentWidth + 2·margin) × (contentHeight + 2·margin)`.
    public let bitmap: Bitmap
    /// The width of the transparent border around the content, in pixels. Default 2.
    public let margin: Int
    /// Box-downscaled copies, built on demand.
    let levels: MipLevels

    /// The largest margin accepted, in pixels.
    public static let maximumMargin = 64

    /// A transparent backing store for `contentWidth × contentHeight` pixels of content.
    ///
    /// - Parameters:
    ///   - contentWidth: the content's width in pixels, at least 1.
    ///   - contentHeight: the content's height in pixels, at least 1.
    ///   - margin: the transparent border, 0…64 pixels. Default 2, the least that keeps
    ///     projective compositing through pixman exact (it keeps pixman's projective fetcher from
    ///     sampling at negative coordinates, which it misreads; see docs/rendering-notes.md).
    /// - Throws: ``RenderError/invalidArgument(name:expected:got:)`` for a margin out of range,
    ///   ``RenderError/graphics(_:)`` when the bitmap would be empty or too large.
    public init(contentWidth: Int, contentHeight: Int, margin: Int = 2) throws(RenderError) {
        guard (0...BackingStore.maximumMargin).contains(margin) else {
            throw .invalidArgument(name: "margin", expected: "0 to \(BackingStore.maximumMargin) pixels", got: "\(margin)")
        }
        guard contentWidth >= 1, contentHeight >= 1, contentWidth <= GraphicsError.maximumDimension,
            contentHeight <= GraphicsError.maximumDimension
        else {
            throw .graphics(.invalidSize(width: contentWidth, height: contentHeight))
        }
        let bitmap: Bitmap
        do { bitmap = try Bitmap(width: contentWidth + 2 * margin, height: contentHeight + 2 * margin) } catch { throw .graphics(error) }
        self.init(validBitmap: bitmap, margin: margin)
    }

    /// Wraps an existing bitmap whose outer `margin` pixels on every side are transparent.
    ///
    /// - Throws: ``RenderError/invalidArgument(name:expected:got:)`` when the margin is out of
    ///   0…64 or leaves no content.
    public init(bitmap: Bitmap, margin: Int) throws(RenderError) {
        guard (0...BackingStore.maximumMargin).contains(margin), bitmap.width > 2 * margin, bitmap.height > 2 * margin else {
            throw .invalidArgument(
                name: "margin", expected: "0 to \(BackingStore.maximumMargin) pixels, leaving at least one pixel of content",
                got: "\(margin) for a \(bitmap.width)×\(bitmap.height) bitmap")
        }
        self.init(validBitmap: bitmap, margin: margin)
    }

    init(validBitmap bitmap: Bitmap, margin: Int) {
        self.bitmap = bitmap
        self.margin = margin
        levels = MipLevels()
    }

    /// The content's width, in pixels.
    public var contentWidth: Int { bitmap.width - 2 * margin }
    /// The content's height, in pixels.
    public var contentHeight: Int { bitmap.height - 2 * margin }

    /// Forgets the downscaled copies derived from the content; call it after drawing into
    /// ``bitmap`` again.
    public func contentsDidChange() { levels.removeAll() }
}
