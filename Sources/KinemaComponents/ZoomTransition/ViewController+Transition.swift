import KinemaGeometry
import KinemaUI

// The zoom, `ViewController.Transition`'s one kind. The class and `preferredTransition` are
// KinemaUI's (the presentation machinery reads them); what a zoom is and reports is here.
extension ViewController.Transition {
    /// A zoom from the view `sourceViewProvider` returns (a thumbnail) into the presented
    /// controller's view, and back into the source when dismissed, by a drag that can be
    /// caught and redirected at any time. The provider is asked when presenting and again
    /// whenever the dismissal starts, heads for the source, or shows a frame of its flight
    /// there, so it can return the current cell (after scrolling, paging or cell reuse); keep
    /// it cheap. Return `nil` when there is none, and the
    /// zoomed content shrinks and fades towards the container's centre instead. Capture the
    /// source's owner weakly. Mirrors `UIViewController.Transition.zoom(options:sourceViewProvider:)`.
    public static func zoom(
        options: ZoomOptions? = nil, sourceViewProvider: @escaping (ZoomSourceViewProviderContext) -> View?
    ) -> ViewController.Transition {
        ViewController.Transition(engine: ZoomTransitionDriver(options: options ?? ZoomOptions(), sourceViewProvider: sourceViewProvider))
    }

    /// The options given to ``zoom(options:sourceViewProvider:)`` (defaults when none were).
    public var options: ZoomOptions { driver.options }

    /// What the zoom is doing now.
    public var state: ZoomTransitionState { driver.publicState }

    /// The zoomed content's frame on screen now (the alignment rectangle, window
    /// coordinates), or `nil` when no zoom is shown (idle, or presented at rest).
    public var imageFrame: Rect? { driver.currentImageFrame }

    /// The opacity of the backdrop behind the zoomed content now: 1 when presented, 0 when
    /// idle.
    public var backgroundAlpha: Double { driver.currentBackgroundAlpha }

    /// What the zoom shows at media time `time`, read from the layers' presentation values
    /// (what is on screen): the record `kinema inspect` prints.
    public func inspection(at time: Double) -> ZoomTransitionInspection {
        driver.inspection(at: time)
    }

    /// The recognizer that drags the zoomed view to dismiss it (and catches it in flight),
    /// once the controller has been presented with this transition; `nil` before. Make other
    /// recognizers wait for it (`require(toFail:)`) or let it go through
    /// ``ZoomOptions/interactiveDismissShouldBegin``.
    public var dismissGestureRecognizer: GestureRecognizer? { driver.recognizer }

    /// Turns a flight around, keeping its position and velocity: a dismissal flies back to the
    /// presented state, a cancelled drag flies on to the source (asked again). Ignored unless
    /// the state is ``ZoomTransitionState/dismissing`` or ``ZoomTransitionState/cancelling``.
    public func reverse() {
        driver.reverse()
    }

    /// The zoom's engine: every transition is made by ``zoom(options:sourceViewProvider:)``, the
    /// only maker outside KinemaUI's package, so its delegate is always one.
    var driver: ZoomTransitionDriver {
        guard let driver = engine as? ZoomTransitionDriver else {
            preconditionFailure("ViewController.Transition is made by zoom(options:sourceViewProvider:) only")
        }
        return driver
    }
}

extension ViewController.Transition {
    /// What the source view provider of a zoom is told. Mirrors
    /// `UIViewController.Transition.ZoomSourceViewProviderContext`.
    public struct ZoomSourceViewProviderContext {
        /// The controller that presents (or presented) the zoomed one.
        public var sourceViewController: ViewController
        /// The controller that zooms in.
        public var zoomedViewController: ViewController
    }
}
