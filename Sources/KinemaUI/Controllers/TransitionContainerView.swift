/// The container view of one presentation: covers the window above the presenting view and
/// tells its presentation controller when it lays out. Mirrors UIKit's private
/// `UITransitionView`.
final class TransitionContainerView: View {
    weak var presentationController: PresentationController?

    override func layoutSubviews() {
        presentationController?.containerViewWillLayoutSubviews()
        super.layoutSubviews()
        presentationController?.containerViewDidLayoutSubviews()
    }
}
