import KinemaGeometry

/// What a popover's owner can decide and hear about: preparation, dismissal by a tap outside,
/// and repositioning, and (from ``AdaptivePresentationControllerDelegate``) whether to adapt to
/// another style. Every method has a default. Mirrors `UIPopoverPresentationControllerDelegate`
/// (with the iOS 8 names, which Kinema keeps).
public protocol PopoverPresentationControllerDelegate: AdaptivePresentationControllerDelegate {
    /// Called once per presentation, before the popover is laid out, so the delegate can set the
    /// source, the permitted directions and the rest. Default: nothing.
    func prepareForPopoverPresentation(_ popoverPresentationController: PopoverPresentationController)

    /// Asked when the user taps outside the popover (not on a passthrough view); `false` keeps
    /// the popover. Not asked for programmatic dismissals. Default `true`.
    func popoverPresentationControllerShouldDismissPopover(
        _ popoverPresentationController: PopoverPresentationController
    )
        -> Bool

    /// Called once when a dismissal that a tap outside started has completed. Not called for
    /// programmatic dismissals (as in UIKit). Default: nothing.
    func popoverPresentationControllerDidDismissPopover(_ popoverPresentationController: PopoverPresentationController)

    /// Called before the popover is placed again because its container changed size: `rect`
    /// is the source rectangle in `view`'s coordinates, and the delegate may change either.
    /// Default: nothing.
    func popoverPresentationController(
        _ popoverPresentationController: PopoverPresentationController, willRepositionPopoverTo rect: inout Rect,
        in view: inout View)
}

extension PopoverPresentationControllerDelegate {
    public func prepareForPopoverPresentation(_ popoverPresentationController: PopoverPresentationController) {}

    public func popoverPresentationControllerShouldDismissPopover(
        _ popoverPresentationController: PopoverPresentationController
    ) -> Bool { true }

    public func popoverPresentationControllerDidDismissPopover(_ popoverPresentationController: PopoverPresentationController) {}

    public func popoverPresentationController(
        _ popoverPresentationController: PopoverPresentationController, willRepositionPopoverTo rect: inout Rect,
        in view: inout View
    ) {}
}
