import KinemaGeometry
import KinemaGraphics
import KinemaLayers
import KinemaUI

/// A speech-bubble tip pointing at a spot in a container: AMPopTip's job, placed by the popover
/// engine (``PopoverLayout/place(_:)``) and animated like the popover (a spring about the arrow
/// tip in, a shrink into the tip out).
///
/// A tooltip is a view (the bubble: body and arrow as one path, plus the text or your view) that
/// puts itself into the container when shown and removes itself when dismissed. It shows once:
/// make a new one for the next tip.
///
/// ```swift
/// let tip = Tooltip()
/// tip.bubbleColor = Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
/// tip.duration = 3                               // seconds on screen after the entrance
/// tip.dismissHandler = { _ in print("gone") }
/// tip.show(text: "Tap here to start", from: startButton, in: root.view, direction: .up, maxWidth: 200)
/// window.advance(to: 1)                          // the entrance is a 0.7 s spring
/// ```
///
/// `direction` is UIKit's: ``PopoverArrowDirection/up`` means the arrow points up, so the bubble
/// sits *below* the source (AMPopTip's `.down`). A list gives an order of preference; the engine
/// takes the first side that fits.
///
/// Touches: a tap on the bubble calls ``tapHandler`` and dismisses (``dismissesOnTap``). A touch
/// that starts outside the bubble reaches nothing else (a transparent overlay over the container
/// takes it) unless it starts on one of ``passthroughViews``; a tap there calls
/// ``tapOutsideHandler`` and dismisses (``dismissesOnTapOutside``), a swipe in
/// ``swipeOutsideDirection`` dismisses when ``dismissesOnSwipeOutside``.
///
/// The container must be in a window: time passes only through ``Window/advance(to:)``. A
/// container resize, ``update(text:)`` and ``reposition()`` solve the placement afresh, and a
/// source view that moves in the container is followed in the same frame.
///
/// Time is the window's media time: the auto-dismiss timer is a ``Window/schedule(at:_:)`` block
/// that starts when the entrance ends and is cancelled by a manual ``dismiss()``. No handler runs
/// after the dismissal, and the tooltip holds no reference to itself once removed.
public final class Tooltip: View {
    public override class var layerClass: Layer.Type { ShapeLayer.self }

    // MARK: Style (read when shown and at every relayout)

    /// The body's fill colour. Default a blue (AMPopTip's default is similar). Mirrors
    /// AMPopTip's `bubbleColor`.
    public var bubbleColor = Color(red: 0.38, green: 0.69, blue: 0.91, alpha: 1) { didSet { applyStyle() } }
    /// The text colour. Default white.
    public var textColor = Color(red: 1, green: 1, blue: 1, alpha: 1) { didSet { label.textColor = textColor } }
    /// The text font. Default the system font at 15 points.
    public var font = Font.systemFont(ofSize: 15) { didSet { label.font = font } }
    /// How text lines align. Default centred.
    public var textAlignment = TextAlignment.center { didSet { label.textAlignment = textAlignment } }
    /// The body's corner radius, points. Default 4 (AMPopTip). Negative or non-finite: 0. The
    /// corner beside an arrow that points at a source near the container's edge shrinks (to zero
    /// if need be) so the arrow reaches it (``PopoverPlacement/cornerRadii``).
    public var cornerRadius = 4.0
    /// The arrow's base width and height, points. Default 8 × 8 (AMPopTip).
    public var arrowSize = Size(width: 8, height: 8)
    /// Space kept free at the container's edges (inside its safe area), points. Default 0
    /// (AMPopTip's `edgeMargin`).
    public var edgeMargin = 0.0
    /// Space between the text (or custom view) and the body's edges, points. Default 6 on every
    /// side (AMPopTip's `padding` 6 with zero `edgeInsets`).
    public var contentInsets = EdgeInsets(top: 6, left: 6, bottom: 6, right: 6)
    /// Space between the source and the arrow's tip, points. Default 0 (AMPopTip's `offset`).
    public var offset = 0.0
    /// The border's width (drawn around body and arrow together), points; 0 for none. Default 0.
    public var borderWidth = 0.0 { didSet { applyStyle() } }
    /// The border's colour. Default clear.
    public var borderColor = Color(red: 0, green: 0, blue: 0, alpha: 0) { didSet { applyStyle() } }
    /// The shadow's colour. Default black.
    public var shadowColor = Color(red: 0, green: 0, blue: 0, alpha: 1) { didSet { applyStyle() } }
    /// The shadow's opacity, 0…1. Default 0 (no shadow, as AMPopTip).
    public var shadowOpacity = 0.0 { didSet { applyStyle() } }
    /// The shadow's blur radius, points. Default 0.
    public var shadowRadius = 0.0 { didSet { applyStyle() } }
    /// The shadow's offset, points. Default zero.
    public var shadowOffset = Size.zero { didSet { applyStyle() } }

    // MARK: Behaviour

    /// Seconds the tooltip stays after its entrance ends, then dismisses itself; `nil` (or not
    /// finite and positive) to stay. Default `nil`. Read when the entrance ends.
    public var duration: Double?
    /// The entrance and exit: a spring about the arrow tip in, a shrink into it out (the
    /// tutorial-popover post's parameters by default), or `nil` to appear and disappear at once.
    public var transitionAnimation: PopoverTransitionAnimation? = PopoverTransitionAnimation()
    /// Whether a tap on the bubble dismisses it (after ``tapHandler``). Default `true`.
    public var dismissesOnTap = true
    /// Whether a tap outside the bubble dismisses it (after ``tapOutsideHandler``). Default `true`.
    public var dismissesOnTapOutside = true
    /// Whether a swipe outside the bubble in ``swipeOutsideDirection`` dismisses it. Default
    /// `false`.
    public var dismissesOnSwipeOutside = false
    /// The swipe direction that dismisses (``dismissesOnSwipeOutside``). Default right (AMPopTip).
    public var swipeOutsideDirection: SwipeGestureRecognizer.Direction = .right {
        didSet { swipeRecognizer?.direction = swipeOutsideDirection }
    }
    /// Views that keep receiving touches while the tooltip is shown: a touch on them neither
    /// dismisses nor counts as outside. Not retained.
    public var passthroughViews: [View] {
        get { weakPassthrough.compactMap(\.view) }
        set { weakPassthrough = newValue.map(TooltipWeakView.init) }
    }
    private var weakPassthrough: [TooltipWeakView] = []

    /// Makes a view to put below the tooltip while it is shown (a dimming view with a cutout
    /// around the source, say), from the source rectangle and the container (container
    /// coordinates). Called once per show; the view is added over the container's bounds and
    /// removed after the dismissal. Default `nil`: no mask. Kinema's hook for AMPopTip's
    /// `shouldShowMask`/`cutoutPathGenerator`.
    public var makeMaskView: ((_ sourceRect: Rect, _ container: View) -> View?)?

    /// Whether a ``DimmingView`` with a rounded cutout around the source dims the container while
    /// the tooltip is shown, when ``makeMaskView`` is `nil`. Default `false`. Mirrors AMPopTip's
    /// `shouldShowMask` with `shouldCutoutMask`.
    public var showsMask = false
    /// The colour of the mask ``showsMask`` adds. Default black at alpha 0.6 (AMPopTip's).
    public var maskColor = Color(red: 0, green: 0, blue: 0, alpha: 0.6)

    /// Called with the text when the tooltip appears, for an assistive technology to speak it:
    /// Kinema's stand-in for posting `UIAccessibility.Notification.announcement`. Default `nil`.
    public var announcementHandler: ((String) -> Void)?
    /// Every announcement this tooltip made (its text, once per show).
    public private(set) var announcements: [String] = []

    // MARK: Handlers (never called after the dismissal)

    /// Called when the entrance ends.
    public var appearHandler: ((Tooltip) -> Void)?
    /// Called once when the tooltip has been removed.
    public var dismissHandler: ((Tooltip) -> Void)?
    /// Called on a tap on the bubble.
    public var tapHandler: ((Tooltip) -> Void)?
    /// Called on a tap outside the bubble.
    public var tapOutsideHandler: ((Tooltip) -> Void)?

    // MARK: State

    /// Where the tooltip is in its life. Default ``TooltipState/presenting`` (not shown yet).
    public private(set) var state = TooltipState.presenting
    /// Whether one of the `show` methods has been called.
    public private(set) var isShown = false
    /// The text shown, `nil` for custom content.
    public private(set) var text: String?
    /// The media time the auto-dismiss timer fires at, seconds: set when the entrance ends (with
    /// a ``duration``), `nil` before, after it fired and after a manual dismiss.
    public private(set) var autoDismissTime: Double?
    /// The custom content view, `nil` for text.
    public private(set) var customView: View?
    /// The last placement, in the container's coordinates; `nil` before the show.
    public internal(set) var placement: PopoverPlacement?
    /// The view the tooltip is shown in. Not retained.
    public private(set) weak var containerView: View?

    /// The label that draws the text (laid out with the engine's text style and width).
    let label = Label()
    weak var sourceView: View?
    var sourceRect = Rect.zero
    var directions: [PopoverArrowDirection] = PopoverArrowDirection.allDirections
    var maxWidth = Double.infinity
    /// The custom view's size when shown (its frame may be cut to fit later).
    var customSize = Size.zero
    private var overlay: TooltipOverlayView?
    private var maskView: View?
    private var timerToken: Int?
    private weak var swipeRecognizer: SwipeGestureRecognizer?
    private var shownAt = 0.0
    /// Follows the source view once per frame (invariant 18 of docs/popover-notes.md); its last
    /// key is the source rectangle (container coordinates) last followed.
    private lazy var sourceTracker = ArrowAnchoredPresenter.SourceTracker<Rect>(
        currentKey: { [weak self] in self?.sourceToFollow() },
        follow: { [weak self] rect in self?.followSource(to: rect) })

    /// A tooltip, not shown.
    public override init(frame: Rect) {
        super.init(frame: frame)
        label.numberOfLines = 0
        label.lineBreakMode = .byWordWrapping
        label.textColor = textColor
        label.font = font
        label.textAlignment = textAlignment
        isHidden = true
        applyStyle()
        let tap = TapGestureRecognizer { [weak self] _ in self?.bubbleTapped() }
        addGestureRecognizer(tap)
    }

    /// A tooltip, not shown.
    public convenience init() { self.init(frame: .zero) }

    // MARK: Showing

    /// Shows `text` pointing at `rect` (container coordinates) in `container`, wrapped at most
    /// `maxWidth` points wide, with the arrow pointing one of `direction` (UIKit's preference
    /// order up, down, left, right; ``PopoverArrowDirection/any`` for all). Does nothing after
    /// the first show. Non-finite input is made safe (see ``PopoverLayout/place(_:)``).
    public func show(
        text: String, from rect: Rect, in container: View, direction: PopoverArrowDirection = .any, maxWidth: Double = 200
    ) {
        show(text: text, from: rect, in: container, directions: Self.list(direction), maxWidth: maxWidth)
    }

    /// Shows `text` pointing at `rect` with the arrow directions tried in the order of
    /// `directions` (each may be a set, expanded in UIKit's order).
    public func show(text: String, from rect: Rect, in container: View, directions: [PopoverArrowDirection], maxWidth: Double = 200) {
        start(text: text, custom: nil, source: nil, rect: rect, container: container, directions: directions, maxWidth: maxWidth)
    }

    /// Shows `text` pointing at `sourceView`'s bounds. While the tooltip is shown, a source view
    /// that moves in the container (scrolled, laid out) is followed in the same frame.
    public func show(
        text: String, from sourceView: View, in container: View, direction: PopoverArrowDirection = .any, maxWidth: Double = 200
    ) {
        start(
            text: text, custom: nil, source: sourceView, rect: .zero, container: container, directions: Self.list(direction),
            maxWidth: maxWidth)
    }

    /// Shows `text` pointing at `sourceView`'s bounds with the arrow directions tried in the order
    /// of `directions`; the bubble follows the source view when it moves.
    public func show(
        text: String, from sourceView: View, in container: View, directions: [PopoverArrowDirection], maxWidth: Double = 200
    ) {
        start(text: text, custom: nil, source: sourceView, rect: .zero, container: container, directions: directions, maxWidth: maxWidth)
    }

    /// Shows `customView` (at its current bounds size; not finite or negative counts as zero)
    /// pointing at `rect` in `container`.
    public func show(customView: View, from rect: Rect, in container: View, direction: PopoverArrowDirection = .any) {
        start(
            text: nil, custom: customView, source: nil, rect: rect, container: container, directions: Self.list(direction),
            maxWidth: .infinity)
    }

    /// Shows `customView` pointing at `sourceView`'s bounds.
    public func show(customView: View, from sourceView: View, in container: View, direction: PopoverArrowDirection = .any) {
        start(
            text: nil, custom: customView, source: sourceView, rect: .zero, container: container, directions: Self.list(direction),
            maxWidth: .infinity)
    }

    /// Replaces the text and lays the bubble out afresh (at once; the arrow tip stays the pivot
    /// of any running animation). Does nothing for custom content or once dismissing.
    public func update(text newText: String) {
        guard isShown, customView == nil, state == .presenting || state == .presented else { return }
        text = newText
        label.text = newText
        accessibilityLabel = newText
        relayout()
    }

    /// Places the tooltip afresh (a new solve with the current source view's frame, container,
    /// style and content), at once: call it after the source view moved. Does nothing when not
    /// shown or once dismissing.
    public func reposition() {
        guard isShown, state == .presenting || state == .presented else { return }
        View.performWithoutAnimation { relayout() }
    }

    /// Dismisses the tooltip: cancels the timer and shrinks it into its arrow tip from what is on
    /// screen (also during the entrance). The ``dismissHandler`` runs once, after the removal.
    /// Does nothing when not shown or already dismissing.
    public func dismiss() {
        guard isShown, state == .presenting || state == .presented else { return }
        state = .dismissing
        cancelTimer()
        stopActionAnimation()
        presenter.shrink(self, tipAnchorPoint: placement?.tipAnchorPoint) { [weak self] _ in self?.finish() }
    }

    /// The entrance and exit animator for ``transitionAnimation`` (at once when `nil`).
    private var presenter: ArrowAnchoredPresenter { ArrowAnchoredPresenter(animation: transitionAnimation) }

    // MARK: Action animations

    /// Starts `action` (pulse, bounce, float) about the arrow tip, replacing a running one. Does
    /// nothing unless shown and not dismissing.
    public func startActionAnimation(_ action: PopoverActionAnimation) {
        guard isShown, state == .presenting || state == .presented, let placement else { return }
        ArrowAnchoredPresenter.startIdleAnimation(action, on: self, placement: placement, forKey: Self.actionAnimationKey)
    }

    /// Stops the running action animation at once.
    public func stopActionAnimation() {
        ArrowAnchoredPresenter.stopIdleAnimation(on: self, forKey: Self.actionAnimationKey)
    }

    static let actionAnimationKey = "tooltip.action"

    // MARK: Accessibility

    /// The bubble is one accessibility element (its label is the text; the label view inside is
    /// not an element). Mirrors `isAccessibilityElement`.
    public var isAccessibilityElement: Bool { isShown && state != .dismissed }

    /// Dismisses the tooltip (the escape gesture); `true` when it was shown. Mirrors
    /// `accessibilityPerformEscape()`.
    @discardableResult
    public func accessibilityPerformEscape() -> Bool {
        guard isShown, state == .presenting || state == .presented else { return false }
        dismiss()
        return true
    }

    // MARK: Hit testing

    /// Inside the body or the arrow (the bubble path), not the whole frame.
    public override func point(inside point: Point, with event: Event?) -> Bool {
        guard let path = (layer as? ShapeLayer)?.path, point.isFinite else { return false }
        return path.contains(point)
    }

    // MARK: Machinery

    private static func list(_ direction: PopoverArrowDirection) -> [PopoverArrowDirection] {
        direction == .unknown ? PopoverArrowDirection.allDirections : [direction]
    }

    private func start(
        text: String?, custom: View?, source: View?, rect: Rect, container: View, directions: [PopoverArrowDirection],
        maxWidth: Double
    ) {
        guard !isShown else { return }
        isShown = true
        self.text = text
        customView = custom
        sourceView = source
        sourceRect = rect.isFinite ? rect : .zero
        self.directions = directions
        self.maxWidth = maxWidth.isFinite && maxWidth > 0 ? maxWidth : .infinity
        containerView = container
        shownAt = window?.currentTime ?? container.window?.currentTime ?? 0
        if let custom {
            let size = custom.bounds.size
            customSize = Size(
                width: size.width.isFinite ? max(0, size.width) : 0, height: size.height.isFinite ? max(0, size.height) : 0)
            addSubview(custom)
        } else {
            label.text = text
            addSubview(label)
        }
        accessibilityLabel = text ?? custom?.accessibilityLabel
        label.accessibilityLabel = nil

        let overlay = TooltipOverlayView(frame: container.bounds)
        overlay.tooltip = self
        overlay.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let tap = TapGestureRecognizer { [weak self] _ in self?.tappedOutside() }
        overlay.addGestureRecognizer(tap)
        let swipe = SwipeGestureRecognizer { [weak self] _ in self?.swipedOutside() }
        swipe.direction = swipeOutsideDirection
        overlay.addGestureRecognizer(swipe)
        swipeRecognizer = swipe
        self.overlay = overlay
        let maskMaker =
            makeMaskView
            ?? (showsMask
                ? { [maskColor] rect, container in
                    let dimming = DimmingView(frame: container.bounds)
                    dimming.dimmingColor = maskColor
                    dimming.cutoutTargetRect = rect
                    return dimming
                } : nil)
        if let mask = maskMaker?(resolvedSource(in: container), container) {
            mask.frame = container.bounds
            mask.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            container.addSubview(mask)
            maskView = mask
        }
        container.addSubview(overlay)
        container.addSubview(self)
        startTrackingSource(in: container)
        isHidden = false
        View.performWithoutAnimation {
            layer.anchorPoint = Point(x: 0.5, y: 0.5)
            transform = .identity
            relayout()
            if let placement { moveAnchorPoint(to: placement.tipAnchorPoint) }
        }
        presenter.springIn(self, tipAnchorPoint: placement?.tipAnchorPoint) { [weak self] _ in self?.didAppear() }
    }

    /// Starts following the source view, when there is one and the container is in a window.
    private func startTrackingSource(in container: View) {
        guard sourceView != nil, let window = container.window else { return }
        sourceTracker.lastKey = resolvedSource(in: container)
        sourceTracker.start(in: window)
    }

    /// The source in the container to compare with the last one followed, `nil` once dismissing.
    private func sourceToFollow() -> Rect? {
        guard let container = containerView, state == .presenting || state == .presented else { return nil }
        return resolvedSource(in: container)
    }

    private func followSource(to rect: Rect) {
        reposition()
        if let dimming = maskView as? DimmingView, makeMaskView == nil { dimming.cutoutTargetRect = rect }
    }

    /// The entrance has ended: presented, handler, timer (from the entrance's end time).
    private func didAppear() {
        guard state == .presenting else { return }
        state = .presented
        if let spoken = accessibilityLabel, !spoken.isEmpty {
            announcements.append(spoken)
            announcementHandler?(spoken)
        }
        appearHandler?(self)
        guard state == .presented, let duration, duration.isFinite, duration > 0, let window = containerView?.window else { return }
        // The entrance ended at its scheduled end, even when this turn is later (a coarse step).
        let fireTime = shownAt + (transitionAnimation?.duration ?? 0) + duration
        autoDismissTime = fireTime
        timerToken = window.schedule(at: fireTime) { [weak self] in
            self?.timerToken = nil
            self?.autoDismissTime = nil
            self?.dismiss()
        }
    }

    private func cancelTimer() {
        if let timerToken { (containerView?.window ?? window)?.cancelTimer(timerToken) }
        timerToken = nil
        autoDismissTime = nil
    }

    /// Removed: clean up, then the dismiss handler, once.
    private func finish() {
        guard state == .dismissing else { return }
        state = .dismissed
        cancelTimer()
        sourceTracker.stop()
        overlay?.removeFromSuperview()
        overlay = nil
        maskView?.removeFromSuperview()
        maskView = nil
        removeFromSuperview()
        View.performWithoutAnimation {
            transform = .identity
            alpha = 1
        }
        let handler = dismissHandler
        announcementHandler = nil
        appearHandler = nil
        dismissHandler = nil
        tapHandler = nil
        tapOutsideHandler = nil
        makeMaskView = nil
        handler?(self)
    }

    private func bubbleTapped() {
        guard state == .presenting || state == .presented else { return }
        tapHandler?(self)
        if dismissesOnTap { dismiss() }
    }

    private func tappedOutside() {
        guard state == .presenting || state == .presented else { return }
        tapOutsideHandler?(self)
        if dismissesOnTapOutside { dismiss() }
    }

    private func swipedOutside() {
        guard state == .presenting || state == .presented, dismissesOnSwipeOutside else { return }
        dismiss()
    }

    func containerDidResize() {
        guard state == .presenting || state == .presented else { return }
        View.performWithoutAnimation { relayout() }
    }

    /// Whether `point` (in `view`'s coordinates) lies on a passthrough view.
    func isOnPassthroughView(_ point: Point, in view: View) -> Bool {
        passthroughViews.contains { pass in
            guard pass.window != nil, pass.window === view.window, !pass.isHidden else { return false }
            return pass.point(inside: view.convert(point, to: pass), with: nil)
        }
    }
}

/// A view reference that does not retain.
private struct TooltipWeakView {
    weak var view: View?
}
