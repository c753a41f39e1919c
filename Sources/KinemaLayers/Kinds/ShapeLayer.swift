import KinemaGeometry

/// A layer that draws a path. Mirrors `CAShapeLayer`.
open class ShapeLayer: Layer {
    open override class var kind: LayerKind { .shape }
    override class var initialKindProperties: KindProperties { .shape(ShapeProperties()) }

    private var shape: ShapeProperties {
        if case .shape(let s) = model.kind { return s }
        return ShapeProperties()
    }

    private func setShape(_ body: (inout ShapeProperties) -> Void) {
        var s = shape
        body(&s)
        mutateModel { $0.kind = .shape(s) }
    }

    /// The path, in the layer's coordinates. Animatable explicitly (no implicit action). Default `nil`.
    public var path: Path? {
        get { shape.path }
        set { change(.path, to: .path(newValue)) }
    }
    /// The fill colour. Animatable. Default opaque black.
    public var fillColor: Color? {
        get { shape.fillColor }
        set { change(.fillColor, to: .color(newValue)) }
    }
    /// The stroke colour. Animatable. Default `nil`.
    public var strokeColor: Color? {
        get { shape.strokeColor }
        set { change(.strokeColor, to: .color(newValue)) }
    }
    /// The fill rule. Default non-zero.
    public var fillRule: FillRule {
        get { shape.fillRule }
        set { setShape { $0.fillRule = newValue } }
    }
    /// The stroke width, points. Animatable. Default 1.
    public var lineWidth: Double {
        get { shape.lineWidth }
        set { change(.lineWidth, to: .number(newValue)) }
    }
    /// The miter limit. Animatable. Default 10.
    public var miterLimit: Double {
        get { shape.miterLimit }
        set { change(.miterLimit, to: .number(newValue)) }
    }
    /// The cap style. Default butt.
    public var lineCap: LineCap {
        get { shape.lineCap }
        set { setShape { $0.lineCap = newValue } }
    }
    /// The join style. Default miter.
    public var lineJoin: LineJoin {
        get { shape.lineJoin }
        set { setShape { $0.lineJoin = newValue } }
    }
    /// Where the stroke starts, fraction of the length. Animatable. Default 0.
    public var strokeStart: Double {
        get { shape.strokeStart }
        set { change(.strokeStart, to: .number(newValue)) }
    }
    /// Where the stroke ends, fraction of the length. Animatable. Default 1.
    public var strokeEnd: Double {
        get { shape.strokeEnd }
        set { change(.strokeEnd, to: .number(newValue)) }
    }
    /// The dash phase, points. Animatable. Default 0.
    public var lineDashPhase: Double {
        get { shape.lineDashPhase }
        set { change(.lineDashPhase, to: .number(newValue)) }
    }
    /// Dash and gap lengths, points; empty for solid. Animatable. Default empty.
    public var lineDashPattern: [Double] {
        get { shape.lineDashPattern }
        set { change(.lineDashPattern, to: .numbers(newValue)) }
    }
}
