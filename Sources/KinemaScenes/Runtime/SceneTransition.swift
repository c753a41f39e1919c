import KinemaComponents
import KinemaGeometry
import KinemaLayers
import KinemaTiming
import KinemaUI

/// A scene's zoom transition (`"transitions"`): presents a ``SceneZoomDetailController`` from
/// its source image view with ``ViewController/Transition/zoom(options:sourceViewProvider:)``,
/// on a tap on the source or at `presentAt`. A scripted drag on the detail dismisses it.
public final class SceneTransition {
    /// What the scene file says.
    public let spec: TransitionSpec
    /// The image view the detail zooms out of.
    public let source: ImageView
    /// The detail last presented (it stays after its dismissal, for inspection), or `nil`.
    public private(set) var detail: SceneZoomDetailController?
    private weak var root: ViewController?

    init(spec: TransitionSpec, source: ImageView, root: ViewController) {
        self.spec = spec
        self.source = source
        self.root = root
    }

    /// The transition of the last detail, or `nil` before the first presentation.
    public var transition: ViewController.Transition? { detail?.preferredTransition }

    /// Whether the detail is on screen now (from the start of its presentation until its
    /// dismissal completes).
    public var isPresented: Bool { detail.map { $0.presentingViewController != nil } ?? false }

    /// Presents a new detail with the source's image, unless one is on screen or another
    /// presentation runs.
    public func present() {
        guard let root, !isPresented, root.presentedViewController == nil else { return }
        let detail = SceneZoomDetailController(
            image: source.image, background: spec.options.background, maximumZoomScale: spec.options.maximumZoomScale)
        detail.preferredTransition = .zoom(options: makeOptions()) { [weak source] _ in source }
        self.detail = detail
        root.present(detail, animated: true)
    }

    /// The zoom's options from the scene's: the detail's photo lines up with the source, and a
    /// drag dismisses only while the photo is not zoomed in (then it pans the photo).
    private func makeOptions() -> ViewController.Transition.ZoomOptions {
        let options = ViewController.Transition.ZoomOptions()
        let o = spec.options
        options.dismissDirections = o.dismissDirections == "any" ? .any : .down
        options.scaling = o.scaling == "center" ? .center : .touch
        options.threshold = o.threshold
        options.scaleFloor = o.scaleFloor
        options.alignmentRectProvider = { context in (context.zoomedViewController as? SceneZoomDetailController)?.photoRect }
        // Zoomed in, a drag pans the photo; two fingers pinch it.
        options.interactiveDismissShouldBegin = { [weak self] _ in
            guard let scrollView = self?.detail?.scrollView else { return true }
            let pinching = (scrollView.pinchGestureRecognizer?.numberOfTouches ?? 0) > 1
            return !pinching && scrollView.zoomScale <= scrollView.minimumZoomScale + 1e-9
        }
        return options
    }
}

/// The detail screen of a scene's zoom transition: the source's image aspect-fit in the safe
/// area on the transition's background, in a scroll view that pinch-zooms it (up to
/// ``TransitionSpec``'s `maximumZoomScale`) and pans it once zoomed in, as Photos does.
public final class SceneZoomDetailController: ViewController, ScrollViewDelegate {
    /// The scroll view that zooms the photo.
    public let scrollView = ScrollView()
    /// The photo.
    public let photo = ImageView()
    private let image: Image?
    private let background: Color
    private let maximumZoomScale: Double

    init(image: Image?, background: Color, maximumZoomScale: Double) {
        self.image = image
        self.background = background
        self.maximumZoomScale = maximumZoomScale
        super.init()
    }

    public override func viewDidLoad() {
        view.backgroundColor = background
        scrollView.delegate = self
        scrollView.maximumZoomScale = maximumZoomScale
        scrollView.contentInsetAdjustmentBehavior = .never
        scrollView.showsHorizontalScrollIndicator = false
        scrollView.showsVerticalScrollIndicator = false
        view.addSubview(scrollView)
        photo.image = image
        photo.contentMode = .scaleAspectFit
        scrollView.addSubview(photo)
    }

    public override func viewDidLayoutSubviews() {
        // Zoomed in, the scroll view owns the photo's frame.
        guard scrollView.zoomScale <= scrollView.minimumZoomScale + 1e-9 else { return }
        scrollView.frame = view.bounds
        scrollView.contentSize = view.bounds.size
        let safe = view.bounds.inset(by: view.safeAreaInsets)
        photo.frame = image.map { ZoomGeometry.aspectFitRect(for: $0.size, in: safe) } ?? safe
    }

    /// The photo's frame in the detail's view: what lines up with the source.
    var photoRect: Rect? { scrollView.convert(photo.frame, to: view) }

    public func viewForZooming(in scrollView: ScrollView) -> View? { photo }
}
