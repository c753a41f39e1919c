import KinemaGeometry
import KinemaLayers

/// The presentation controller of ``ModalPresentationStyle/popover``: a bubble with an arrow
/// pointing at a source, placed by ``PopoverLayout/place(_:)``. Mirrors
/// `UIPopoverPresentationController`.
///
/// Get it from the presented controller's ``ViewController/popoverPresentationController``
/// after setting `modalPresentationStyle = .popover` and before presenting:
///
/// ```swift
/// tip.modalPresentationStyle = .popover
/// tip.preferredContentSize = Size(width: 200, height: 80)
/// let popover = tip.popoverPresentationController!
/// popover.sourceView = helpButton            // sourceRect .zero: the button's bounds
/// popover.permittedArrowDirections = [.up, .down]
/// root.present(tip, animated: true)
/// ```
///
/// The presented view (``presentedView``) is the *popover view*: as large as the placement's
/// frame (body plus arrow), holding the background view (``backgroundView``, of
/// ``popoverBackgroundViewClass``) and, on top of it, the presented controller's view inset by
/// the background's `contentViewInsets()`. The controller owns that view's position: it always
/// puts the placed frame where the view's current anchor point says, so code that moves the
/// anchor point (to the arrow tip, say) in `viewWillAppear` moves no pixel.
///
/// A touch that starts outside the popover and not on a ``passthroughViews`` view asks the
/// delegate and then dismisses, once per presentation. When the container changes size the
/// popover is placed afresh (animated, 0.3 s); when the source moves in the container (scrolled,
/// laid out), it is placed afresh in the same frame, without animation.
public final class PopoverPresentationController: PresentationController {
    /// The view the arrow points at (or whose coordinates ``sourceRect`` is in). Not retained.
    /// Mirrors `UIPopoverPresentationController.sourceView`.
    public weak var sourceView: View?

    /// The rectangle the arrow points at, in ``sourceView``'s coordinates, points. Default
    /// `.zero`, Kinema's stand-in for `CGRectNull`: the rectangle is then the source view's
    /// bounds, read at every placement (so it tracks the source view's size). A zero-size rect
    /// anywhere else is a point to point at. Without a source view the rectangle is in the
    /// container's coordinates (`.zero` then means the container's center). Non-finite values
    /// are ignored. Mirrors `UIPopoverPresentationController.sourceRect`.
    public var sourceRect: Rect = .zero {
        didSet { if !sourceRect.isFinite { sourceRect = oldValue } }
    }

    /// The directions the arrow may point, in UIKit's preference order (up, down, left, right).
    /// Default ``PopoverArrowDirection/any``; an empty set or ``PopoverArrowDirection/unknown``
    /// counts as `any`. Mirrors `UIPopoverPresentationController.permittedArrowDirections`.
    public var permittedArrowDirections: PopoverArrowDirection = .any

    /// The direction the arrow points while the popover is shown; ``PopoverArrowDirection/unknown``
    /// before the presentation and after the dismissal. Mirrors
    /// `UIPopoverPresentationController.arrowDirection`.
    public private(set) var arrowDirection: PopoverArrowDirection = .unknown

    /// The space kept free at the container's edges, inside its safe area, points. Default 10 on
    /// every side. Mirrors `UIPopoverPresentationController.popoverLayoutMargins`.
    public var popoverLayoutMargins = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)

    /// The class of the background view, `nil` (the default) for
    /// ``DefaultPopoverBackgroundView``, Kinema's bubble. Read when the popover view is made.
    /// Mirrors `UIPopoverPresentationController.popoverBackgroundViewClass`.
    public var popoverBackgroundViewClass: PopoverBackgroundView.Type?

    /// The class the background is made of: ``popoverBackgroundViewClass`` or the default.
    private var backgroundClass: PopoverBackgroundView.Type {
        popoverBackgroundViewClass ?? DefaultPopoverBackgroundView.self
    }

    /// Views that keep receiving touches while the popover is shown (a touch on them neither
    /// reaches the popover's dismissal nor dismisses). Not retained. Mirrors
    /// `UIPopoverPresentationController.passthroughViews`.
    public var passthroughViews: [View] {
        get { weakPassthroughViews.compactMap(\.view) }
        set { weakPassthroughViews = newValue.map(WeakView.init) }
    }
    private var weakPassthroughViews: [WeakView] = []

    /// Whether the popover may cover the source rectangle when nothing else fits. Default
    /// `false`. Mirrors `UIPopoverPresentationController.canOverlapSourceViewRect`.
    public var canOverlapSourceViewRect = false

    /// The body's colour (a ``DefaultPopoverBackgroundView``'s
    /// ``DefaultPopoverBackgroundView/fillColor``), `nil` for the background's own. Other
    /// background classes draw their own colours and ignore it. Mirrors
    /// `UIPopoverPresentationController.backgroundColor`.
    public var backgroundColor: Color? {
        didSet {
            if let backgroundColor, let background = backgroundView as? DefaultPopoverBackgroundView {
                background.fillColor = backgroundColor
            }
        }
    }

    /// The delegate. Not retained. Mirrors `UIPopoverPresentationController.delegate`.
    public weak var delegate: (any PopoverPresentationControllerDelegate)?

    /// The transition of animated presentations and dismissals: a spring about the arrow tip
    /// (the tutorial-popover post's parameters by default, docs/ported-posts.md), or `nil` for
    /// the built-in cross-dissolve (UIKit's default popover look), for code that animates the
    /// popover view itself.
    public var transitionAnimation: PopoverTransitionAnimation? = PopoverTransitionAnimation()

    /// The background view while the popover is shown (from the start of the presentation to
    /// the end of the dismissal), `nil` otherwise. Kinema's public replacement for UIKit's
    /// private `backgroundView` of the popover view.
    public private(set) var backgroundView: PopoverBackgroundView?

    /// The last placement, in the container's coordinates; `nil` when not shown.
    public private(set) var placement: PopoverPlacement?

    /// The content size of a presented controller whose `preferredContentSize` is zero, points.
    static let defaultContentSize = Size(width: 320, height: 480)

    /// The popover view, made when the presentation starts.
    private var popoverView: View?
    private var dimmingView: PopoverDimmingView?
    private var lastContainerSize: Size?
    /// Whether the presentation is over (dismissed or cancelled): a controller shows once.
    private var isFinished = false
    /// Whether a tap outside has started this presentation's dismissal.
    private var isDismissingFromTap = false
    /// Follows the source once per frame while the popover is shown; its last key is the source
    /// rectangle (container coordinates) of the last solve.
    private lazy var sourceTracker = ArrowAnchoredPresenter.SourceTracker<Rect>(
        currentKey: { [weak self] in self?.sourceRectToFollow() },
        follow: { [weak self] _ in self?.repositionPopover(animated: false) })

    public override init(presentedViewController: ViewController, presenting presentingViewController: ViewController?) {
        super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
    }

    /// The popover view (background plus content) once the presentation has started; `nil`
    /// before.
    public override var presentedView: View? {
        if popoverView == nil, containerView != nil, !isFinished { makePopoverView() }
        return popoverView
    }

    /// The placement's frame (body plus arrow) in the container's coordinates.
    public override var frameOfPresentedViewInContainerView: Rect {
        guard containerView != nil else { return .zero }
        return placement?.frame ?? solve()?.frame ?? .zero
    }

    public override func presentationTransitionWillBegin() {
        guard let container = containerView else { return }
        let dimming = PopoverDimmingView(frame: container.bounds)
        dimming.controller = self
        dimming.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.insertSubview(dimming, at: 0)
        dimmingView = dimming
        // Code in viewWillAppear may have moved the anchor point: keep the placed frame.
        if let placement { positionPopoverView(frame: placement.frame) }
    }

    public override func presentationTransitionDidEnd(_ completed: Bool) {
        guard completed else {
            reset()
            return
        }
        startTrackingSource()
    }

    /// Source tracking (invariant 18 of docs/popover-notes.md): on every frame of the window's run
    /// loop (before the commit), a source that moved in the container — scrolled, laid out,
    /// animated in its model — gets a fresh solve, so the bubble follows within the same frame.
    private func startTrackingSource() {
        guard let window = containerView?.window else { return }
        sourceTracker.start(in: window)
    }

    /// The source rectangle to compare with the last solve's, `nil` while nothing is to follow
    /// (no popover view, a dismissal or another transition running).
    private func sourceRectToFollow() -> Rect? {
        guard popoverView != nil, !presentedViewController.isBeingDismissed, presentedViewController.activeTransition == nil
        else { return nil }
        return currentSourceRect()
    }

    public override func dismissalTransitionDidEnd(_ completed: Bool) {
        guard completed else {
            isDismissingFromTap = false
            return
        }
        let tapped = isDismissingFromTap
        reset()
        if tapped { delegate?.popoverPresentationControllerDidDismissPopover(self) }
    }

    public override func containerViewWillLayoutSubviews() {
        guard let container = containerView, popoverView != nil, !presentedViewController.isBeingDismissed else { return }
        let resized = lastContainerSize != nil && lastContainerSize != container.bounds.size
        if resized {
            let source: View = sourceView ?? container
            var rect = resolvedSourceRect(in: source)
            var view = source
            delegate?.popoverPresentationController(self, willRepositionPopoverTo: &rect, in: &view)
            if view !== source { sourceView = view }
            if rect.isFinite { sourceRect = rect }
        }
        repositionPopover(animated: presentedViewController.activeTransition == nil)
    }

    /// Places the popover afresh (a new solve, with the current source, container, margins and
    /// permitted directions) and moves it there, over 0.3 s ease in and out when `animated`. The
    /// background takes its new arrow at once. Does nothing when the popover is not shown.
    public func repositionPopover(animated: Bool = true) {
        guard let container = containerView, let view = popoverView, let new = solve() else { return }
        lastContainerSize = container.bounds.size
        guard new != placement else { return }
        let old = placement
        placement = new
        arrowDirection = new.arrowDirection
        guard animated, let old, old.frame.size.isFinite else {
            // A popover scaling about its tip (the entrance) keeps scaling about the new tip.
            View.performWithoutAnimation { ArrowAnchoredPresenter.keepAnchorAtTip(of: view, from: old, to: new) }
            apply(new)
            return
        }
        View.performWithoutAnimation { view.moveAnchorPoint(to: new.tipAnchorPoint) }
        View.animate(withDuration: 0.3, delay: 0, options: .curveEaseInOut) { self.apply(new) }
    }

    /// Moves the popover view's anchor point to the arrow tip, compensating its position so that
    /// no pixel moves (whatever its transform). The default transition calls it; code that
    /// animates the popover view itself may call it in `viewWillAppear`.
    public func anchorPopoverAtArrowTip() {
        guard let view = popoverView, let placement else { return }
        View.performWithoutAnimation { view.moveAnchorPoint(to: placement.tipAnchorPoint) }
    }

    // MARK: Machinery

    /// Called by the dimming view when a touch starts outside the popover.
    func touchBeganOutside() {
        guard !isDismissingFromTap, containerView != nil, presentedViewController.presentationController === self,
            !presentedViewController.isBeingDismissed
        else { return }
        if let delegate, !delegate.popoverPresentationControllerShouldDismissPopover(self) { return }
        isDismissingFromTap = true
        presentedViewController.dismiss(animated: true)
        if presentedViewController.presentationController === self, !presentedViewController.isBeingDismissed {
            isDismissingFromTap = false
        }
    }

    /// Whether `point` (in `view`'s coordinates) lies on a passthrough view.
    func isOnPassthroughView(_ point: Point, in view: View) -> Bool {
        passthroughViews.contains { pass in
            guard pass.window != nil, pass.window === view.window, !pass.isHidden else { return false }
            return pass.point(inside: view.convert(point, to: pass), with: nil)
        }
    }

    private func makePopoverView() {
        delegate?.prepareForPopoverPresentation(self)
        let backgroundClass = backgroundClass
        let popover = View(frame: .zero)
        let background = backgroundClass.init(frame: .zero)
        if let backgroundColor, let background = background as? DefaultPopoverBackgroundView { background.fillColor = backgroundColor }
        popover.addSubview(background)
        let content = presentedViewController.view
        popover.addSubview(content)
        if backgroundClass.wantsDefaultContentAppearance {
            content.layer.cornerRadius = backgroundClass.cornerRadius()
            content.clipsToBounds = true
        }
        popoverView = popover
        backgroundView = background
        guard let new = solve() else { return }
        placement = new
        arrowDirection = new.arrowDirection
        lastContainerSize = containerView?.bounds.size
        View.performWithoutAnimation { apply(new) }
    }

    /// Lays the popover view, background and content out for `placement` (animated when called
    /// in an animation block).
    private func apply(_ placement: PopoverPlacement) {
        guard let view = popoverView else { return }
        let content = ArrowAnchoredPresenter.relayOut(view, to: placement, from: nil, anchor: .unchanged, background: backgroundView)
        // Bounds and centre rather than a frame, so a transform the content view has is kept.
        let contentView = presentedViewController.view
        contentView.bounds = Rect(x: 0, y: 0, width: content.width, height: content.height)
        contentView.center = Point(x: content.midX, y: content.midY)
    }

    /// Puts the popover view so that, untransformed, it covers `frame`, for its current anchor.
    private func positionPopoverView(frame: Rect) {
        guard let view = popoverView else { return }
        view.center = ArrowAnchoredPresenter.center(of: frame, anchorPoint: view.layer.anchorPoint)
    }

    /// The source rectangle in `view`'s coordinates, with `.zero` resolved.
    private func resolvedSourceRect(in view: View) -> Rect {
        if sourceRect == .zero {
            return sourceView === view ? view.bounds : Rect(x: view.bounds.midX, y: view.bounds.midY, width: 0, height: 0)
        }
        return sourceRect
    }

    /// The source rectangle in the container's coordinates, now.
    private func currentSourceRect() -> Rect? {
        guard let container = containerView else { return nil }
        if let sourceView, sourceView.window != nil, sourceView.window === container.window {
            return sourceView.convert(resolvedSourceRect(in: sourceView), to: container)
        }
        return resolvedSourceRect(in: container)
    }

    /// A fresh placement for the current inputs.
    private func solve() -> PopoverPlacement? {
        guard let container = containerView, let source = currentSourceRect() else { return nil }
        sourceTracker.lastKey = source
        var size = presentedViewController.preferredContentSize
        if size.width <= 0 || size.height <= 0 { size = Self.defaultContentSize }
        let backgroundClass = backgroundClass
        var input = PopoverLayoutInput(containerBounds: container.bounds, sourceRect: source, content: .size(size))
        input.safeAreaInsets = container.safeAreaInsets
        input.layoutMargins = popoverLayoutMargins.isFinite ? popoverLayoutMargins : EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        input.contentInsets = backgroundClass.contentViewInsets()
        let permitted = permittedArrowDirections == .unknown ? PopoverArrowDirection.any : permittedArrowDirections
        let directions = PopoverArrowDirection.allDirections.filter { permitted.contains($0) }
        input.permittedDirections = directions.isEmpty ? PopoverArrowDirection.allDirections : directions
        input.arrowBase = backgroundClass.arrowBase()
        input.arrowHeight = backgroundClass.arrowHeight()
        input.cornerRadius = backgroundClass.cornerRadius()
        input.arrowPadding = backgroundClass.arrowPadding()
        input.canOverlapSourceRect = canOverlapSourceViewRect
        return PopoverLayout.place(input)
    }

    /// Forgets the shown popover (after the dismissal, or a cancelled presentation).
    private func reset() {
        sourceTracker.stop()
        sourceTracker.lastKey = nil
        dimmingView?.removeFromSuperview()
        dimmingView = nil
        popoverView?.removeFromSuperview()
        popoverView = nil
        backgroundView = nil
        placement = nil
        arrowDirection = .unknown
        lastContainerSize = nil
        isDismissingFromTap = false
        isFinished = true
        if presentedViewController.popoverStorage === self { presentedViewController.popoverStorage = nil }
    }
}

/// A view reference that does not retain.
private struct WeakView {
    weak var view: View?
}

/// The transparent view behind the popover that catches touches outside it (except over
/// passthrough views, which it lets through).
final class PopoverDimmingView: View {
    weak var controller: PopoverPresentationController?

    override func hitTest(_ point: Point, with event: Event?) -> View? {
        guard let controller, self.point(inside: point, with: event) else { return nil }
        return controller.isOnPassthroughView(point, in: self) ? nil : self
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        controller?.touchBeganOutside()
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {}
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {}
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {}
}
