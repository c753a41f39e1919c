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

    /// Where a re-laid-out bubble's anchor point goes.
    package enum AnchorRule: Sendable {
        /// Left where it is (a bubble not animating about its tip).
        case unchanged
        /// Moved from the old arrow tip to the new one when it sat at the old tip
        /// (``keepAnchorAtTip(of:from:to:)``): a running scale keeps its pivot on the arrow.
        case followingTip
        /// Set to the new arrow tip, always.
        case atTip
    }

    /// Re-lays `view` out for `new`, the one re-layout of popovers, tooltips and tutorial steps:
    /// puts its anchor point by `anchor` (set, not compensated), then lays the view out over the
    /// placement's frame (``layOut(_:over:)``) and `background` (when given) over the view's
    /// bounds with the new arrow direction and offset, laid out at once. Returns the content frame
    /// in the view's coordinates, for the caller's content.
    @discardableResult
    package static func relayOut(
        _ view: View, to new: PopoverPlacement, from old: PopoverPlacement?, anchor: AnchorRule, background: PopoverBackgroundView?
    ) -> Rect {
        switch anchor {
        case .unchanged: break
        case .followingTip: keepAnchorAtTip(of: view, from: old, to: new)
        case .atTip: view.layer.anchorPoint = new.tipAnchorPoint
        }
        let frame = new.frame
        layOut(view, over: frame)
        if let background {
            background.frame = view.bounds
            background.arrowDirection = new.arrowDirection
            background.arrowOffset = new.arrowOffset
            background.layoutIfNeeded()
        }
        let c = new.contentFrame
        return Rect(x: c.minX - frame.minX, y: c.minY - frame.minY, width: c.width, height: c.height)
    }

    /// The centre (the layer's position) that puts a view with anchor point `anchor` (unit
    /// coordinates of its bounds) over `frame`, untransformed.
    package static func center(of frame: Rect, anchorPoint anchor: Point) -> Point {
        Point(x: frame.minX + anchor.x * frame.width, y: frame.minY + anchor.y * frame.height)
    }
}
