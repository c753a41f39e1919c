import KinemaGeometry

/// A pinch in progress: the point of the zoomed view under the fingers' midpoint when it began
/// (unscaled, from the view's bounds' top-left), and the zoom scale then.
struct ScrollPinch {
    var anchor: Point
    var startScale: Double
}
