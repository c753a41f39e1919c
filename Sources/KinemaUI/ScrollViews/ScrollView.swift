import KinemaGeometry
import KinemaTiming

/// A view whose content is larger than itself and moves under the finger: dragging scrolls it,
/// a flick decelerates it, it rubber-bands past its edges and bounces back, pages, and zooms.
/// Mirrors `UIScrollView`.
///
/// The content is the scroll view's subviews, laid out in its own coordinates over an area of
/// ``contentSize``. ``contentOffset`` is the view's `bounds.origin`, as in UIKit: scrolling changes
/// the bounds, so the subviews move without being touched.
///
/// ```swift
/// let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 375, height: 667))
/// let column = View(frame: Rect(x: 0, y: 0, width: 375, height: 2000))
/// scrollView.addSubview(column)
/// scrollView.contentSize = column.frame.size
/// window.addSubview(scrollView)
/// // a finger dragging up 300 points and lifting at speed scrolls by 300, then decelerates
/// ```
///
/// Motion runs on the window's clock, one closed form per gesture evaluated at each frame's
/// media time (``ScrollView`` constants name every number):
///
/// - **Dragging** moves the content with the finger once the pan passed its slop; past an edge
///   it follows ``rubberBandCoefficient`` of the finger's excess, less and less (the rubber band
///   `b(x) = (1 − 1/(x·c/d + 1))·d`, `d` the view's size along the axis).
/// - **Deceleration** after a flick: `offset(t) = x0 + v·(d^(1000t) − 1)/(1000·ln d)`, `d` the
///   ``decelerationRate`` per millisecond, towards the projection `x0 − v/(1000·ln d)`
///   (749.25 points for 1500 points per second at `.normal`), until less than
///   ``restingDistance`` is left.
/// - **Bouncing back** to an edge (released past it, or carried past it by deceleration) and
///   **settling on a page**: a critically damped spring of response ``springResponse``.
///
/// Every offset depends only on the time since the finger lifted, so 30, 60 and 120 frames per
/// second show the same offsets at the same times.
open class ScrollView: View {
    /// How the safe area adds to the content inset. Mirrors
    /// `UIScrollView.ContentInsetAdjustmentBehavior`.
    public enum ContentInsetAdjustmentBehavior: Int, Sendable, Hashable, CaseIterable {
        /// As ``scrollableAxes``, and the top and bottom are always adjusted when the scroll view
        /// is the root view of a view controller inside a navigation controller. The default.
        case automatic
        /// Top and bottom are adjusted when the content is taller than the view or
        /// ``ScrollView/alwaysBounceVertical`` is set; left and right when it is wider or
        /// ``ScrollView/alwaysBounceHorizontal`` is set.
        case scrollableAxes
        /// The safe area is never added.
        case never
        /// The safe area is always added.
        case always
    }

    /// The object told about scrolling, dragging and zooming, and asked for the view to zoom.
    /// Not retained. Mirrors `UIScrollView.delegate`.
    public weak var delegate: (any ScrollViewDelegate)?

    /// The size of the content, points (negative or non-finite sizes are ignored). Default zero.
    /// Mirrors `UIScrollView.contentSize`.
    public var contentSize: Size = .zero {
        didSet {
            if !(contentSize.isFinite && contentSize.width >= 0 && contentSize.height >= 0) { contentSize = oldValue }
            if contentSize != oldValue { contentGeometryDidChange() }
        }
    }

    /// Extra space around the content, points: the content can scroll that far past its edges
    /// and rest there. Default zero. Mirrors `UIScrollView.contentInset`.
    public var contentInset: EdgeInsets = .zero {
        didSet {
            if !contentInset.isFinite { contentInset = oldValue }
            if contentInset != oldValue { contentGeometryDidChange() }
        }
    }

    /// How the safe area adds to ``contentInset`` in ``adjustedContentInset``. Default
    /// ``ContentInsetAdjustmentBehavior/automatic``. Mirrors
    /// `UIScrollView.contentInsetAdjustmentBehavior`.
    public var contentInsetAdjustmentBehavior = ContentInsetAdjustmentBehavior.automatic {
        didSet { if contentInsetAdjustmentBehavior != oldValue { contentGeometryDidChange() } }
    }

    /// Whether the content rubber-bands past its edges and bounces back. Default `true`. With
    /// `false`, dragging and deceleration stop at the edges. Mirrors `UIScrollView.bounces`.
    public var bounces = true

    /// Whether a vertical drag rubber-bands even when the content is not taller than the view
    /// (with ``bounces``). Default `false`. Mirrors `UIScrollView.alwaysBounceVertical`.
    public var alwaysBounceVertical = false {
        didSet { if alwaysBounceVertical != oldValue { contentGeometryDidChange() } }
    }

    /// Whether a horizontal drag rubber-bands even when the content is not wider than the view
    /// (with ``bounces``). Default `false`. Mirrors `UIScrollView.alwaysBounceHorizontal`.
    public var alwaysBounceHorizontal = false {
        didSet { if alwaysBounceHorizontal != oldValue { contentGeometryDidChange() } }
    }

    /// Whether the user can scroll. Default `true`. Disabling it disables
    /// ``panGestureRecognizer`` (a drag in progress is cancelled); the offset can still be set
    /// in code. Mirrors `UIScrollView.isScrollEnabled`.
    public var isScrollEnabled = true {
        didSet { panGestureRecognizer.isEnabled = isScrollEnabled }
    }

    /// Whether a drag that starts mostly along one axis is locked to it. Default `false`.
    /// Mirrors `UIScrollView.isDirectionalLockEnabled`.
    public var isDirectionalLockEnabled = false

    /// Whether a released drag comes to rest on a multiple of the view's size. Default `false`.
    /// Mirrors `UIScrollView.isPagingEnabled`.
    public var isPagingEnabled = false

    /// How fast a flick slows down: the fraction of its velocity kept per millisecond. Default
    /// `.normal` (0.998); `.fast` is 0.99. Mirrors `UIScrollView.decelerationRate`.
    public var decelerationRate = DecelerationRate.normal

    /// Whether a finger is down on the scroll view (it may not have moved far enough to drag
    /// yet). Mirrors `UIScrollView.isTracking`.
    public internal(set) var isTracking = false
    /// Whether the user is dragging the content. Mirrors `UIScrollView.isDragging`.
    public internal(set) var isDragging = false
    /// Whether the content is moving after the finger lifted: decelerating, bouncing back or
    /// settling on a page. Mirrors `UIScrollView.isDecelerating`.
    public internal(set) var isDecelerating = false

    /// Whether a touch-down in the content reaches the content only after ``contentTouchDelay``
    /// (0.15 s), or when the finger lifts before then, so that a drag starting there scrolls
    /// without touching the content. Default `true`. Mirrors `UIScrollView.delaysContentTouches`.
    public var delaysContentTouches = true

    /// Whether a drag can take a touch the content is already tracking: the content gets
    /// `touchesCancelled` and the scroll view scrolls, if ``touchesShouldCancel(in:)`` agrees.
    /// With `false` the scroll view does not scroll once the content tracks the touch. Default
    /// `true`. Mirrors `UIScrollView.canCancelContentTouches`.
    public var canCancelContentTouches = true

    /// Whether the vertical indicator shows while scrolling. Default `true`. Mirrors
    /// `UIScrollView.showsVerticalScrollIndicator`.
    public var showsVerticalScrollIndicator = true {
        didSet { layoutScrollIndicators() }
    }
    /// Whether the horizontal indicator shows while scrolling. Default `true`. Mirrors
    /// `UIScrollView.showsHorizontalScrollIndicator`.
    public var showsHorizontalScrollIndicator = true {
        didSet { layoutScrollIndicators() }
    }

    /// The recognizer that drags the content. Its delegate is the scroll view's: do not replace
    /// it (UIKit raises an exception). Mirrors `UIScrollView.panGestureRecognizer`.
    public let panGestureRecognizer: PanGestureRecognizer

    // MARK: Zooming

    /// The smallest ``zoomScale``, above 0. Default 1. Mirrors `UIScrollView.minimumZoomScale`.
    public var minimumZoomScale = 1.0 {
        didSet {
            if !(minimumZoomScale.isFinite && minimumZoomScale > 0) { minimumZoomScale = oldValue }
            updatePinchGestureRecognizer()
        }
    }
    /// The largest ``zoomScale``, above 0; zooming is possible only when it is above
    /// ``minimumZoomScale``. Default 1. Mirrors `UIScrollView.maximumZoomScale`.
    public var maximumZoomScale = 1.0 {
        didSet {
            if !(maximumZoomScale.isFinite && maximumZoomScale > 0) { maximumZoomScale = oldValue }
            updatePinchGestureRecognizer()
        }
    }
    /// Whether a pinch may go past the zoom limits and bounce back to them. Default `true`.
    /// Mirrors `UIScrollView.bouncesZoom`.
    public var bouncesZoom = true
    /// Whether the user is pinching. Mirrors `UIScrollView.isZooming`.
    public internal(set) var isZooming = false
    /// Whether the zoom is animating back inside its limits after a pinch. Mirrors
    /// `UIScrollView.isZoomBouncing`.
    public internal(set) var isZoomBouncing = false

    // MARK: Internal state

    /// The zoom scale in effect (see ``zoomScale``).
    var currentZoomScale = 1.0
    /// The motion after a release, an animated scroll or an animated zoom.
    var animation: ScrollAnimation?
    /// How many animations have run, to tell them apart.
    var animationCount = 0
    /// The display link that runs ``animation`` and the indicators' fade, while either runs.
    var displayLink: DisplayLink?
    weak var displayLinkWindow: Window?
    /// The drag in progress.
    var drag: ScrollDrag?
    /// The pinch in progress.
    var pinch: ScrollPinch?
    /// The pinch recognizer, while zooming is possible (``pinchGestureRecognizer``).
    var storedPinchGestureRecognizer: PinchGestureRecognizer?
    /// The adjusted content inset last reported (``adjustedContentInsetDidChange()``).
    var reportedAdjustedContentInset = EdgeInsets.zero
    /// The indicators, made the first time they show.
    var verticalIndicator: View?
    var horizontalIndicator: View?
    /// The media time at which the indicators start fading, once scrolling stopped.
    var indicatorFadeStart: Double?
    /// Whether the indicators are showing at full opacity because the content is scrolling.
    var indicatorsAreShowing = false
    /// Decides when the content sees its touches.
    let contentTouchRecognizer: ScrollViewContentTouchRecognizer
    /// Answers for the scroll view's own recognizers.
    let gestureDelegate: ScrollViewGestureDelegate

    /// A scroll view with `frame` (points), an empty content and the defaults above. It clips its
    /// content to its bounds. Mirrors `UIScrollView(frame:)`.
    public override init(frame: Rect) {
        let pan = ScrollViewPanGestureRecognizer()
        panGestureRecognizer = pan
        contentTouchRecognizer = ScrollViewContentTouchRecognizer()
        gestureDelegate = ScrollViewGestureDelegate()
        super.init(frame: frame)
        clipsToBounds = true
        pan.scrollView = self
        contentTouchRecognizer.scrollView = self
        gestureDelegate.scrollView = self
        pan.delegate = gestureDelegate
        pan.addTarget { [weak self] pan in self?.handlePan(pan) }
        addGestureRecognizer(contentTouchRecognizer)
        addGestureRecognizer(pan)
    }

    /// Lays out the indicators and reports a changed ``adjustedContentInset``. Subclasses that
    /// override it call `super`.
    open override func layoutSubviews() {
        super.layoutSubviews()
        refreshAdjustedContentInset()
        layoutScrollIndicators()
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        refreshAdjustedContentInset()
        windowDidChange()
    }

    /// Touches that land on the content while it is decelerating (or in an animated scroll) hit
    /// the scroll view itself: the touch stops the motion and does not reach the content, as in
    /// UIKit, where such a touch only catches the content.
    open override func hitTest(_ point: Point, with event: Event?) -> View? {
        let hit = super.hitTest(point, with: event)
        guard hit != nil, isScrollEnabled, panGestureRecognizer.isEnabled, animation?.isCatchable == true else { return hit }
        return self
    }

    /// Called when ``adjustedContentInset`` changed (the safe area, the content inset, the
    /// content size or the behaviour changed it), after the offset followed it. The default does
    /// nothing. Mirrors `UIScrollView.adjustedContentInsetDidChange()`.
    open func adjustedContentInsetDidChange() {}

    // MARK: Content touches

    /// Whether the content view `view` that a finger touched down in should receive the touch.
    /// Called when the touch is about to reach it (after ``contentTouchDelay`` or at once, see
    /// ``delaysContentTouches``). The default answers `true`. Mirrors
    /// `UIScrollView.touchesShouldBegin(_:with:in:)`.
    open func touchesShouldBegin(_ touches: Set<Touch>, with event: Event?, in view: View) -> Bool {
        true
    }

    /// Whether a drag may take the touches content view `view` is tracking (it then gets
    /// `touchesCancelled`); `false` leaves them to it, and the scroll view does not scroll. Asked
    /// only with ``canCancelContentTouches``. The default answers `true`, except for a
    /// ``Control`` (a button keeps a touch it has begun tracking), as in UIKit. Mirrors
    /// `UIScrollView.touchesShouldCancel(in:)`.
    open func touchesShouldCancel(in view: View) -> Bool {
        !(view is Control)
    }
}
