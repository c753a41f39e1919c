/// How a presented view controller is shown. Mirrors `UIModalPresentationStyle` (the styles
/// Kinema has so far).
public enum ModalPresentationStyle: Int, Hashable, Sendable, CaseIterable {
    /// Covers the window. When the presentation transition ends, the presenting controller's
    /// view is removed from the window and that controller hears `viewWillDisappear` /
    /// `viewDidDisappear`; it comes back (with `viewWillAppear` / `viewDidAppear`) when the
    /// presented controller is dismissed. Mirrors `UIModalPresentationStyle.fullScreen`.
    case fullScreen = 0
    /// Shown as a popover: a bubble whose arrow points at a source, managed by a
    /// ``PopoverPresentationController`` (``ViewController/popoverPresentationController``). The
    /// presenting view stays; a tap outside dismisses. Kinema shows it as a popover in every size
    /// class (UIKit adapts it to a sheet in compact widths unless the delegate says otherwise).
    /// Mirrors `UIModalPresentationStyle.popover`.
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
    /// No adaptation: what an ``AdaptivePresentationControllerDelegate`` returns from
    /// `adaptivePresentationStyle(for:)` to keep the presentation's own style (a popover stays a
    /// popover). Not a style to present with: a controller presented with it is shown
    /// ``fullScreen`` (UIKit raises). Mirrors `UIModalPresentationStyle.none`.
    case none = -1
}
