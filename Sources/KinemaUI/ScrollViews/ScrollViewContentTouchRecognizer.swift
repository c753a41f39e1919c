/// Decides when a touch that lands in a ``ScrollView``'s content reaches the content view: it
/// delays the view's `touchesBegan` (``GestureRecognizer/delaysTouchesBegan``) for
/// ``ScrollView/contentTouchDelay`` with ``ScrollView/delaysContentTouches``, or until the finger
/// lifts, and never if the scroll view's pan begins first (the pan takes the touch). It then asks
/// ``ScrollView/touchesShouldBegin(_:with:in:)``; a `false` keeps the touch from the view.
///
/// It never recognizes: it only fails, which releases the touches to their views. UIKit has the
/// same kind of recognizer in a scroll view's `gestureRecognizers`.
final class ScrollViewContentTouchRecognizer: GestureRecognizer {
    weak var scrollView: ScrollView?

    required init() {
        super.init()
        delaysTouchesBegan = true
        delaysTouchesEnded = false
        cancelsTouchesInView = false
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard let scrollView, let window, state == .possible else { return }
        let inContent = self.touches.contains { $0.view !== scrollView }
        if scrollView.delaysContentTouches && scrollView.isScrollEnabled && inContent {
            if timerTokens.isEmpty {
                schedule(at: window.currentTime + ScrollView.contentTouchDelay) { [weak self] in self?.release(with: nil) }
            }
        } else {
            release(with: event)
        }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        release(with: event)
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        state = .failed
    }

    /// Lets the touches through: each content view whose scroll view does not want it to begin
    /// loses its touches, then the recognizer fails (which delivers the others' `touchesBegan`).
    private func release(with event: Event?) {
        guard state == .possible else { return }
        if let scrollView {
            var byView: [(view: View, touches: [Touch])] = []
            for touch in touches where touch.viewDelivery == .beganHeld || touch.viewDelivery == .none {
                guard let view = touch.view, view !== scrollView else { continue }
                if let i = byView.firstIndex(where: { $0.view === view }) {
                    byView[i].touches.append(touch)
                } else {
                    byView.append((view, [touch]))
                }
            }
            for (view, group) in byView where !scrollView.touchesShouldBegin(Set(group), with: event, in: view) {
                environment?.cancelInView(group)
            }
        }
        state = .failed
    }
}
