import KinemaGeometry

/// The delegate of a ``ScrollView``'s pan and pinch recognizers: decides, when the finger has
/// moved past the slop, whether the drag is the scroll view's; lets a pinch begin only when there
/// is a view to zoom; lets the two recognize together.
///
/// The pan fails (leaving the touch to recognizers further up, such as an enclosing scroll
/// view's pan) when:
///
/// - the motion so far is mostly along an axis the scroll view cannot move (a horizontal drag on
///   a vertical list, a vertical one on a horizontal pager), so nested scroll views split drags
///   by direction, the inner one first (not during a pinch, which changes the content's size);
/// - the content is tracking the touch (it received `touchesBegan`) and the scroll view may not
///   take it: ``ScrollView/canCancelContentTouches`` is off or
///   ``ScrollView/touchesShouldCancel(in:)`` answers `false`.
final class ScrollViewGestureDelegate: GestureRecognizerDelegate {
    weak var scrollView: ScrollView?

    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard let scrollView else { return true }
        if gestureRecognizer === scrollView.pinchGestureRecognizer { return scrollView.zoomingView != nil }
        guard gestureRecognizer === scrollView.panGestureRecognizer else { return true }
        return scrollView.dragMayBegin(with: gestureRecognizer)
    }

    /// The scroll view's pan and pinch recognize together: two fingers zoom about their midpoint
    /// while it moves (the pinch then moves the content, the drag waits).
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
    ) -> Bool {
        guard let scrollView, let pinch = scrollView.pinchGestureRecognizer else { return false }
        let pair = [gestureRecognizer, otherGestureRecognizer]
        return pair.contains { $0 === pinch } && pair.contains { $0 === scrollView.panGestureRecognizer }
    }
}

extension ScrollView {
    /// Whether the pan `pan` may begin a drag now (see ``ScrollViewGestureDelegate``).
    func dragMayBegin(with pan: GestureRecognizer) -> Bool {
        let motion = initialMotion(of: pan)
        let axis: ScrollAxis = abs(motion.x) > abs(motion.y) ? .horizontal : .vertical
        // During a pinch the content's size changes under the fingers: any direction goes.
        guard isZooming || dragMoves(axis) else { return false }
        for touch in pan.touches where touch.viewDelivery == .delivering || touch.viewDelivery == .endHeld {
            guard let view = touch.view, view !== self, view.isDescendant(of: self) else { continue }
            if !canCancelContentTouches || !touchesShouldCancel(in: view) { return false }
        }
        return true
    }
}
