import KinemaGeometry

/// A stack of view controllers showing the top one, with UIKit's push and pop slide. Mirrors
/// `UINavigationController` without its bar.
///
/// The top controller's view fills the navigation controller's view (resizing with it). Pushing
/// slides the new view in from the right edge while the old one moves a third of the width to the
/// left; popping runs the same slide backwards; both take ``transitionDuration`` seconds on an
/// ease-in-ease-out curve. Appearance calls reach the controllers that come and go, as in UIKit.
/// Kinema draws no navigation bar (``isNavigationBarHidden`` is kept for ports).
open class NavigationController: ViewController {
    /// The stack, root first. Mirrors `UINavigationController.viewControllers`.
    public private(set) var viewControllers: [ViewController] = []

    /// Whether the bar is hidden. Kinema draws no bar either way; the flag is kept so UIKit code
    /// ports. Default `false`. Mirrors `UINavigationController.isNavigationBarHidden`.
    public var isNavigationBarHidden = false

    /// How long a push or pop slides, seconds. Default 0.35.
    public var transitionDuration = 0.35

    /// A stack with `rootViewController` at the bottom. Mirrors
    /// `UINavigationController(rootViewController:)`.
    public init(rootViewController: ViewController) {
        super.init()
        push(rootViewController)
    }

    /// The controller at the top of the stack. Mirrors `UINavigationController.topViewController`.
    public var topViewController: ViewController? { viewControllers.last }

    /// The controller whose view is visible: one presented over this controller, else the top
    /// one. Mirrors `UINavigationController.visibleViewController`.
    public var visibleViewController: ViewController? { presentedViewController ?? topViewController }

    open override func viewDidLoad() {
        super.viewDidLoad()
        if let top = topViewController { install(top) }
    }

    /// Pushes `viewController` on the stack and shows it, sliding when `animated`. Ignored when
    /// it is already in the stack or has another parent that is not this controller. Mirrors
    /// `UINavigationController.pushViewController(_:animated:)`.
    open func pushViewController(_ viewController: ViewController, animated: Bool) {
        guard !viewControllers.contains(where: { $0 === viewController }), viewController.parent == nil else { return }
        let old = topViewController
        push(viewController)
        guard isViewLoaded else { return }
        show(viewController, replacing: old, forward: true, animated: animated, removing: [])
    }

    /// Pops the top controller and shows the one below, sliding back when `animated`. Returns
    /// the popped controller, or `nil` when only the root is left. Mirrors
    /// `UINavigationController.popViewController(animated:)`.
    @discardableResult
    open func popViewController(animated: Bool) -> ViewController? {
        guard viewControllers.count > 1 else { return nil }
        return pop(toIndex: viewControllers.count - 2, animated: animated).first
    }

    /// Pops every controller above the root. Returns them (top last), or `nil` when there were
    /// none. Mirrors `UINavigationController.popToRootViewController(animated:)`.
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [ViewController]? {
        guard viewControllers.count > 1 else { return nil }
        return pop(toIndex: 0, animated: animated)
    }

    private func push(_ controller: ViewController) {
        addChild(controller)
        viewControllers.append(controller)
    }

    private func pop(toIndex index: Int, animated: Bool) -> [ViewController] {
        let popped = Array(viewControllers[(index + 1)...])
        let old = topViewController
        viewControllers.removeSubrange((index + 1)...)
        for controller in popped where controller !== old { controller.willMove(toParent: nil) }
        guard let new = topViewController, isViewLoaded else {
            for controller in popped { controller.removeFromParent() }
            return popped
        }
        show(new, replacing: old, forward: false, animated: animated, removing: popped)
        return popped
    }

    private func install(_ controller: ViewController) {
        controller.view.frame = view.bounds
        controller.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(controller.view)
        controller.didMove(toParent: self)
    }

    /// Slides `new` in over `old` (forwards for a push, backwards for a pop), then removes the
    /// old view and the popped controllers.
    private func show(
        _ new: ViewController, replacing old: ViewController?, forward: Bool, animated: Bool, removing popped: [ViewController]
    ) {
        let visible = appearanceState == .appeared
        let width = view.bounds.width
        if visible {
            old?.beginAppearanceTransition(false, animated: animated)
            new.beginAppearanceTransition(true, animated: animated)
        }
        if !forward { old?.willMove(toParent: nil) }
        new.view.frame = view.bounds
        new.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        if forward {
            view.addSubview(new.view)
        } else if let oldView = old?.viewIfLoaded, oldView.superview === view {
            view.insertSubview(new.view, belowSubview: oldView)
        } else {
            view.addSubview(new.view)
        }
        let finish: (Bool) -> Void = { [weak self] _ in
            guard let self else { return }
            if let old, old.viewIfLoaded?.superview === self.view, old !== self.topViewController {
                old.view.removeFromSuperview()
                old.view.transform = .identity
            }
            new.view.transform = .identity
            if forward { new.didMove(toParent: self) }
            for controller in popped { controller.removeFromParent() }
            if visible {
                old?.endAppearanceTransition()
                new.endAppearanceTransition()
            }
        }
        guard animated, transitionDuration > 0, view.window != nil else {
            finish(true)
            return
        }
        View.performWithoutAnimation {
            new.view.transform = AffineTransform(translationX: forward ? width : -width / 3, y: 0)
        }
        View.animate(
            withDuration: transitionDuration, delay: 0, options: .curveEaseInOut,
            animations: {
                new.view.transform = .identity
                old?.view.transform = AffineTransform(translationX: forward ? -width / 3 : width, y: 0)
            }, completion: finish)
    }
}
