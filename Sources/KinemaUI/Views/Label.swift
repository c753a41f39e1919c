import KinemaGeometry
import KinemaGraphics
import KinemaLayers

/// Read-only text: one line by default, or wrapped over ``numberOfLines`` lines, vertically
/// centred in its bounds, truncated with an ellipsis where it does not fit. Mirrors `UILabel`.
///
/// Text is laid out and measured with Pango (the renderer's text engine), so
/// ``sizeThatFits(_:)`` and what is drawn agree. A label does not take touches by default
/// (``View/isUserInteractionEnabled`` is `false`, as in UIKit).
///
/// ```swift
/// let label = Label()
/// label.text = "チュートリアル"
/// label.font = .boldSystemFont(ofSize: 20)
/// label.sizeToFit()                 // the frame now fits the text
/// ```
open class Label: View {
    /// The text, `nil` for none. Default `nil`. Mirrors `UILabel.text`.
    public var text: String? { didSet { if text != oldValue { contentDidChange() } } }
    /// The font. Default the system font at 17 points. Mirrors `UILabel.font`.
    public var font: Font = .systemFont(ofSize: Font.labelFontSize) { didSet { contentDidChange() } }
    /// The text colour. Default opaque black. Mirrors `UILabel.textColor`.
    public var textColor: Color = .black { didSet { contentDidChange() } }
    /// Horizontal alignment. Default natural (left for left-to-right text). Mirrors
    /// `UILabel.textAlignment`.
    public var textAlignment: TextAlignment = .natural { didSet { contentDidChange() } }
    /// The most lines shown; 0 for as many as fit. Default 1. Negative values read as 0. Mirrors
    /// `UILabel.numberOfLines`.
    public var numberOfLines = 1 { didSet { contentDidChange() } }
    /// How lines wrap and where text that does not fit is cut. Default
    /// ``LineBreakMode/byTruncatingTail``. Mirrors `UILabel.lineBreakMode`.
    public var lineBreakMode: LineBreakMode = .byTruncatingTail { didSet { contentDidChange() } }

    public override init(frame: Rect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        layer.needsDisplayOnBoundsChange = true
        contentMode = .redraw
    }

    /// The style the text is drawn with.
    package var textStyle: TextStyle {
        var style = TextStyle()
        style.fontName = font.fontName
        style.fontSize = font.pointSize
        style.color = textColor
        style.alignment = textAlignment
        style.isWrapped = numberOfLines != 1 && lineBreakMode.wraps
        style.truncation = lineBreakMode.truncation
        return style
    }

    /// The height of `lines` lines of the current font, points.
    private func height(ofLines lines: Int) -> Double {
        let one = TextLayout(text: "Xg", style: textStyle, width: nil).size.height
        return one * Double(lines)
    }

    /// The layout of the text in `width` points, limited to ``numberOfLines`` and `height`.
    func layout(width: Double?, height: Double?) -> TextLayout {
        var limit = height
        if numberOfLines > 1 {
            let lines = self.height(ofLines: numberOfLines)
            limit = limit.map { min($0, lines) } ?? lines
        }
        return TextLayout(text: text ?? "", style: textStyle, width: width, maximumHeight: limit)
    }

    /// The size of the text laid out within `size` (a width ≤ 0 or not finite does not wrap),
    /// points, rounded up to whole points. Mirrors `UILabel.sizeThatFits(_:)`.
    open override func sizeThatFits(_ size: Size) -> Size {
        guard let text, !text.isEmpty else { return .zero }
        let width = size.width.isFinite && size.width > 0 ? size.width : nil
        let measured = layout(width: width, height: nil).size
        return Size(width: measured.width.rounded(.up), height: measured.height.rounded(.up))
    }

    /// The size of the text on one line (or as wrapped at the current width when
    /// ``numberOfLines`` is not 1). Mirrors `UILabel.intrinsicContentSize`.
    ///
    /// A label of several lines wraps at ``preferredMaxLayoutWidth`` when it is set, else at its
    /// current width: under Auto Layout, a change of width invalidates the size, so the next
    /// pass measures the text at the width the constraints gave it (as UIKit's automatic
    /// preferred width does).
    open override var intrinsicContentSize: Size {
        let width = preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : bounds.width
        return sizeThatFits(Size(width: numberOfLines == 1 ? 0 : width, height: 0))
    }

    /// The width a label of several lines wraps at for its ``intrinsicContentSize``, points; 0
    /// (the default) uses the width layout gives it. Mirrors `UILabel.preferredMaxLayoutWidth`.
    public var preferredMaxLayoutWidth: Double = 0 {
        didSet {
            if !(preferredMaxLayoutWidth.isFinite && preferredMaxLayoutWidth >= 0) { preferredMaxLayoutWidth = oldValue }
            invalidateIntrinsicContentSize()
        }
    }

    /// Draws the text vertically centred in the bounds.
    open override func draw(_ rect: Rect, in ctx: DrawingContext) {
        guard let text, !text.isEmpty else { return }
        let b = bounds
        let laid = layout(width: b.width, height: b.height)
        let height = min(laid.size.height, b.height)
        ctx.drawText(text, style: textStyle, in: Rect(x: b.minX, y: b.minY + (b.height - height) / 2, width: b.width, height: height))
    }

    private func contentDidChange() {
        setNeedsDisplay()
        invalidateIntrinsicContentSize()
        if let button = superview as? Button, button.titleLabel === self { button.invalidateIntrinsicContentSize() }
    }

    /// Where the first or last baseline lies as `coefficient × height + constant` from the top:
    /// the text is centred vertically (see ``draw(_:in:)``), so a baseline is half the height
    /// below the top, less half the text's height, plus the baseline's offset in the text.
    func baselineOffsets(first: Bool) -> (Double, Double) {
        guard let text, !text.isEmpty else { return (1, 0) }
        let laid = layout(width: numberOfLines == 1 ? nil : bounds.width, height: nil)
        let size = Size(width: laid.size.width.rounded(.up), height: laid.size.height.rounded(.up))
        let one = TextLayout(text: "Xg", style: textStyle, width: nil)
        let descent = one.size.height - one.firstBaseline
        let offset = first ? laid.firstBaseline : laid.size.height - descent
        return (0.5, offset - size.height / 2)
    }
}

/// How text wraps and truncates. Mirrors `NSLineBreakMode`.
public enum LineBreakMode: String, Sendable, Hashable, CaseIterable {
    /// Wrap at word boundaries (between characters where a word does not fit).
    case byWordWrapping
    /// Wrap between characters.
    case byCharWrapping
    /// Cut off at the edge, without an ellipsis.
    case byClipping
    /// Ellipsis at the start of the last line.
    case byTruncatingHead
    /// Ellipsis at the end of the last line.
    case byTruncatingTail
    /// Ellipsis in the middle of the last line.
    case byTruncatingMiddle

    var wraps: Bool { self != .byClipping }

    var truncation: TruncationMode {
        switch self {
        case .byWordWrapping, .byCharWrapping, .byClipping: .none
        case .byTruncatingHead: .start
        case .byTruncatingTail: .end
        case .byTruncatingMiddle: .middle
        }
    }
}
