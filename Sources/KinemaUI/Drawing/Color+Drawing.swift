import KinemaGeometry

extension Color {
    /// Makes this colour the current context's fill colour (what ``BezierPath/fill()`` and
    /// `DrawingContext.fillPath(using:)` paint with). Does nothing without a current context.
    /// Mirrors `UIColor.setFill()`.
    public func setFill() {
        DrawingContext.current?.setFillColor(self)
    }

    /// Makes this colour the current context's stroke colour. Does nothing without a current
    /// context. Mirrors `UIColor.setStroke()`.
    public func setStroke() {
        DrawingContext.current?.setStrokeColor(self)
    }

    /// Makes this colour the current context's fill and stroke colour. Does nothing without a
    /// current context. Mirrors `UIColor.set()`.
    public func set() {
        setFill()
        setStroke()
    }
}
