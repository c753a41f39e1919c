import KinemaGeometry

extension GraphicsContext {
    /// Draws `layout` with the top-left corner of its layout box at `origin` (in user space), in
    /// its style's colour times the context's alpha. Lines are placed in the box as the layout's
    /// alignment and width say (``TextLayout/textRect`` is where the text lands relative to
    /// `origin`); nothing is clipped. In a scaled or rotated context the text is scaled or
    /// rotated with it, keeping the layout's measurements.
    public func drawText(_ layout: TextLayout, at origin: Point) {
        guard isDrawable, origin.isFinite else { return }
        layout.draw(in: cr, at: origin, alpha: state.alpha)
    }
}
