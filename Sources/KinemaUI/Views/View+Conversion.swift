import KinemaGeometry
import KinemaLayers

extension View {
    /// The layer that stands for "the window" when converting with a `nil` view: the window's
    /// layer, or the root of the view's tree when it is not in a window.
    private var baseLayer: Layer {
        var node: View = self
        while let parent = node.superview { node = parent }
        return node.layer
    }

    /// Converts a point from the view's coordinates to `view`'s (to the window's when `nil`),
    /// through every transform. Mirrors `UIView.convert(_:to:)`.
    public func convert(_ point: Point, to view: View?) -> Point {
        layer.convert(point, to: view?.layer ?? baseLayer)
    }

    /// Converts a point from `view`'s coordinates (the window's when `nil`) to the view's.
    /// Mirrors `UIView.convert(_:from:)`.
    public func convert(_ point: Point, from view: View?) -> Point {
        layer.convert(point, from: view?.layer ?? baseLayer)
    }

    /// Converts a rectangle to `view`'s coordinates (the window's when `nil`): the bounding box
    /// of its converted corners. Mirrors `UIView.convert(_:to:)` for rects.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        layer.convert(rect, to: view?.layer ?? baseLayer)
    }

    /// Converts a rectangle from `view`'s coordinates (the window's when `nil`). Mirrors
    /// `UIView.convert(_:from:)` for rects.
    public func convert(_ rect: Rect, from view: View?) -> Rect {
        layer.convert(rect, from: view?.layer ?? baseLayer)
    }
}
