import KinemaGeometry
import KinemaLayers

extension View {
    /// The window the view is in, or `nil`. Mirrors `UIView.window`.
    public var window: Window? {
        var node: View? = self
        while let v = node {
            if let w = v as? Window { return w }
            node = v.superview
        }
        return nil
    }

    /// Adds `view` in front of the other subviews, moving it from its old superview. Adding a
    /// view to itself or to one of its own subviews does nothing (UIKit raises an exception).
    /// Mirrors `UIView.addSubview(_:)`.
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` in ``subviews`` (clamped to the valid range). Mirrors
    /// `UIView.insertSubview(_:at:)`.
    public func insertSubview(_ view: View, at index: Int) {
        guard view !== self, !isDescendant(of: view) else { return }
        guard layer.canHold(view.layer) else {
            layer.report(LayerHierarchyError.tooDeep(limit: Layer.maximumDepth).description + "; the view was not added")
            return
        }
        let oldWindow = view.window
        let newWindow = window
        if view.superview !== self { view.willMove(toSuperview: self) }
        if oldWindow !== newWindow { view.propagateWillMove(toWindow: newWindow) }
        let wasHere = view.superview === self
        var carriesAutoLayout = view.layoutState?.engine != nil
        view.layoutState?.engine = nil
        if let old = view.superview, old !== self {
            carriesAutoLayout = view.layoutWillLeave(old) || carriesAutoLayout
            old.willRemoveSubview(view)
            old.removeFromSubviews(view)
        }
        removeFromSubviews(view)
        let i = min(max(index, 0), subviews.count)
        // The layer goes below the layer of the subview that will follow it, or on top.
        if i < subviews.count {
            try? layer.insertSublayer(view.layer, below: subviews[i].layer)
        } else {
            view.layer.removeFromSuperlayer()
            try? layer.addSublayer(view.layer)
        }
        subviews.insert(view, at: i)
        view.subviewIndexHint = i
        view.superview = self
        if !wasHere { view.didMoveToSuperview() }
        if oldWindow !== newWindow { view.propagateDidMoveToWindow() }
        if carriesAutoLayout { layoutRoot.makeLayoutEngine().reset() }
        didAddSubview(view)
        setNeedsLayout()
    }

    /// Inserts `view` just above `sibling` (or on top when `sibling` is not a subview). Mirrors
    /// `UIView.insertSubview(_:aboveSubview:)`.
    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        let index = indexOfSubview(sibling).map { $0 + 1 } ?? subviews.count
        let adjusted = indexOfSubview(view).map { $0 < index ? index - 1 : index } ?? index
        insertSubview(view, at: adjusted)
    }

    /// Inserts `view` just below `sibling` (or at the back when `sibling` is not a subview).
    /// Mirrors `UIView.insertSubview(_:belowSubview:)`.
    public func insertSubview(_ view: View, belowSubview sibling: View) {
        let index = indexOfSubview(sibling) ?? 0
        let adjusted = indexOfSubview(view).map { $0 < index ? index - 1 : index } ?? index
        insertSubview(view, at: adjusted)
    }

    /// Moves a subview in front of its siblings. Mirrors `UIView.bringSubviewToFront(_:)`.
    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    /// Moves a subview behind its siblings. Mirrors `UIView.sendSubviewToBack(_:)`.
    public func sendSubviewToBack(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// Swaps the subviews at two indices (ignored when either is out of range). Mirrors
    /// `UIView.exchangeSubview(at:withSubviewAt:)`.
    public func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard subviews.indices.contains(index1), subviews.indices.contains(index2), index1 != index2 else { return }
        let (a, b) = (subviews[index1], subviews[index2])
        let (lo, hi) = index1 < index2 ? (a, b) : (b, a)
        let (loIndex, hiIndex) = (min(index1, index2), max(index1, index2))
        insertSubview(hi, at: loIndex)
        insertSubview(lo, at: hiIndex)
    }

    /// Removes the view from its superview (and its layer from the superview's layer). Mirrors
    /// `UIView.removeFromSuperview()`.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        let oldWindow = window
        willMove(toSuperview: nil)
        if oldWindow != nil { propagateWillMove(toWindow: nil) }
        let carriesAutoLayout = layoutWillLeave(parent)
        parent.willRemoveSubview(self)
        parent.removeFromSubviews(self)
        superview = nil
        layer.removeFromSuperlayer()
        if carriesAutoLayout { makeLayoutEngine().reset() }
        didMoveToSuperview()
        if oldWindow != nil { propagateDidMoveToWindow() }
        parent.setNeedsLayout()
    }

    /// Where `view` is in ``subviews``, or `nil` when it is not a subview: where it was last
    /// placed or found unless siblings before it came or went since (`SiblingSearch`), so that
    /// adding n views compares O(n) views, where scanning ``subviews`` on every insertion
    /// compared O(n²) (20,000 views under one window took 40 s to build).
    package func indexOfSubview(_ view: View) -> Int? {
        guard view.superview === self else { return nil }
        return SiblingSearch.find(view, in: subviews, hint: \.subviewIndexHint, steps: &subviewSearchSteps)
    }

    /// Takes `view` out of ``subviews`` when it is there (its superview is this view); nothing
    /// else.
    private func removeFromSubviews(_ view: View) {
        if let i = indexOfSubview(view) { subviews.remove(at: i) }
    }

    /// Whether the view is `view` or inside it. Mirrors `UIView.isDescendant(of:)`.
    public func isDescendant(of view: View) -> Bool {
        var node: View? = self
        while let v = node {
            if v === view { return true }
            node = v.superview
        }
        return false
    }

    /// The view and every view below it, depth first, back to front.
    public var subtree: [View] {
        var result: [View] = [self]
        var i = 0
        while i < result.count {
            result.append(contentsOf: result[i].subviews)
            i += 1
        }
        return result
    }

    private func propagateWillMove(toWindow window: Window?) {
        willMove(toWindow: window)
        for sub in subviews { sub.propagateWillMove(toWindow: window) }
    }

    private func propagateDidMoveToWindow() {
        didMoveToWindow()
        for sub in subviews { sub.propagateDidMoveToWindow() }
    }
}
