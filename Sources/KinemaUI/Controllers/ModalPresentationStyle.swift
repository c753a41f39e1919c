/// How a presented view controller is shown. Mirrors `UIModalPresentationStyle` (the styles
/// Kinema has so far).
public enum ModalPresentationStyle: Int, Hashable, Sendable, CaseIterable {
    /// Covers the window. When the presentation transition ends, the presenting controller's
    /// view is removed from the window and that controller hears `viewWillDisappear` /
    /// `viewDidDisappear`; it comes back (with `viewWillAppear` / `viewDidAppear`) when the
    /// presented controller is dismissed. Mirrors `UIModalPresentationStyle.fullScreen`.
    case fullScreen = 0
    /// Shown as a popover. Until popovers land (issue 5) Kinema presents it like ``custom`` with a
    /// built-in presentation controller that centres the presented view, at the presented
    /// controller's `preferredContentSize` (320 × 480 points when that is zero), in the window,
    /// fades it in and out, and leaves the presenting view in place. Mirrors
    /// `UIModalPresentationStyle.popover`.
    case popover = 7
    /// A presentation managed by the presentation controller the transitioning delegate returns
    /// from `presentationController(forPresented:presenting:source:)` (a plain
    /// ``PresentationController`` when it returns `nil`). The presenting view stays unless that
    /// controller's ``PresentationController/shouldRemovePresentersView`` is `true`. Mirrors
    /// `UIModalPresentationStyle.custom`.
    case custom = 4
    /// Covers the window like ``fullScreen`` but leaves the presenting view in place (so it shows
    /// through transparent parts) and sends it no appearance calls. Mirrors
    /// `UIModalPresentationStyle.overFullScreen`.
    case overFullScreen = 5
}
