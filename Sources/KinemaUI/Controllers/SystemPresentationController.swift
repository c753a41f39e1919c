import KinemaGeometry

/// The presentation controller of the built-in styles: ``ModalPresentationStyle/fullScreen``
/// (removes the presenting view), ``ModalPresentationStyle/overFullScreen`` (keeps it) and, until
/// popovers land, ``ModalPresentationStyle/popover`` (a centred box of the preferred content
/// size). It keeps the presented view at its frame when the container is laid out.
final class SystemPresentationController: PresentationController {
    /// The size of a presented `.popover` controller whose `preferredContentSize` is zero.
    static let defaultPopoverSize = Size(width: 320, height: 480)

    let style: ModalPresentationStyle

    init(style: ModalPresentationStyle, presented: ViewController, presenting: ViewController) {
        self.style = style
        super.init(presentedViewController: presented, presenting: presenting)
    }

    override var shouldRemovePresentersView: Bool { style == .fullScreen }

    override var frameOfPresentedViewInContainerView: Rect {
        guard let bounds = containerView?.bounds else { return .zero }
        guard style == .popover else { return bounds }
        var size = presentedViewController.preferredContentSize
        if size.width <= 0 || size.height <= 0 { size = Self.defaultPopoverSize }
        size = Size(width: min(size.width, bounds.width), height: min(size.height, bounds.height))
        return Rect(
            x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    override func containerViewWillLayoutSubviews() {
        guard presentedViewController.activeTransition == nil else { return }
        presentedView?.frame = frameOfPresentedViewInContainerView
    }
}
