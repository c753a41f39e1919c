extension View {
    /// Attaches `gestureRecognizer` to the view (moving it from the view it was on, which
    /// cancels a gesture in progress there). Touches that begin in the view or its subviews go to
    /// it. The view retains it. Mirrors `UIView.addGestureRecognizer(_:)`.
    public func addGestureRecognizer(_ gestureRecognizer: GestureRecognizer) {
        guard gestureRecognizer.view !== self else { return }
        gestureRecognizer.view?.removeGestureRecognizer(gestureRecognizer)
        gestureRecognizers.append(gestureRecognizer)
        gestureRecognizer.view = self
    }

    /// Detaches `gestureRecognizer` (ignored unless it is attached to this view). A gesture in
    /// progress is cancelled (its targets are called with `.cancelled`); one still possible fails.
    /// Mirrors `UIView.removeGestureRecognizer(_:)`.
    public func removeGestureRecognizer(_ gestureRecognizer: GestureRecognizer) {
        guard gestureRecognizer.view === self else { return }
        gestureRecognizer.abandonTouches()
        gestureRecognizers.removeAll { $0 === gestureRecognizer }
        gestureRecognizer.view = nil
    }
}
