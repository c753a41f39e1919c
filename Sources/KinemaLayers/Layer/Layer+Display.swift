import KinemaGeometry

extension Layer {
    /// Marks the layer's content as needing to be redrawn; the next transaction commit (or the
    /// next render-tree snapshot) calls ``display()``. Mirrors `CALayer.setNeedsDisplay()`.
    ///
    /// As in Core Animation, a layer's `draw(in:)` is not called until this is: a new layer
    /// with custom drawing shows nothing until it is asked to display.
    public func setNeedsDisplay() {
        guard !needsDisplay else { return }
        needsDisplay = true
        context?.scheduleDisplay(self)
    }

    /// Displays the layer now if it is marked as needing display. Mirrors
    /// `CALayer.displayIfNeeded()`.
    public func displayIfNeeded() {
        guard needsDisplay else { return }
        needsDisplay = false
        display()
    }
}

extension LayerContext {
    /// Displays every layer scheduled by `setNeedsDisplay()`, in the order they were marked.
    func displayPendingLayers() {
        while !pendingDisplay.isEmpty {
            let due = pendingDisplay
            pendingDisplay.removeAll()
            for layer in due { layer.displayIfNeeded() }
        }
    }

    func scheduleDisplay(_ layer: Layer) {
        pendingDisplay.append(layer)
    }
}
