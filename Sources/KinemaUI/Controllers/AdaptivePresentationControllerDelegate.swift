/// Decides whether a presentation adapts to another style. Mirrors
/// `UIAdaptivePresentationControllerDelegate` (the part about styles).
///
/// Kinema has no size classes and never adapts on its own: a popover stays a popover in every
/// container. The delegate is still asked, once per presentation, when the presentation starts
/// (before `prepareForPopoverPresentation(_:)`), so UIKit code that returns `.none` to keep its
/// popover on iPhone runs unchanged. ``PopoverPresentationControllerDelegate`` refines this
/// protocol, as `UIPopoverPresentationControllerDelegate` does; set it as the popover's
/// ``PopoverPresentationController/delegate``.
///
/// ```swift
/// final class KeepsPopover: PopoverPresentationControllerDelegate {
///     func adaptivePresentationStyle(for controller: PresentationController) -> ModalPresentationStyle { .none }
/// }
/// ```
///
/// What the returned style does:
/// - ``ModalPresentationStyle/none`` or ``ModalPresentationStyle/popover``: the popover is shown.
/// - ``ModalPresentationStyle/fullScreen``, ``ModalPresentationStyle/overFullScreen`` or
///   ``ModalPresentationStyle/custom``: the controller is presented with that style instead (with
///   its `modalTransitionStyle`, or its transitioning delegate's presentation controller for
///   `.custom`), exactly as if its `modalPresentationStyle` had been that style; its
///   `presentationController` is then that style's controller, not the popover's.
public protocol AdaptivePresentationControllerDelegate: AnyObject {
    /// The style to present with instead of the presentation's own, or
    /// ``ModalPresentationStyle/none`` to keep it. Default `.none` (Kinema never adapts). Mirrors
    /// `UIAdaptivePresentationControllerDelegate.adaptivePresentationStyle(for:)`.
    func adaptivePresentationStyle(for controller: PresentationController) -> ModalPresentationStyle
}

extension AdaptivePresentationControllerDelegate {
    public func adaptivePresentationStyle(for controller: PresentationController) -> ModalPresentationStyle { .none }
}
