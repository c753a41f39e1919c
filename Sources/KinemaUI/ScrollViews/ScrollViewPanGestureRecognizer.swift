/// The pan recognizer of a ``ScrollView``: an ordinary ``PanGestureRecognizer`` that also tells
/// its scroll view when a finger comes down (the scroll view is then tracking, and a motion in
/// progress stops) and when the last one lifts.
final class ScrollViewPanGestureRecognizer: PanGestureRecognizer {
    weak var scrollView: ScrollView?

    required init() {
        super.init()
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        let first = self.touches.count == touches.count
        super.touchesBegan(touches, with: event)
        if first { scrollView?.trackingDidBegin() }
    }

    override func reset() {
        super.reset()
        scrollView?.isTracking = false
    }
}
