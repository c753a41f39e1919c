import KinemaGeometry

/// The delegate of a ``ScrollView``'s pan recognizer: decides, when the finger has moved past
/// the slop, whether the drag is the scroll view's.
///
/// The pan fails (leaving the touch to recognizers further up, such as an enclosing scroll
/// view's pan) when:
///
/// - the motion so far is mostly along an axis the scroll view cannot move (a horizontal drag on
///   a vertical list, a vertical one on a horizontal pager), so nested scroll views split drags
///   by direction, the inner one first;
/// - the content is tracking the touch (it received `touchesBegan`) and the scroll view may not
///   take it: ``ScrollView/canCancelContentTouches`` is off or
///   ``ScrollView/touchesShouldCancel(in:)`` answers `false`.
final class ScrollViewGestureDelegate: GestureRecognizerDelegate {
    weak var scrollView: ScrollView?

    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard let scrollView else { return true }
        guard gestureRecognizer === scrollView.panGestureRecognizer else { return true }
        return scrollView.dragMayBegin(with: gestureRecognizer)
    }
}

extension ScrollView {
    /// Whether the pan `pan` may begin a drag now (see ``ScrollViewGestureDelegate``).
    func dragMayBegin(with pan: GestureRecognizer) -> Bool {
        let motion = initialMotion(of: pan)
        let axis: ScrollAxis = abs(motion.x) > abs(motion.y) ? .horizontal : .vertical
        guard dragMoves(axis) else { return false }
        for touch in pan.touches where touch.viewDelivery == .delivering || touch.viewDelivery == .endHeld {
            guard let view = touch.view, view !== self, view.isDescendant(of: self) else { continue }
            if !canCancelContentTouches || !touchesShouldCancel(in: view) { return false }
        }
        return true
    }
}
