/// Something told when a view's ``View/superview`` changes: the hook the dynamic animator uses to
/// follow its reference view into (and out of) a window, whichever ancestor is moved.
protocol AncestryObserver: AnyObject {
    /// `view`'s superview has just changed (its window may have too).
    func ancestryDidChange(of view: View)
}

/// A weak reference to an ``AncestryObserver`` (views never keep their observers alive).
struct WeakAncestryObserver {
    weak var observer: (any AncestryObserver)?
}

extension View {
    /// Tells the observers, in the order they were added, that the superview changed; forgets
    /// observers that no longer exist.
    func notifyAncestryObservers() {
        let observers = ancestryObservers
        ancestryObservers.removeAll { $0.observer == nil }
        for entry in observers {
            entry.observer?.ancestryDidChange(of: self)
        }
    }

    /// Adds `observer` (once) to the view's observers.
    func addAncestryObserver(_ observer: any AncestryObserver) {
        guard !ancestryObservers.contains(where: { $0.observer === observer }) else { return }
        ancestryObservers.append(WeakAncestryObserver(observer: observer))
    }

    /// Removes `observer` (and forgets observers that no longer exist).
    func removeAncestryObserver(_ observer: any AncestryObserver) {
        ancestryObservers.removeAll { $0.observer == nil || $0.observer === observer }
    }
}
