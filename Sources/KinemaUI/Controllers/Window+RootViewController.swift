extension Window {
    /// Installs the new ``rootViewController`` in place of `old`.
    ///
    /// The old root's presented controllers are removed at once (with their disappear calls),
    /// the old root hears `viewWillDisappear`/`viewDidDisappear` if it had appeared, and its view
    /// leaves the window. The new root's view loads, gets the window's bounds and flexible width
    /// and height, and goes behind the window's other subviews. If the window is key
    /// (``makeKeyAndVisible()``) and not hidden, the root hears `viewWillAppear(false)` now and
    /// `viewDidAppear(false)` at the end of the next run-loop turn; otherwise both come at the
    /// first run-loop turn (``advance(to:)``) at which the window is key and visible.
    func rootViewControllerDidChange(from old: ViewController?) {
        let new = rootViewController
        guard old !== new else { return }
        if let old {
            if old.windowOfRoot === self { old.windowOfRoot = nil }
            resignRoot(old)
        }
        guard let new else { return }
        new.windowOfRoot = self
        let view = new.view
        view.frame = bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        insertSubview(view, at: 0)
        if isKeyWindow && !isHidden {
            showRoot(new)
        } else {
            let link = DisplayLink { [weak self, weak new] link in
                guard let self, let new, self.rootViewController === new else {
                    link.invalidate()
                    return
                }
                guard self.isKeyWindow && !self.isHidden else { return }
                link.invalidate()
                self.showRoot(new)
            }
            link.add(to: self)
        }
    }

    /// Sends the root its appear calls: will now, did at the end of this run-loop turn.
    private func showRoot(_ root: ViewController) {
        root.beginAppearanceTransition(true, animated: false)
        layerContext.schedule { [weak self, weak root] in
            guard let root, self?.rootViewController === root else { return }
            root.endAppearanceTransition()
        }
    }

    private func resignRoot(_ old: ViewController) {
        var chain: [ViewController] = []
        var node = old.presentedViewController
        while let vc = node {
            chain.append(vc)
            node = vc.presentedViewController
        }
        for vc in chain.reversed() {
            vc.activeTransition?.abandon()
            vc.activeTransition = nil
            ViewController.tearDown(vc)
        }
        old.beginAppearanceTransition(false, animated: false)
        if let view = old.viewIfLoaded, view.superview === self { view.removeFromSuperview() }
        old.endAppearanceTransition()
    }
}

extension Window {
    /// Called as the window goes away: the controllers presented in it let go of each other
    /// without appearance calls (nothing is on screen any more). A presented controller and its
    /// presentation controller refer to each other until the dismissal ends, and a transition's
    /// context and a zoom's driver hold both controllers while it runs; left alone, a window
    /// dropped with a presentation on screen or in flight would keep its root controller and
    /// every presented one alive (found by the scene decoder's fuzz target).
    func releasePresentations() {
        var node = rootViewController
        while let presenter = node, let presented = presenter.presentedViewController {
            presented.activeTransition?.abandon()
            presented.activeTransition = nil
            presented.preferredTransition?.engine.presentationDidDetach()
            if let pc = presented.presentationController {
                pc.containerView = nil
                pc.presenterHome = nil
            }
            presented.presentationController = nil
            presented.isBeingPresented = false
            presented.isBeingDismissed = false
            presenter.presentedViewController = nil
            node = presented
        }
    }
}
