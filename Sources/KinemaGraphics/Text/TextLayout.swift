import CCairo
import CPangoCairo
import KinemaGeometry

/// A paragraph layout of text in one style, measured and drawn by Pango: wrapping, alignment,
/// truncation with an ellipsis, line spacing, and any script the installed fonts cover
/// (Japanese wraps between characters). What `CATextLayer` draws and what `UILabel`'s
/// `sizeThatFits(_:)` measures.
///
/// ```swift
/// let style = TextStyle(fontName: "Sans", fontSize: 15, alignment: .center)
/// let layout = TextLayout(text: "Tap the button to continue", style: style, width: 120)
/// layout.lineCount        // 2
/// layout.size             // the text's logical extent, in points
/// context.drawText(layout, at: Point(x: 20, y: 10))
/// ```
///
/// Sizes are in points at one pixel per point; drawn into a scaled ``GraphicsContext`` the text
/// scales with it. Glyph positions are not rounded or hinted (hint metrics off, hint style none,
/// grey antialiasing), so a layout measures the same at every scale and draws the same bytes on
/// every run.
///
/// Fonts are found by fontconfig from `TextStyle.fontName` (a family list such as
/// `"DejaVu Sans, IPAGothic"`, optionally with a style: `"Sans Bold"`); characters the font lacks
/// fall back to other installed fonts. Names fontconfig does not know, such as Core Animation's
/// default `"Helvetica"`, become its default sans-serif family: on the reference machine
/// (fonts-dejavu-core and fonts-ipafont-gothic) `fc-match Helvetica` and this layout both choose
/// DejaVu Sans, and Japanese falls back to IPAGothic. See ``resolvedFontFamily(for:)``.
///
/// A layout is immutable and `Sendable`: it may be created on one thread and drawn on others,
/// also at the same time. All Pango work goes through one process-wide lock and one font map.
public final class TextLayout: @unchecked Sendable {
    /// The text laid out.
    public let text: String
    /// The style it is laid out in.
    public let style: TextStyle
    /// The width lines are aligned in (and, when wrapping, wrapped to), in points; `nil` for
    /// none. Non-finite widths count as `nil`, negative ones as 0.
    public let width: Double?
    /// The height that truncated wrapped text must fit, in points; `nil` for none.
    public let maximumHeight: Double?
    /// The logical extent of the laid-out text, in points: the widest line's advance and the
    /// lines' total height including `TextStyle.lineSpacing`. With wrapping, the width is at
    /// most ``width`` (unless one character is wider); without it, lines may be wider. Empty text
    /// measures `.zero`.
    public let size: Size
    /// Where the logical extent sits relative to the point the layout is drawn at, in points:
    /// its size is ``size``, and its x is where alignment within ``width`` puts the widest line.
    public let textRect: Rect
    /// The number of lines after wrapping and truncation; 0 for empty text.
    public let lineCount: Int
    /// How far below the drawing origin the first line's baseline lies, in points; 0 for empty
    /// text.
    public let firstBaseline: Double
    /// Whether an ellipsis replaced some of the text.
    public let isTruncated: Bool
    /// Each line's logical rectangle relative to the drawing origin, in points, top to bottom.
    let lineRects: [Rect]

    /// The `PangoLayout *`, or `nil` when there is nothing to draw. Used only under the lock.
    private let layout: OpaquePointer?
    /// How far right of the drawing origin Pango's layout is drawn: alignment within ``width``
    /// that Pango cannot do itself when lines are not wrapped.
    private let offsetX: Double

    /// The largest font size used, in points; larger sizes are clamped to it.
    public static let maximumFontSize = 10_000.0
    /// The largest width, height or line spacing used, in points; larger values are clamped.
    public static let maximumExtent = 1_000_000.0

    /// Lays out `text`.
    ///
    /// - Parameters:
    ///   - text: the text; `"\n"` starts a new paragraph.
    ///   - style: font, size, colour, alignment, wrapping, truncation, line spacing and language.
    ///     A font size that is not finite and positive lays out nothing (``size`` is `.zero`).
    ///   - width: the width to align lines in and, when `style.isWrapped`, to wrap them to (at
    ///     word boundaries, or between characters where a word does not fit), in points; `nil`
    ///     for neither. When `style.isWrapped` is `false` every paragraph is one line.
    ///   - maximumHeight: for wrapped text with a `TextStyle.truncation` other than `.none`, the
    ///     height the lines must fit in points: the last line that fits is ellipsized. `nil` (the
    ///     default) never truncates wrapped text. Unwrapped text with a truncation mode and a
    ///     width is ellipsized to the width, one line per paragraph.
    public init(text: String, style: TextStyle, width: Double?, maximumHeight: Double? = nil) {
        self.text = text
        self.style = style
        let width = width.flatMap { $0.isFinite ? min(max($0, 0), TextLayout.maximumExtent) : nil }
        let maximumHeight = maximumHeight.flatMap { $0.isFinite ? min(max($0, 0), TextLayout.maximumExtent) : nil }
        self.width = width
        self.maximumHeight = maximumHeight
        let options = LayoutOptions(style: style, width: width, maximumHeight: maximumHeight)
        guard !text.isEmpty, let options else {
            (size, textRect, lineCount, isTruncated, lineRects, layout, offsetX) = (.zero, .zero, 0, false, [], nil, 0)
            firstBaseline = 0
            return
        }
        let cleanText = String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\0" ? "\u{FFFD}" : $0 }))
        let made = PangoLock.withLock { resources in
            TextLayout.makeLayout(text: cleanText, options: options, resources: resources)
        }
        guard let made else {
            (size, textRect, lineCount, isTruncated, lineRects, layout, offsetX) = (.zero, .zero, 0, false, [], nil, 0)
            firstBaseline = 0
            return
        }
        firstBaseline = made.baseline
        layout = made.layout.pointer
        lineCount = made.lineCount
        isTruncated = made.isTruncated
        size = Size(width: made.logical.width, height: made.logical.height)
        offsetX = made.offsetX
        textRect = made.logical.offsetBy(dx: made.offsetX)
        lineRects = made.lines.map { $0.offsetBy(dx: made.offsetX) }
    }

    deinit {
        guard let layout = UncheckedPointer(layout) else { return }
        PangoLock.withLock { _ in g_object_unref(UnsafeMutableRawPointer(layout.pointer)) }
    }

    /// The size of `text` laid out in `style`, wrapped to `width` points (`nil` for no wrapping):
    /// the size a label needs, as `UILabel.sizeThatFits(_:)` gives. The same as
    /// `TextLayout(text:style:width:).size`; not rounded up to whole points or pixels.
    public static func size(of text: String, style: TextStyle, fitting width: Double?) -> Size {
        TextLayout(text: text, style: style, width: width).size
    }

    /// Draws the layout with its top-left corner at `origin` (in `cr`'s user space), in the
    /// style's colour times `alpha`.
    func draw(in cr: OpaquePointer, at origin: Point, alpha: Double) {
        guard let layout = UncheckedPointer(layout) else { return }
        let color = style.color.sanitized
        let cr = UncheckedPointer(cr)
        PangoLock.withLock { _ in
            cairo_save(cr.pointer)
            cairo_new_path(cr.pointer)
            cairo_move_to(cr.pointer, origin.x + offsetX, origin.y)
            cairo_set_source_rgba(cr.pointer, color.red, color.green, color.blue, color.alpha * alpha)
            pango_cairo_show_layout(cr.pointer, layout.pointer)
            cairo_restore(cr.pointer)
        }
    }
}

/// A C pointer passed into or out of the locked region. Only used while holding the lock.
struct UncheckedPointer: @unchecked Sendable {
    let pointer: OpaquePointer
    init(_ pointer: OpaquePointer) { self.pointer = pointer }
    init?(_ pointer: OpaquePointer?) {
        guard let pointer else { return nil }
        self.pointer = pointer
    }
}

extension Rect {
    func offsetBy(dx: Double) -> Rect { Rect(x: origin.x + dx, y: origin.y, width: size.width, height: size.height) }
}
