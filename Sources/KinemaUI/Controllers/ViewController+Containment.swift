extension ViewController {
    /// Adds `child` as a child of this controller, first removing it from its old parent. Calls
    /// `child.willMove(toParent: self)`; add the child's view to yours and then call
    /// `child.didMove(toParent: self)` yourself, as in UIKit. Ignored (UIKit raises an exception)
    /// when `child` is this controller, one of its ancestors, or a presented controller. Mirrors
    /// `UIViewController.addChild(_:)`.
    public func addChild(_ child: ViewController) {
        guard child !== self, child.parent !== self, !isDescendant(of: child), child.presentationController == nil else { return }
        if child.parent != nil {
            child.willMove(toParent: nil)
            child.removeFromParent()
        }
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }

    /// Removes the controller from its parent and calls `didMove(toParent: nil)`. Call
    /// `willMove(toParent: nil)` and remove the view yourself first, as in UIKit. Does nothing
    /// without a parent. Mirrors `UIViewController.removeFromParent()`.
    public func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
    }

    /// Whether this controller is `controller` or one of its descendants.
    func isDescendant(of controller: ViewController) -> Bool {
        var node: ViewController? = self
        while let c = node {
            if c === controller { return true }
            node = c.parent
        }
        return false
    }

    /// The outermost container of this controller (itself when it has no parent).
    var rootAncestor: ViewController {
        var node = self
        while let p = node.parent { node = p }
        return node
    }
}
