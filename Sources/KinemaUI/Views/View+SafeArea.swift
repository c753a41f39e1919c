import KinemaGeometry

extension View {
    /// How far the window's safe area (its screen's insets: status bar, home indicator) reaches
    /// into the view, per edge, points; zero for a view outside a window. Mirrors
    /// `UIView.safeAreaInsets` (without view controllers' `additionalSafeAreaInsets`).
    ///
    /// For a view whose frame in the window is `f`, in a window of bounds `W` with screen insets
    /// `i`: `top = max(0, i.top − (f.minY − W.minY))`, and likewise for the other edges.
    public var safeAreaInsets: EdgeInsets {
        guard let window else { return .zero }
        let insets = window.screenSafeAreaInsets
        let w = window.bounds
        let f = self === window ? w : convert(bounds, to: window)
        guard f.isFinite else { return .zero }
        return EdgeInsets(
            top: max(0, insets.top - (f.minY - w.minY)),
            left: max(0, insets.left - (f.minX - w.minX)),
            bottom: max(0, insets.bottom - (w.maxY - f.maxY)),
            right: max(0, insets.right - (w.maxX - f.maxX)))
    }
}
