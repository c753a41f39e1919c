import KinemaGeometry

/// Manages a view hierarchy: loads its root view lazily, hears when that view appears and
/// disappears, contains child view controllers and presents others modally. Mirrors
/// `UIViewController`.
///
/// ```swift
/// final class CardController: ViewController {
///     override func loadView() { view = View() }          // optional: the default is a plain View
///     override func viewDidLoad() { view.backgroundColor = .white }
///     override func viewDidAppear(_ animated: Bool) { print("on screen") }
/// }
/// window.rootViewController = CardController()   // its view fills the window
/// window.makeKeyAndVisible()
/// window.advance(to: 0)                           // viewWillAppear, then viewDidAppear
/// ```
///
/// The appearance methods are notifications: the base implementations do nothing, so an override
/// need not call `super` (UIKit asks you to). Kinema keeps each controller's appearance state and
/// sends only balanced calls: `viewWillAppear` then `viewDidAppear`, `viewWillDisappear` then
/// `viewDidDisappear`, never `viewDidAppear` twice in a row.
///
/// A controller is a ``Responder`` between its root view and the rest of the chain: touches on
/// its view (or on subviews that do not handle them) reach its `touches…` methods, and those it
/// does not handle go on to ``next``.
open class ViewController: Responder {
    private var loadedView: View? {
        didSet {
            if oldValue !== loadedView, oldValue?.viewController === self { oldValue?.viewController = nil }
            loadedView?.viewController = self
        }
    }
    private var isLoadingView = false

    /// Where the controller is in its appearance cycle.
    enum AppearanceState {
        case disappeared, appearing, appeared, disappearing
    }
    var appearanceState = AppearanceState.disappeared
    private var appearanceIsAnimated = false

    /// The window whose ``Window/rootViewController`` this is, if any. Not retained.
    weak var windowOfRoot: Window?

    /// A view controller without a view (it is loaded when ``view`` is first read).
    public override init() {
        super.init()
    }

    // MARK: The view

    /// The root view of the controller's hierarchy, loaded on first access through ``loadView()``
    /// and then ``viewDidLoad()``. Setting it replaces the view (``viewDidLoad()`` is not called
    /// again). Mirrors `UIViewController.view`.
    ///
    /// Reading it from inside ``loadView()`` before ``loadView()`` assigned one gets a plain
    /// ``View`` (UIKit recurses until the stack overflows).
    public var view: View {
        get {
            loadViewIfNeeded()
            if let loadedView { return loadedView }
            let fallback = View()
            loadedView = fallback
            return fallback
        }
        set { loadedView = newValue }
    }

    /// Whether the view has been loaded. Mirrors `UIViewController.isViewLoaded`.
    public var isViewLoaded: Bool { loadedView != nil }

    /// The view if it has been loaded, else `nil`; never loads it. Mirrors
    /// `UIViewController.viewIfLoaded`.
    public var viewIfLoaded: View? { loadedView }

    /// Loads the view now if it is not loaded yet. Mirrors `UIViewController.loadViewIfNeeded()`.
    public func loadViewIfNeeded() {
        guard loadedView == nil, !isLoadingView else { return }
        isLoadingView = true
        loadView()
        if loadedView == nil { loadedView = View() }
        isLoadingView = false
        viewDidLoad()
    }

    /// Creates the view. Override it to assign your own view to ``view``; do not call `super`
    /// then. The default makes a plain ``View`` with a zero frame (UIKit sizes it to the screen;
    /// Kinema has no screen, and the view gets its frame when it is installed as a window's root
    /// or presented). Never call it directly. Mirrors `UIViewController.loadView()`.
    open func loadView() {
        loadedView = View()
    }

    /// Called once, after the view was loaded. The default does nothing. Mirrors
    /// `UIViewController.viewDidLoad()`.
    open func viewDidLoad() {}

    /// Updates the constraints of the view controller's view at the layout pass after
    /// `view.setNeedsUpdateConstraints()`, in place of the view's own
    /// ``View/updateConstraints()``. The default calls `view.updateConstraints()`. Mirrors
    /// `UIViewController.updateViewConstraints()`.
    open func updateViewConstraints() {
        view.updateConstraints()
    }

    /// Called just before the view lays out its subviews (its ``View/layoutSubviews()``). The
    /// default does nothing. Mirrors `UIViewController.viewWillLayoutSubviews()`.
    open func viewWillLayoutSubviews() {}

    /// Called just after the view laid out its subviews. The default does nothing. Mirrors
    /// `UIViewController.viewDidLayoutSubviews()`.
    open func viewDidLayoutSubviews() {}

    // MARK: Appearance

    /// The view is about to be added to a visible hierarchy (`animated`: whether by an animated
    /// transition). The default does nothing. Mirrors `UIViewController.viewWillAppear(_:)`.
    open func viewWillAppear(_ animated: Bool) {}

    /// The view was added to a visible hierarchy and any transition has ended. The default does
    /// nothing. Mirrors `UIViewController.viewDidAppear(_:)`.
    open func viewDidAppear(_ animated: Bool) {}

    /// The view is about to leave the visible hierarchy. The default does nothing. Mirrors
    /// `UIViewController.viewWillDisappear(_:)`.
    open func viewWillDisappear(_ animated: Bool) {}

    /// The view left the visible hierarchy and any transition has ended. The default does
    /// nothing. Mirrors `UIViewController.viewDidDisappear(_:)`.
    open func viewDidDisappear(_ animated: Bool) {}

    /// Whether appearance calls are forwarded to the children whose views are inside this
    /// controller's view. Default `true`. Mirrors
    /// `UIViewController.shouldAutomaticallyForwardAppearanceMethods`.
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    /// Starts an appearance change: calls ``viewWillAppear(_:)`` (`isAppearing`) or
    /// ``viewWillDisappear(_:)``, unless the controller is already appearing or appeared
    /// (respectively disappearing or disappeared), in which case nothing happens. Mirrors
    /// `UIViewController.beginAppearanceTransition(_:animated:)`; a custom container calls it for
    /// its children when it does not forward appearance automatically.
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        switch (isAppearing, appearanceState) {
        case (true, .disappeared), (true, .disappearing):
            appearanceState = .appearing
            appearanceIsAnimated = animated
            viewWillAppear(animated)
        case (false, .appeared), (false, .appearing):
            appearanceState = .disappearing
            appearanceIsAnimated = animated
            viewWillDisappear(animated)
        default:
            return
        }
        for child in appearanceChildren {
            child.beginAppearanceTransition(isAppearing, animated: animated)
        }
    }

    /// Ends the appearance change begun by ``beginAppearanceTransition(_:animated:)``: calls
    /// ``viewDidAppear(_:)`` or ``viewDidDisappear(_:)``; does nothing when no change is under
    /// way. Mirrors `UIViewController.endAppearanceTransition()`.
    public func endAppearanceTransition() {
        let animated = appearanceIsAnimated
        switch appearanceState {
        case .appearing:
            appearanceState = .appeared
            viewDidAppear(animated)
        case .disappearing:
            appearanceState = .disappeared
            viewDidDisappear(animated)
        case .appeared, .disappeared:
            return
        }
        for child in appearanceChildren {
            child.endAppearanceTransition()
        }
    }

    /// The children that hear this controller's appearance calls: those whose loaded views are
    /// inside this controller's view.
    private var appearanceChildren: [ViewController] {
        guard shouldAutomaticallyForwardAppearanceMethods, let root = loadedView else { return [] }
        return children.filter { $0.viewIfLoaded?.isDescendant(of: root) ?? false }
    }

    // MARK: Content

    /// A title for the controller's content, or `nil`. Default `nil`. Mirrors
    /// `UIViewController.title`.
    open var title: String?

    /// The size the controller would like its view to have in a container, points. Default
    /// zero (no preference). Non-finite or negative sizes are ignored. A presented `.popover`
    /// controller is shown at this size. Mirrors `UIViewController.preferredContentSize`.
    open var preferredContentSize: Size = .zero {
        didSet {
            let s = preferredContentSize
            if !(s.isFinite && s.width >= 0 && s.height >= 0) { preferredContentSize = oldValue }
        }
    }

    // MARK: Children

    /// The container controller this one is a child of, or `nil`. Not retained. Mirrors
    /// `UIViewController.parent`.
    public internal(set) weak var parent: ViewController?

    /// The child controllers, in the order they were added. Mirrors `UIViewController.children`.
    public internal(set) var children: [ViewController] = []

    /// Called before the controller is added to `parent` (`nil`: before it is removed). The
    /// default does nothing. Mirrors `UIViewController.willMove(toParent:)`.
    open func willMove(toParent parent: ViewController?) {}

    /// Called after the controller was added to `parent` (`nil`: after it was removed). The
    /// default does nothing. Mirrors `UIViewController.didMove(toParent:)`.
    open func didMove(toParent parent: ViewController?) {}

    // MARK: Presentation state (see ViewController+Presentation.swift)

    /// The controller this one presented and that is still presented, or `nil`. Retained.
    /// Mirrors `UIViewController.presentedViewController`.
    public internal(set) var presentedViewController: ViewController?

    /// The presentation controller managing this controller's presentation while it is
    /// presented (from ``present(_:animated:completion:)`` until its dismissal completes), else
    /// `nil`. Mirrors `UIViewController.presentationController` (which UIKit creates lazily even
    /// before a presentation).
    public internal(set) var presentationController: PresentationController?

    /// Whether the controller is being presented: from ``present(_:animated:completion:)`` until
    /// its presentation transition completes. Mirrors `UIViewController.isBeingPresented`.
    public internal(set) var isBeingPresented = false

    /// Whether the controller is being dismissed: from ``dismiss(animated:completion:)`` until
    /// its dismissal transition completes or is cancelled. Mirrors
    /// `UIViewController.isBeingDismissed`.
    public internal(set) var isBeingDismissed = false

    /// How the controller is shown when presented. Default ``ModalPresentationStyle/fullScreen``
    /// (UIKit's default is `.automatic`, a page sheet). Read when the presentation starts.
    /// Mirrors `UIViewController.modalPresentationStyle`.
    open var modalPresentationStyle = ModalPresentationStyle.fullScreen

    /// The animation of a presentation or dismissal that has no custom animator. Default
    /// ``ModalTransitionStyle/coverVertical``. Mirrors `UIViewController.modalTransitionStyle`.
    open var modalTransitionStyle = ModalTransitionStyle.coverVertical

    /// The object that supplies custom animators, interaction controllers and presentation
    /// controllers for presenting and dismissing this controller. Not retained, as in UIKit:
    /// keep it alive yourself (often the presented controller owns it). Mirrors
    /// `UIViewController.transitioningDelegate`.
    public weak var transitioningDelegate: (any ViewControllerTransitioningDelegate)?

    /// The transition this controller asks for when it is presented: ``Transition/zoom(options:sourceViewProvider:)``
    /// zooms it out of a source view and lets a drag dismiss it back into the source. Default
    /// `nil` (``modalTransitionStyle``). Read when a presentation or dismissal starts; a
    /// ``transitioningDelegate`` takes precedence. Retained. Mirrors
    /// `UIViewController.preferredTransition` (iOS 18; Kinema: modal presentations only).
    public var preferredTransition: Transition?

    /// The presentation or dismissal transition of this (presented) controller under way.
    package var activeTransition: TransitionContext?

    /// The popover presentation controller made by `popoverPresentationController` before the
    /// presentation (dropped after its dismissal).
    var popoverStorage: PopoverPresentationController?

    // MARK: Responder

    /// The next responder, as Apple documents the chain: the window for a window's
    /// ``Window/rootViewController`` (even while a full-screen presentation has taken its view
    /// out of the window); the presenting controller for a presented controller (from
    /// ``present(_:animated:completion:)`` until its dismissal completes); otherwise the
    /// superview of ``view`` (`nil` when the view is not loaded or not in a hierarchy; reading
    /// `next` never loads the view). Mirrors `UIViewController.next`.
    open override var next: Responder? {
        if let windowOfRoot, windowOfRoot.rootViewController === self { return windowOfRoot }
        if let presentationController { return presentationController.presentingViewController }
        return viewIfLoaded?.superview
    }

    // MARK: Memory

    /// Called when the system is low on memory; the default does nothing. Kinema never calls it
    /// (it has no system memory warnings): it is here so that ported overrides compile. Mirrors
    /// `UIViewController.didReceiveMemoryWarning()`.
    open func didReceiveMemoryWarning() {}
}
