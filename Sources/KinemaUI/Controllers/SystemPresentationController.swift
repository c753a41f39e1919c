import KinemaGeometry

/// The presentation controller of the built-in styles: ``ModalPresentationStyle/fullScreen``
/// (removes the presenting view) and ``ModalPresentationStyle/overFullScreen`` (keeps it).
/// (``ModalPresentationStyle/popover`` has ``PopoverPresentationController``.) It keeps the
/// presented view at its frame when the container is laid out.
final class SystemPresentationController: PresentationController {
    let style: ModalPresentationStyle

    init(style: ModalPresentationStyle, presented: ViewController, presenting: ViewController) {
        self.style = style
        super.init(presentedViewController: presented, presenting: presenting)
    }

    override var shouldRemovePresentersView: Bool { style == .fullScreen }

    override var frameOfPresentedViewInContainerView: Rect {
        containerView?.bounds ?? .zero
    }

    override func containerViewWillLayoutSubviews() {
        guard presentedViewController.activeTransition == nil else { return }
        presentedView?.frame = frameOfPresentedViewInContainerView
    }
}
