import KinemaGeometry

/// A layer that fills its bounds with a gradient. Mirrors `CAGradientLayer`.
open class GradientLayer: Layer {
    open override class var kind: LayerKind { .gradient }
    override class var initialKindProperties: KindProperties { .gradient(GradientProperties()) }

    private var gradient: GradientProperties {
        if case .gradient(let g) = model.kind { return g }
        return GradientProperties()
    }

    /// The stop colours. Animatable. Default empty.
    public var colors: [Color] {
        get { gradient.colors }
        set { change(.colors, to: .colors(newValue)) }
    }
    /// The stop locations in `[0, 1]`; empty spaces them evenly. Animatable. Default empty.
    public var locations: [Double] {
        get { gradient.locations }
        set { change(.locations, to: .numbers(newValue)) }
    }
    /// The start point, unit coordinates. Animatable. Default (0.5, 0).
    public var startPoint: Point {
        get { gradient.startPoint }
        set { change(.startPoint, to: .point(newValue)) }
    }
    /// The end point, unit coordinates. Animatable. Default (0.5, 1).
    public var endPoint: Point {
        get { gradient.endPoint }
        set { change(.endPoint, to: .point(newValue)) }
    }
    /// The geometry: axial, radial or conic. Default axial.
    public var type: GradientType {
        get { gradient.type }
        set {
            var g = gradient
            g.type = newValue
            mutateModel { $0.kind = .gradient(g) }
        }
    }
}
