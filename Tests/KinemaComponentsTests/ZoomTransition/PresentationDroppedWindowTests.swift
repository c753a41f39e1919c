import KinemaGeometry
import Testing
import UITestSupport

@testable import KinemaComponents
@testable import KinemaUI

/// A window that goes away with a controller presented, or with a presentation or dismissal in
/// flight, frees everything: a presented controller and its presentation controller refer to
/// each other until the dismissal ends, and a transition's context and a zoom's driver hold the
/// controllers while it runs (found by the scene decoder's fuzz target: a scene dropped part way
/// through a zoom kept its detail controller, the zoom's driver and a touch).
@Suite struct PresentationDroppedWindowTests {
    struct Watched {
        weak var window: Window?
        weak var root: ViewController?
        weak var presented: ViewController?
        weak var presentationController: PresentationController?
        weak var transition: ViewController.Transition?
        weak var touch: Touch?

        var survivors: [String] {
            let all: [(String, AnyObject?)] = [
                ("window", window), ("root", root), ("presented", presented),
                ("presentationController", presentationController), ("transition", transition), ("touch", touch),
            ]
            return all.filter { $0.1 != nil }.map(\.0)
        }
    }

    /// A root presenting a plain controller (cover vertical, 0.5 s), the window dropped at `t`:
    /// before the end of the presentation, after it, and part way through a dismissal.
    @Test(arguments: [0.1, 0.4, 2.0, 2.2])
    func aPlainPresentationIsFreed(droppedAt t: Double) {
        var watched = Watched()
        do {
            let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
            let root = ViewController()
            window.rootViewController = root
            window.makeKeyAndVisible()
            window.advance(to: 0)
            let presented = ViewController()
            root.present(presented, animated: true)
            watched = Watched(
                window: window, root: root, presented: presented, presentationController: presented.presentationController)
            window.advance(to: min(t, 2))
            if t > 2 {
                presented.dismiss(animated: true)
                window.advance(to: t)
                #expect(presented.isBeingDismissed)
            }
        }
        #expect(watched.survivors == [])
    }

    /// A zoom presented from a grid cell, the window dropped mid-flight, at rest, and with a
    /// finger down dragging the detail.
    @Test(arguments: [0.1, 1.0, 1.3])
    func aZoomIsFreed(droppedAt t: Double) {
        var watched = Watched()
        do {
            let zoom = ZoomScene.make(settle: false)
            let window = zoom.window
            watched = Watched(
                window: window, root: zoom.grid, presented: zoom.detail, presentationController: zoom.detail.presentationController,
                transition: zoom.transition)
            window.advance(to: min(t, 1))
            if t > 1 {
                window.advance(to: 1.2)
                window.down(1, 187.5, 300, at: 1.2)
                window.move(1, 187.5, 340, at: t)
                window.advance(to: t)
                watched.touch = window.activeTouches[1]
                #expect(watched.touch != nil)
            }
        }
        #expect(watched.survivors == [])
    }
}
