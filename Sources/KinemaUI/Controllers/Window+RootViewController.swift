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
