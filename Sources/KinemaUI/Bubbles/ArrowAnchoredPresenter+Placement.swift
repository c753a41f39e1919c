import KinemaGeometry

extension ArrowAnchoredPresenter {
    /// When `view`'s anchor point sits at `old`'s arrow tip, moves it to `new`'s (set as is, not
    /// compensated: the caller lays the view out for `new` next), so a bubble scaling about its
    /// tip (the entrance, a pulse) keeps scaling about the new tip. Does nothing without `old`.
    package static func keepAnchorAtTip(of view: View, from old: PopoverPlacement?, to new: PopoverPlacement) {
        guard let old, view.layer.anchorPoint == old.tipAnchorPoint else { return }
        view.layer.anchorPoint = new.tipAnchorPoint
    }

    /// Sizes `view` to `frame` (its superview's coordinates, points) and centres it so that,
    /// untransformed, it covers `frame` for its current anchor point.
    package static func layOut(_ view: View, over frame: Rect) {
        view.bounds = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        view.center = center(of: frame, anchorPoint: view.layer.anchorPoint)
    }

    /// Lays `view` out over `placement`'s frame (``layOut(_:over:)``) and, when given,
    /// `background` over the view's bounds with the placement's arrow direction and offset, laid
    /// out at once.
    package static func layOut(_ view: View, for placement: PopoverPlacement, background: PopoverBackgroundView?) {
        layOut(view, over: placement.frame)
        guard let background else { return }
        background.frame = view.bounds
        background.arrowDirection = placement.arrowDirection
        background.arrowOffset = placement.arrowOffset
        background.layoutIfNeeded()
    }

    /// The centre (the layer's position) that puts a view with anchor point `anchor` (unit
    /// coordinates of its bounds) over `frame`, untransformed.
    package static func center(of frame: Rect, anchorPoint anchor: Point) -> Point {
        Point(x: frame.minX + anchor.x * frame.width, y: frame.minY + anchor.y * frame.height)
    }
}
