import KinemaGeometry
import KinemaLayers
import KinemaUI

extension Tooltip {
    /// The source in the container's coordinates.
    func resolvedSource(in container: View) -> Rect {
        if let sourceView, sourceView.window != nil, sourceView.window === container.window {
            return sourceView.convert(sourceView.bounds, to: container)
        }
        return sourceRect
    }

    /// The engine's input for the current content, style and container.
    func layoutInput(in container: View) -> PopoverLayoutInput {
        let content: PopoverLayoutInput.Content
        if customView != nil {
            content = .size(customSize)
        } else {
            content = .text(text ?? "", style: label.textStyle, maxWidth: maxWidth)
        }
        var input = PopoverLayoutInput(containerBounds: container.bounds, sourceRect: resolvedSource(in: container), content: content)
        input.safeAreaInsets = container.safeAreaInsets
        let m = edgeMargin.isFinite ? max(0, edgeMargin) : 0
        input.layoutMargins = EdgeInsets(top: m, left: m, bottom: m, right: m)
        input.contentInsets = contentInsets
        input.permittedDirections = directions
        input.arrowBase = arrowSize.width
        input.arrowHeight = arrowSize.height
        input.cornerRadius = cornerRadius
        input.gap = offset
        return input
    }

    /// A fresh solve, applied: bounds, position for the current anchor, path, content frame.
    func relayout() {
        guard let container = containerView else { return }
        let old = placement
        let new = PopoverLayout.place(layoutInput(in: container))
        placement = new
        // Keep scaling about the tip: a pivot at the old tip moves to the new one.
        let content = ArrowAnchoredPresenter.relayOut(self, to: new, from: old, anchor: .followingTip, background: nil)
        // The placement's own outline (its per-corner radii included), in the view's coordinates.
        (layer as? ShapeLayer)?.path = new.bubblePath(relativeTo: new.frame.origin)
        if let customView {
            customView.frame = content
        } else {
            // The engine's text width, so the label draws exactly the measured lines (wider than
            // the content frame only when the body had to shrink to fit the container).
            let width = new.textWidth.map { $0.isFinite ? max(0, $0) : content.width } ?? content.width
            label.frame = Rect(x: content.minX, y: content.minY, width: width, height: content.height)
        }
    }

    func applyStyle() {
        guard let shape = layer as? ShapeLayer else { return }
        func clean(_ v: Double) -> Double { v.isFinite ? max(0, v) : 0 }
        shape.fillColor = bubbleColor
        let w = clean(borderWidth)
        shape.strokeColor = w > 0 ? borderColor : nil
        shape.lineWidth = w
        shape.lineJoin = .round
        shape.shadowColor = shadowColor
        shape.shadowOpacity = min(1, clean(shadowOpacity))
        shape.shadowRadius = clean(shadowRadius)
        shape.shadowOffset = shadowOffset.isFinite ? shadowOffset : .zero
    }
}
