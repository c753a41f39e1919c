import KinemaGeometry

/// The context drawing goes to now: inside a view's `draw(_:)`, the view's layer's recording
/// context; `nil` outside a drawing call. Mirrors `UIGraphicsGetCurrentContext()`; the same as
/// `DrawingContext.current`.
///
/// ```swift
/// override func draw(_ rect: Rect) {
///     guard let ctx = GraphicsGetCurrentContext() else { return }
///     ctx.setFillColor(.blue)
///     ctx.fill(rect)
/// }
/// ```
public func GraphicsGetCurrentContext() -> DrawingContext? {
    DrawingContext.current
}
