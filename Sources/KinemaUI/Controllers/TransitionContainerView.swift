import KinemaGeometry

/// The container view of one presentation: covers the window above the presenting view and
/// tells its presentation controller when it lays out. Mirrors UIKit's private
/// `UITransitionView`.
final class TransitionContainerView: View {
    weak var presentationController: PresentationController?

    /// A popover's container lets touches through where none of its subviews takes them (over
    /// passthrough views).
    override func hitTest(_ point: Point, with event: Event?) -> View? {
        let hit = super.hitTest(point, with: event)
        return hit === self && presentationController is PopoverPresentationController ? nil : hit
    }

    override func layoutSubviews() {
        presentationController?.containerViewWillLayoutSubviews()
        super.layoutSubviews()
        presentationController?.containerViewDidLayoutSubviews()
    }
}
