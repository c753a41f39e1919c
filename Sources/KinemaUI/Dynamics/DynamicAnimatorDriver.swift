/// Advances a dynamic animator once per frame on its reference view's window, following the
/// reference view into a window, between windows and out of one.
///
/// Ownership (no cycles): the animator owns its ``ViewReferenceSpace``, which owns the driver;
/// while the reference view is in a window, the window owns a ``DisplayLink`` whose handler owns
/// the driver. The driver holds the animator, the link and the reference view weakly, and views
/// hold it weakly as an ``AncestryObserver``. When the animator is deallocated, the next frame finds it
/// gone and invalidates the link, so nothing ticks any more.
final class DynamicAnimatorDriver: AncestryObserver {
    /// Advances the animator to a media time, seconds; `false` when the animator no longer exists.
    private let advance: (Double) -> Bool
    private weak var referenceView: View?
    /// The views the driver observes: the reference view and its ancestors, bottom up.
    private var observedViews: [ObservedView] = []
    private weak var link: DisplayLink?
    private weak var linkedWindow: Window?

    /// A driver calling `advance` with each frame's time on `referenceView`'s window.
    init(referenceView: View, advance: @escaping (Double) -> Bool) {
        self.referenceView = referenceView
        self.advance = advance
        update()
    }

    /// The window the driver ticks on, if any.
    var window: Window? { link == nil ? nil : linkedWindow }

    func ancestryDidChange(of view: View) {
        update()
    }

    /// Observes the reference view's current ancestors and moves the display link to its
    /// current window.
    private func update() {
        for entry in observedViews { entry.view?.removeAncestryObserver(self) }
        observedViews.removeAll()
        var node = referenceView
        while let view = node {
            view.addAncestryObserver(self)
            observedViews.append(ObservedView(view: view))
            node = view.superview
        }
        let window = referenceView?.window
        guard window !== linkedWindow || (window != nil && link == nil) else { return }
        stop()
        guard let window else { return }
        let link = DisplayLink { [self] link in self.tick(link) }
        link.add(to: window)
        self.link = link
        linkedWindow = window
    }

    private func tick(_ link: DisplayLink) {
        if !advance(link.timestamp) {
            stop()
            for entry in observedViews { entry.view?.removeAncestryObserver(self) }
            observedViews.removeAll()
        }
    }

    private func stop() {
        link?.invalidate()
        link = nil
        linkedWindow = nil
    }
}

/// A weak reference to a view the driver observes.
private struct ObservedView {
    weak var view: View?
}
