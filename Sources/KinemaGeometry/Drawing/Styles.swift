/// Line cap styles, mirroring `CGLineCap` and `CAShapeLayerLineCap`.
public enum LineCap: String, Hashable, Sendable, CaseIterable { case butt, round, square }

/// Line join styles, mirroring `CGLineJoin` and `CAShapeLayerLineJoin`.
public enum LineJoin: String, Hashable, Sendable, CaseIterable { case miter, round, bevel }

/// Horizontal text alignment, mirroring `CATextLayerAlignmentMode` (and `NSTextAlignment`).
/// `natural` is left for left-to-right text and right for right-to-left text.
public enum TextAlignment: String, Hashable, Sendable, CaseIterable { case natural, left, right, center, justified }

/// Where text that does not fit is cut, mirroring `CATextLayerTruncationMode` (an ellipsis
/// replaces the cut part).
public enum TruncationMode: String, Hashable, Sendable, CaseIterable { case none, start, end, middle }

/// How a path is stroked: width, caps, joins and dashes. Mirrors SwiftUI's `StrokeStyle` (the
/// stroke state of a `CGContext`, and `CAShapeLayer`'s stroke properties).
public struct StrokeStyle: Hashable, Sendable {
    /// The line width, in points. Default 1.
    public var lineWidth: Double
    /// The cap at open ends. Default butt.
    public var lineCap: LineCap
    /// The join between segments. Default miter.
    public var lineJoin: LineJoin
    /// The miter limit (ratio of miter length to line width). Default 10.
    public var miterLimit: Double
    /// Dash and gap lengths, in points; empty for a solid line. Default empty.
    public var dash: [Double]
    /// How far into the dash pattern the line starts, in points. Default 0.
    public var dashPhase: Double

    /// A stroke style; the defaults are Core Graphics' (1-point solid line, butt caps, miter
    /// joins with limit 10).
    public init(
        lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Double = 10,
        dash: [Double] = [], dashPhase: Double = 0
    ) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}

/// A colour gradient: colours at locations along `[0, 1]`. Mirrors `CGGradient`.
public struct Gradient: Hashable, Sendable {
    /// The stop colours. With no colours nothing is drawn; one colour is a solid fill.
    public var colors: [Color]
    /// Stop locations in `[0, 1]`, one per colour; empty spaces the colours evenly.
    public var locations: [Double]

    /// A gradient through `colors` at `locations` (empty: evenly spaced).
    public init(colors: [Color], locations: [Double] = []) {
        self.colors = colors
        self.locations = locations
    }

    /// The stops as (location, colour) pairs, with locations clamped to `[0, 1]` and kept in
    /// order, as Core Animation reads `CAGradientLayer.locations`: a list whose length differs
    /// from the colours' is ignored and the colours are spaced evenly.
    public var stops: [(location: Double, color: Color)] {
        guard !colors.isEmpty else { return [] }
        if colors.count == 1 { return [(0, colors[0]), (1, colors[0])] }
        let even = locations.count != colors.count || locations.contains { !$0.isFinite }
        var last = 0.0
        return colors.enumerated().map { i, c in
            var l = even ? Double(i) / Double(colors.count - 1) : min(max(locations[i], 0), 1)
            l = max(l, last)
            last = l
            return (l, c)
        }
    }
}

/// A text style: font, size, colour and paragraph layout. What `CATextLayer` and drawn text use.
public struct TextStyle: Hashable, Sendable {
    /// The font family or face, in fontconfig syntax ("DejaVu Sans", "IPAGothic", "Sans Bold").
    /// Default "Sans".
    public var fontName: String
    /// The font size, in points. Default 17 (UIKit's body size).
    public var fontSize: Double
    /// The text colour. Default opaque black.
    public var color: Color
    /// Horizontal alignment within the layout width. Default natural.
    public var alignment: TextAlignment
    /// Whether lines wrap at the layout width (at word boundaries, or between characters where
    /// a word does not fit, as Japanese needs). Default `true`.
    public var isWrapped: Bool
    /// Where text that does not fit is cut. Default none.
    public var truncation: TruncationMode
    /// Extra space between lines, in points. Default 0.
    public var lineSpacing: Double
    /// The language, as a BCP 47 tag ("en", "ja"), for line breaking and glyph choice; `nil`
    /// uses the text's script. Default `nil`.
    public var language: String?

    /// A text style; every parameter defaults to the value its property documents.
    public init(
        fontName: String = "Sans", fontSize: Double = 17, color: Color = .black, alignment: TextAlignment = .natural,
        isWrapped: Bool = true, truncation: TruncationMode = .none, lineSpacing: Double = 0, language: String? = nil
    ) {
        self.fontName = fontName
        self.fontSize = fontSize
        self.color = color
        self.alignment = alignment
        self.isWrapped = isWrapped
        self.truncation = truncation
        self.lineSpacing = lineSpacing
        self.language = language
    }
}
