import KinemaGeometry

extension ViewController {
    /// How a controller comes on screen when presented, chosen by the presented controller
    /// through ``ViewController/preferredTransition``. Mirrors `UIViewController.Transition`
    /// (iOS 18); Kinema has the zoom only (the other styles are ``ModalTransitionStyle``).
    ///
    /// ```swift
    /// let detail = PhotoViewController(photo: photo)
    /// let options = ViewController.Transition.ZoomOptions()
    /// options.alignmentRectProvider = { context in
    ///     (context.zoomedViewController as? PhotoViewController)?.photoRect
    /// }
    /// detail.preferredTransition = .zoom(options: options) { [weak grid] _ in
    ///     grid?.cell(for: photo.id)          // asked again when the detail is dismissed
    /// }
    /// grid.present(detail, animated: true)
    /// ```
    ///
    /// The object also reports what its zoom is doing (`state`, `imageFrame`,
    /// `backgroundAlpha`, `inspection(at:)`) and can turn a flight around (`reverse()`).
    /// KinemaComponents makes the zoom (`Transition.zoom(options:sourceViewProvider:)`), the only
    /// kind; see its article `ZoomTransition`.
    public final class Transition {
        /// What runs this transition's presentation and dismissal (the zoom's engine).
        package let engine: any TransitionEngine

        package init(engine: any TransitionEngine) {
            self.engine = engine
        }
    }

    /// The transitioning delegate the presentation machinery uses: ``transitioningDelegate``, or
    /// the engine of ``preferredTransition``.
    var effectiveTransitioningDelegate: (any ViewControllerTransitioningDelegate)? {
        transitioningDelegate ?? preferredTransition?.engine
    }
}

/// The engine behind a ``ViewController/Transition``: the transitioning delegate it acts as, and
/// what the presentation machinery tells it besides.
package protocol TransitionEngine: ViewControllerTransitioningDelegate {
    /// Called as `presented` is presented by `presenter` (before its animator starts), when the
    /// presented controller has no `transitioningDelegate` of its own.
    func prepare(presented: ViewController, presenter: ViewController, animated: Bool)
    /// Called when the presentation ends or its window is dropped: the engine lets go of it.
    func presentationDidDetach()
}
