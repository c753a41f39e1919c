import KinemaDynamics
import KinemaGeometry
import KinemaLayers

/// A rectangle on screen, backed by a `Layer`: it draws through its layer, lays out its
/// subviews, receives touches and animates in animation blocks. Mirrors `UIView`.
///
/// A view is its layer's delegate. Outside an animation block it answers `NullAction` for every
/// property change, so a view's layer never animates implicitly (a standalone `Layer` does);
/// inside ``animate(withDuration:delay:options:animations:completion:)`` it answers an additive
/// animation from the old value, as UIKit has since iOS 8.
///
/// ```swift
/// let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
/// let card = View(frame: Rect(x: 20, y: 40, width: 100, height: 60))
/// window.addSubview(card)
/// card.center = Point(x: 200, y: 300)          // no animation: the layer moves at once
/// View.animate(withDuration: 0.5) { card.alpha = 0 }   // 0.5 s ease-in-ease-out fade
/// ```
///
/// Geometry is in points, in the superview's coordinates for ``frame`` and ``center`` and in the
/// view's own for ``bounds``. Non-finite values given to a geometric property are ignored.
///
/// A view is a ``Responder``: a touch goes to the view it hits, and the `touches…` methods a
/// view does not override pass it to ``next`` (its view controller for a controller's root view,
/// else its superview).
open class View: Responder, LayerDelegate {
    /// The layer that draws the view. Its delegate is the view. Mirrors `UIView.layer`.
    public let layer: Layer

    /// The class of layer a view of this class creates (`Layer` by default). Mirrors
    /// `UIView.layerClass`.
    open class var layerClass: Layer.Type { Layer.self }

    /// The superview, or `nil`. Not retained (the superview retains its subviews).
    public internal(set) weak var superview: View? {
        didSet { if !ancestryObservers.isEmpty { notifyAncestryObservers() } }
    }

    /// Objects (held weakly) told when ``superview`` changes: how a dynamic animator follows its
    /// reference view into a window (`Dynamics/View+AncestryObserving.swift`).
    var ancestryObservers: [WeakAncestryObserver] = []

    /// The subviews, back to front. Mirrors `UIView.subviews`.
    public internal(set) var subviews: [View] = []

    /// Where the view was last placed or found in its superview's ``subviews``: a hint, checked
    /// before use (see ``indexOfSubview(_:)``).
    var subviewIndexHint = 0

    /// How many steps ``indexOfSubview(_:)`` searched beyond the hinted place, over the view's
    /// life: what adding, reordering and removing subviews cost in searching.
    package internal(set) var subviewSearchSteps = 0

    /// Whether ``layoutSubviews()`` is due. Set by ``setNeedsLayout()``.
    public internal(set) var needsLayout = false

    /// Animations of this view that block touches (added by blocks without
    /// ``ViewAnimationOptions/allowUserInteraction``) and are still running.
    var interactionBlockingAnimations = 0

    /// The view controller whose root view this is, if any (UIKit's private `_viewDelegate`).
    weak var viewController: ViewController?

    /// What the view keeps for Auto Layout, made when it first takes part (see
    /// `AutoLayout/ViewLayoutState.swift`); `nil` for a view laid out by frames alone.
    var layoutState: ViewLayoutState?

    /// Gesture recognizers attached to the view, in the order they were added.
    public internal(set) var gestureRecognizers: [GestureRecognizer] = []

    /// A view with the given frame (points, in the superview's coordinates). Mirrors
    /// `UIView(frame:)`.
    public init(frame: Rect) {
        layer = Self.layerClass.init()
        super.init()
        layer.delegate = self
        layer.anchorPoint = Point(x: 0.5, y: 0.5)
        self.frame = frame.isFinite ? frame : .zero
        // First display: UIKit draws every view that overrides draw(_:) once, unasked. Swift
        // cannot tell whether a method is overridden, so every view is marked; the layer is
        // displayed at the first commit after it joins a window (or at its first render). A
        // view that does not override draw reaches the empty default, records no command and
        // keeps a nil drawing: no content, no render cost.
        layer.setNeedsDisplay()
    }

    /// A view with a zero frame.
    public override convenience init() {
        self.init(frame: .zero)
    }

    // MARK: Geometry

    /// The frame in the superview's coordinates, points: the bounding box of the bounds under the
    /// transform about the center. Setting it while the transform is not the identity is
    /// undefined in UIKit; Kinema then sets the center and the bounds size so that the frame
    /// fits. Mirrors `UIView.frame`.
    public var frame: Rect {
        get { layer.frame }
        set {
            guard newValue.isFinite else { return }
            let oldSize = bounds.size
            layer.frame = newValue
            boundsSizeDidChange(from: oldSize)
        }
    }

    /// The bounds in the view's own coordinates, points. Default origin zero, size of the frame.
    /// Mirrors `UIView.bounds`.
    public var bounds: Rect {
        get { layer.bounds }
        set {
            guard newValue.isFinite else { return }
            let oldSize = bounds.size
            layer.bounds = newValue
            boundsSizeDidChange(from: oldSize)
        }
    }

    /// The center of the frame in the superview's coordinates, points (the layer's `position`).
    /// Mirrors `UIView.center`.
    public var center: Point {
        get { layer.position }
        set { layer.position = newValue }
    }

    /// The affine transform about the center. Default identity. Mirrors `UIView.transform`.
    public var transform: AffineTransform {
        get { layer.affineTransform() }
        set { layer.setAffineTransform(newValue) }
    }

    /// The layer's full 3D transform. Mirrors `UIView.transform3D`.
    public var transform3D: Transform3D {
        get { layer.transform }
        set { layer.transform = newValue }
    }

    // MARK: Appearance

    /// The opacity, 0 to 1. Default 1. A view with alpha below 0.01 is not hit. Mirrors `UIView.alpha`.
    public var alpha: Double {
        get { layer.opacity }
        set { layer.opacity = newValue }
    }

    /// Whether the view and its subviews are hidden (not drawn, not hit). Default `false`.
    /// Mirrors `UIView.isHidden`.
    ///
    /// For an arranged subview of a ``StackView`` the stack collapses or expands the view, and
    /// inside an animation block the layer hides only when the collapse has ended (this
    /// property reports the new value at once).
    public var isHidden: Bool {
        get { layoutState?.arrangedHidden ?? layer.isHidden }
        set {
            if layoutState?.arrangedHidden != nil, let stack = superview as? StackView {
                stack.setArrangedView(self, hidden: newValue)
                return
            }
            layer.isHidden = newValue
        }
    }

    /// The background colour, `nil` for none. Default `nil`. Mirrors `UIView.backgroundColor`.
    open var backgroundColor: Color? {
        get { layer.backgroundColor }
        set { layer.backgroundColor = newValue }
    }

    /// Whether subviews are clipped to the bounds. Default `false`. Mirrors `UIView.clipsToBounds`.
    public var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    /// How the layer's contents fit the bounds. Default ``ContentMode/scaleToFill``. Mirrors
    /// `UIView.contentMode`.
    public var contentMode: ContentMode = .scaleToFill {
        didSet { layer.contentsGravity = contentMode.contentsGravity }
    }

    /// A number that identifies the view to your code. Default 0. Mirrors `UIView.tag`.
    public var tag = 0

    /// Whether touches are delivered to the view and its subviews. Default `true` (``Label`` and
    /// ``ImageView`` default to `false`, as in UIKit). Mirrors `UIView.isUserInteractionEnabled`.
    open var isUserInteractionEnabled = true

    /// Whether the view receives more than one touch at a time. Default `false`. Mirrors
    /// `UIView.isMultipleTouchEnabled`.
    public var isMultipleTouchEnabled = false

    /// The label an assistive technology reads. Default `nil`. Mirrors `accessibilityLabel`.
    public var accessibilityLabel: String?

    /// Whether a bounds change resizes subviews by their ``autoresizingMask``. Default `true`.
    /// Mirrors `UIView.autoresizesSubviews`.
    public var autoresizesSubviews = true

    /// How the view resizes when its superview's bounds change. Default none. Mirrors
    /// `UIView.autoresizingMask`.
    public var autoresizingMask: AutoresizingMask = []

    // MARK: Dynamics

    /// The shape UIKit Dynamics gives the view for collisions. Default `.rectangle` (the bounds).
    /// Override to return `.ellipse` or `.path`. Mirrors `UIView.collisionBoundsType`.
    open var collisionBoundsType: DynamicItemCollisionBoundsType { .rectangle }

    /// The collision shape when ``collisionBoundsType`` is `.path`: a convex counter-clockwise
    /// polygon, points, with (0, 0) at the view's center. Default empty. Mirrors
    /// `UIView.collisionBoundingPath`.
    open var collisionBoundingPath: Path { Path() }

    // MARK: Layer delegate

    /// The action for a change of the layer's `event`: `NullAction` outside animation blocks
    /// (view-backing layers do not animate implicitly) and an animation of the block inside one.
    /// Mirrors `UIView`'s `action(for:forKey:)`.
    open func action(for layer: Layer, forKey event: String) -> (any Action)? {
        ViewAnimationBlock.action(for: self, layer: layer, event: event)
    }

    /// Draws the view's content into the current context, UIKit's way: override it, draw with
    /// ``BezierPath``, `Color.setFill()` and ``GraphicsGetCurrentContext()`` (or
    /// `DrawingContext.current`), and the drawing becomes the view's content. The default draws
    /// nothing. Mirrors `UIView.draw(_:)`.
    ///
    /// `rect` is the area to draw, in the view's coordinates (points): always the whole
    /// ``bounds``, since Kinema redraws a view whole. The view is drawn the first time it is
    /// displayed (at the run-loop turn after it joins a window, or when its layer is first
    /// rendered), and again after each ``setNeedsDisplay()``. Calling it directly draws into
    /// whatever context is current, as in UIKit.
    ///
    /// ```swift
    /// final class Badge: View {
    ///     override func draw(_ rect: Rect) {
    ///         Color.red.setFill()
    ///         BezierPath(ovalIn: bounds.insetBy(dx: 2, dy: 2)).fill()
    ///     }
    /// }
    /// ```
    open func draw(_ rect: Rect) {}

    /// Draws the view's content into `ctx`, the layer's recording context, which is also the
    /// current context while this runs. The default calls ``draw(_:)``. Override this one
    /// instead to take the context as an argument (it then replaces ``draw(_:)``); like
    /// ``draw(_:)`` it runs at the first display without a ``setNeedsDisplay()``.
    open func draw(_ rect: Rect, in ctx: DrawingContext) {
        draw(rect)
    }

    /// Draws the layer's content: ``draw(_:in:)`` with the layer's context made current.
    /// Mirrors `UIView`'s `draw(_:in:)` as a layer delegate, which pushes the context as
    /// `UIGraphicsPushContext(_:)` does.
    public func draw(_ layer: Layer, in ctx: DrawingContext) {
        DrawingContext.withCurrent(ctx) { draw(layer.bounds, in: ctx) }
    }

    /// Marks the view's content for redrawing at the next run-loop turn. Mirrors
    /// `UIView.setNeedsDisplay()`.
    public func setNeedsDisplay() {
        layer.setNeedsDisplay()
    }

    /// The subview (or the view itself) with `tag`, searching depth first. Mirrors
    /// `UIView.viewWithTag(_:)`.
    public func viewWithTag(_ tag: Int) -> View? {
        if self.tag == tag { return self }
        for sub in subviews {
            if let found = sub.viewWithTag(tag) { return found }
        }
        return nil
    }

    // MARK: Overridable hooks (declared here so subclasses can override them)

    /// Called before the view moves to `newSuperview` (`nil` when it is removed). Mirrors
    /// `UIView.willMove(toSuperview:)`.
    open func willMove(toSuperview newSuperview: View?) {}
    /// Called after the view moved to a new superview (or was removed). Mirrors
    /// `UIView.didMoveToSuperview()`.
    open func didMoveToSuperview() {}
    /// Called before the view (or an ancestor) moves to another window. Mirrors
    /// `UIView.willMove(toWindow:)`.
    open func willMove(toWindow newWindow: Window?) {}
    /// Called after the view (or an ancestor) moved to another window. Mirrors
    /// `UIView.didMoveToWindow()`.
    open func didMoveToWindow() {}
    /// Called after `subview` was added. Mirrors `UIView.didAddSubview(_:)`.
    open func didAddSubview(_ subview: View) {}
    /// Called before `subview` is removed. Mirrors `UIView.willRemoveSubview(_:)`.
    open func willRemoveSubview(_ subview: View) {}

    /// Lays out the subviews. The default does nothing: autoresizing masks are applied as soon
    /// as the bounds change, and the frames Auto Layout solves are applied to the subviews
    /// just before this runs, so an override that sets frames by hand wins whether or not it
    /// calls `super`. Called by ``layoutIfNeeded()``; never call it directly. Mirrors
    /// `UIView.layoutSubviews()`.
    open func layoutSubviews() {}

    /// Updates the view's constraints, called at the next layout pass after
    /// ``setNeedsUpdateConstraints()`` (subviews before their superview). Activate, deactivate
    /// or change constraints here. The default does nothing. Mirrors `UIView.updateConstraints()`.
    open func updateConstraints() {}

    /// The view whose first baseline is this view's first baseline. Default `self` (a
    /// ``Label``'s is its text's; any other view's is its bottom edge). Return a subview to
    /// align by its text. Mirrors `UIView.forFirstBaselineLayout`.
    open var forFirstBaselineLayout: View { self }

    /// The view whose last baseline is this view's last baseline. Default `self`. Mirrors
    /// `UIView.forLastBaselineLayout`.
    open var forLastBaselineLayout: View { self }

    /// The size that best fits `size` (points). The default answers the current bounds size.
    /// Mirrors `UIView.sizeThatFits(_:)`.
    open func sizeThatFits(_ size: Size) -> Size { bounds.size }

    /// The size the view wants from its content, or ``View/noIntrinsicMetric`` per axis. Default
    /// no intrinsic size. Mirrors `UIView.intrinsicContentSize`.
    open var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) }

    /// The value of an axis without an intrinsic size (−1). Mirrors `UIView.noIntrinsicMetric`.
    public static let noIntrinsicMetric = -1.0

    /// Whether `point` (in the view's coordinates) is inside the view: inside the bounds, minimum
    /// edges included. Mirrors `UIView.point(inside:with:)`.
    open func point(inside point: Point, with event: Event?) -> Bool {
        bounds.contains(point)
    }

    /// The deepest view under `point` (in the view's coordinates) that takes touches, or `nil`,
    /// by UIKit's rules: a view that is hidden, has alpha below 0.01, has user interaction
    /// disabled or does not contain the point is skipped with its subviews; subviews are
    /// searched front to back. Mirrors `UIView.hitTest(_:with:)`.
    open func hitTest(_ point: Point, with event: Event?) -> View? {
        defaultHitTest(point, with: event)
    }

    // MARK: Responder

    /// The view controller whose root view this is, else the superview (`nil` for a view
    /// outside any hierarchy). Touches the view does not handle go there. Mirrors `UIView.next`
    /// (UIKit's responder chain: "if the view is the root view of a view controller, the next
    /// responder is the view controller; otherwise, the next responder is the view's superview").
    open override var next: Responder? {
        if let viewController { return viewController }
        return superview
    }
}
