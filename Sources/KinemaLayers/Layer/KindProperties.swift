import KinemaGeometry

/// The properties that only shape, text and gradient layers have, boxed so that plain layers
/// stay small.
public indirect enum KindProperties: Hashable, Sendable {
    case layer
    case shape(ShapeProperties)
    case text(TextProperties)
    case gradient(GradientProperties)

    func value(of property: LayerProperty) -> AnimatableValue? {
        switch self {
        case .shape(let s): s.value(of: property)
        case .text(let t): t.value(of: property)
        case .gradient(let g): g.value(of: property)
        case .layer: nil
        }
    }

    mutating func set(_ property: LayerProperty, to value: AnimatableValue) -> Bool {
        switch self {
        case .shape(var s): defer { self = .shape(s) }; return s.set(property, to: value)
        case .text(var t): defer { self = .text(t) }; return t.set(property, to: value)
        case .gradient(var g): defer { self = .gradient(g) }; return g.set(property, to: value)
        case .layer: return false
        }
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

    func value(of property: LayerProperty) -> AnimatableValue? {
        switch property {
        case .path: .path(path)
        case .fillColor: .color(fillColor)
        case .strokeColor: .color(strokeColor)
        case .lineWidth: .number(lineWidth)
        case .miterLimit: .number(miterLimit)
        case .strokeStart: .number(strokeStart)
        case .strokeEnd: .number(strokeEnd)
        case .lineDashPhase: .number(lineDashPhase)
        case .lineDashPattern: .numbers(lineDashPattern)
        default: nil
        }
    }

    mutating func set(_ property: LayerProperty, to value: AnimatableValue) -> Bool {
        switch (property, value) {
        case (.path, .path(let v)): path = v
        case (.fillColor, .color(let v)): fillColor = v
        case (.strokeColor, .color(let v)): strokeColor = v
        case (.lineWidth, .number(let v)): lineWidth = v
        case (.miterLimit, .number(let v)): miterLimit = v
        case (.strokeStart, .number(let v)): strokeStart = v
        case (.strokeEnd, .number(let v)): strokeEnd = v
        case (.lineDashPhase, .number(let v)): lineDashPhase = v
        case (.lineDashPattern, .numbers(let v)): lineDashPattern = v
        default: return false
        }
        return true
    }
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

    func value(of property: LayerProperty) -> AnimatableValue? {
        switch property {
        case .fontSize: .number(fontSize)
        case .foregroundColor: .color(foregroundColor)
        default: nil
        }
    }

    mutating func set(_ property: LayerProperty, to value: AnimatableValue) -> Bool {
        switch (property, value) {
        case (.fontSize, .number(let v)): fontSize = v
        case (.foregroundColor, .color(let v)): foregroundColor = v
        default: return false
        }
        return true
    }
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

    func value(of property: LayerProperty) -> AnimatableValue? {
        switch property {
        case .colors: .colors(colors)
        case .locations: .numbers(locations)
        case .startPoint: .point(startPoint)
        case .endPoint: .point(endPoint)
        default: nil
        }
    }

    mutating func set(_ property: LayerProperty, to value: AnimatableValue) -> Bool {
        switch (property, value) {
        case (.colors, .colors(let v)): colors = v
        case (.locations, .numbers(let v)): locations = v
        case (.startPoint, .point(let v)): startPoint = v
        case (.endPoint, .point(let v)): endPoint = v
        default: return false
        }
        return true
    }
}

/// Gradient geometry, mirroring `CAGradientLayerType`.
public enum GradientType: String, Hashable, Sendable, CaseIterable { case axial, radial, conic }
