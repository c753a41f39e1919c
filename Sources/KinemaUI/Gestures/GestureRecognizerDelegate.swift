/// Decides whether a gesture recognizer begins, which touches it sees and how it works with
/// other recognizers. Every method has a default, so implement only what you need. Mirrors
/// `UIGestureRecognizerDelegate`.
public protocol GestureRecognizerDelegate: AnyObject {
    /// Whether `gestureRecognizer` may leave `possible` for began or recognized; `false` makes it
    /// fail. Asked once it is free to begin (after the recognizers it waits for have failed).
    /// Default `true`. Mirrors `gestureRecognizerShouldBegin(_:)`.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool

    /// Whether `gestureRecognizer` receives `touch`, asked when the touch begins, before the
    /// recognizer sees it. Default `true`. Mirrors `gestureRecognizer(_:shouldReceive:)`.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool

    /// Whether `gestureRecognizer` and `otherGestureRecognizer` may both recognize with the same
    /// touches. `true` from either recognizer's delegate allows it. Default `false`. Mirrors
    /// `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)`.
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
    ) -> Bool

    /// Whether `gestureRecognizer` waits for `otherGestureRecognizer` to fail (as
    /// ``GestureRecognizer/require(toFail:)`` does). Default `false`. Mirrors
    /// `gestureRecognizer(_:shouldRequireFailureOf:)`.
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: GestureRecognizer
    ) -> Bool

    /// Whether `otherGestureRecognizer` waits for `gestureRecognizer` to fail. Default `false`.
    /// Mirrors `gestureRecognizer(_:shouldBeRequiredToFailBy:)`.
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldBeRequiredToFailBy otherGestureRecognizer: GestureRecognizer
    ) -> Bool
}

extension GestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }

    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }

    public func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
    ) -> Bool { false }

    public func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: GestureRecognizer
    ) -> Bool { false }

    public func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldBeRequiredToFailBy otherGestureRecognizer: GestureRecognizer
    ) -> Bool { false }
}
