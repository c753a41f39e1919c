import KinemaGeometry

/// The properties that only shape, text and gradient layers have, boxed so that plain layers
/// stay small.
public indirect enum KindProperties: Hashable, Sendable {
    case layer
    case shape(ShapeProperties)
    case text(TextProperties)
    case gradient(GradientProperties)

    /// The layer kind these properties belong to (`nil` for a plain layer's).
    var layerKind: LayerKind? {
        switch self {
        case .layer: nil
        case .shape: .shape
        case .text: .text
        case .gradient: .gradient
        }
    }

    /// The shape properties; a default set when this is not a shape layer's. Setting makes it one
    /// (``LayerProperty``'s declarations check the owning kind first).
    var shape: ShapeProperties {
        get { if case .shape(let s) = self { s } else { ShapeProperties() } }
        set { self = .shape(newValue) }
    }

    /// The text properties; a default set when this is not a text layer's.
    var text: TextProperties {
        get { if case .text(let t) = self { t } else { TextProperties() } }
        set { self = .text(newValue) }
    }

    /// The gradient properties; a default set when this is not a gradient layer's.
    var gradient: GradientProperties {
        get { if case .gradient(let g) = self { g } else { GradientProperties() } }
        set { self = .gradient(newValue) }
    }
}

/// `CAShapeLayer`'s properties.
public struct ShapeProperties: Hashable, Sendable {
    /// The shape, in the layer's coordinates. Default `nil`. Animatable (explicitly only).
    public var path: Path?
    /// The fill colour. Default opaque black.
    public var fillColor: Color? = .black
    /// The stroke colour. Default `nil` (no stroke).
    public var strokeColor: Color?
    /// The fill rule. Default non-zero.
    public var fillRule: FillRule = .nonZero
    /// The stroke width, in points. Default 1.
    public var lineWidth: Double = 1
    /// The miter limit. Default 10.
    public var miterLimit: Double = 10
    /// The cap style. Default butt.
    public var lineCap: LineCap = .butt
    /// The join style. Default miter.
    public var lineJoin: LineJoin = .miter
    /// Where the stroke starts, as a fraction of the path's length. Default 0.
    public var strokeStart: Double = 0
    /// Where the stroke ends, as a fraction of the path's length. Default 1.
    public var strokeEnd: Double = 1
    /// The dash phase, in points. Default 0.
    public var lineDashPhase: Double = 0
    /// Dash and gap lengths, in points; empty for a solid line. Default empty.
    public var lineDashPattern: [Double] = []

    public init() {}

}

/// `CATextLayer`'s properties.
public struct TextProperties: Hashable, Sendable {
    /// The text. Default empty.
    public var string: String = ""
    /// The font family or face name (fontconfig syntax). Default "Helvetica", as Core Animation.
    public var fontName: String = "Helvetica"
    /// The font size, in points. Default 36, as Core Animation.
    public var fontSize: Double = 36
    /// The text colour. Default opaque white, as Core Animation.
    public var foregroundColor: Color? = .white
    /// Horizontal alignment. Default natural.
    public var alignmentMode: TextAlignment = .natural
    /// Whether the text wraps to the bounds' width. Default `false`.
    public var isWrapped = false
    /// Where text that does not fit is cut. Default none.
    public var truncationMode: TruncationMode = .none

    public init() {}

}

/// `CAGradientLayer`'s properties.
public struct GradientProperties: Hashable, Sendable {
    /// The colours of the stops. Default empty.
    public var colors: [Color] = []
    /// Stop locations in `[0, 1]`; empty spaces the stops evenly. Default empty.
    public var locations: [Double] = []
    /// Where the gradient starts, in unit coordinates. Default (0.5, 0).
    public var startPoint = Point(x: 0.5, y: 0)
    /// Where the gradient ends, in unit coordinates. Default (0.5, 1).
    public var endPoint = Point(x: 0.5, y: 1)
    /// The gradient's geometry. Default axial.
    public var type: GradientType = .axial

    public init() {}

}

/// Gradient geometry, mirroring `CAGradientLayerType`.
public enum GradientType: String, Hashable, Sendable, CaseIterable { case axial, radial, conic }
