import KinemaGeometry
import TestSupport
import Testing
import UITestSupport

@testable import KinemaComponents
@testable import KinemaUI

/// Acceptance test 19 of the zoom transition: who gets a drag on a zoomable, pageable detail.
///
/// Kinema has no scroll view yet. The zoomable content stands in for one: a view with a
/// `zoomScale` and a pan recognizer that scrolls it (moves its bounds origin) only while zoomed in,
/// as a zoomed-in `UIScrollView` pans and one at its minimum scale with content that fits does
/// not. The pager is a pan recognizer on the detail's view that takes horizontal drags only. The
/// options ask, as Apple's WWDC24 example does, `willBegin && zoomScale == 1`.
@Suite struct ZoomTransitionArbitrationTests {
    /// Pans that begin only when `allow` says so.
    final class Gate: GestureRecognizerDelegate {
        let allow: (GestureRecognizer) -> Bool
        init(_ allow: @escaping (GestureRecognizer) -> Bool) { self.allow = allow }
        func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { allow(gestureRecognizer) }
    }

    final class Zoomable {
        let content: View
        var zoomScale = 1.0
        var pages = 0
        let contentPan = PanGestureRecognizer()
        let pager = PanGestureRecognizer()
        let pinch = PanGestureRecognizer()
        var gates: [Gate] = []

        init(detail: ZoomDetailController) {
            content = detail.photo
            content.isUserInteractionEnabled = true
            gates = [
                Gate { [unowned self] _ in self.zoomScale > 1 },
                Gate { r in
                    let v = (r as? PanGestureRecognizer)?.velocity(in: nil) ?? .zero
                    return abs(v.x) > abs(v.y)
                },
            ]
            contentPan.delegate = gates[0]
            contentPan.addTarget { [unowned self] (pan: PanGestureRecognizer) in
                let t = pan.translation(in: self.content)
                self.content.bounds.origin = Point(x: -t.x, y: -t.y)
            }
            content.addGestureRecognizer(contentPan)
            pager.delegate = gates[1]
            pager.addTarget { [unowned self] (pan: PanGestureRecognizer) in if pan.state == .ended { self.pages += 1 } }
            detail.view.addGestureRecognizer(pager)
            // A two-finger gesture on the content (a pinch's stand-in) that would write its transform.
            pinch.minimumNumberOfTouches = 2
            pinch.addTarget { [unowned self] (pan: PanGestureRecognizer) in
                self.content.transform = AffineTransform(translationX: 1, y: 1)
            }
            content.addGestureRecognizer(pinch)
        }
    }

    func make() -> (ZoomScene, Zoomable) {
        var zoomable: Zoomable?
        let scene = ZoomScene.make(configure: { options in
            options.interactiveDismissShouldBegin = { context in context.willBegin && (zoomable?.zoomScale ?? 1) == 1 }
        })
        zoomable = Zoomable(detail: scene.detail)
        return (scene, zoomable!)
    }

    /// Drags finger 1 from `from` by `by` in 10 steps of 1/60 s from `start`, lifting (still
    /// moving) one more step on when `lift`.
    func drag(_ w: Window, from: Point, by: Point, start: Double, lift: Bool = true) {
        w.down(1, from.x, from.y, at: start)
        for i in 1...10 {
            let f = Double(i) / 10
            w.move(1, from.x + by.x * f, from.y + by.y * f, at: start + Double(i) / 60)
        }
        if lift { w.up(1, from.x + by.x * 1.1, from.y + by.y * 1.1, at: start + 11.0 / 60) }
    }

    /// Test 19: at zoom scale 1 a vertical drag dismisses; at 2 it scrolls the content and never
    /// dismisses; a horizontal drag goes to the pager.
    @Test func test19VerticalHorizontalAndZoomed() {
        let (scene, zoomable) = make()
        drag(scene.window, from: Point(x: 187.5, y: 300), by: Point(x: 20, y: 80), start: 1, lift: false)
        #expect(scene.transition.state == .dragging)
        #expect(zoomable.content.bounds.origin == .zero)
        scene.window.up(1, 209.5, 388, at: 1 + 11.0 / 60)
        scene.window.advance(to: 2)
        #expect(scene.grid.presentedViewController == nil)

        let (zoomed, z2) = make()
        z2.zoomScale = 2
        drag(zoomed.window, from: Point(x: 187.5, y: 300), by: Point(x: 20, y: 80), start: 1)
        zoomed.window.advance(to: 2)
        #expect(zoomed.transition.state == .presented)
        #expect(zoomed.grid.presentedViewController === zoomed.detail)
        #expect(z2.content.bounds.origin != .zero)

        let (paged, z3) = make()
        drag(paged.window, from: Point(x: 187.5, y: 300), by: Point(x: 120, y: 10), start: 1)
        paged.window.advance(to: 2)
        #expect(z3.pages == 1)
        #expect(paged.transition.state == .presented)
    }

    /// Test 19: a second finger during the dismissal never makes a second handler write the
    /// content: the dismissal follows the first finger and ignores the second.
    @Test func test19SecondFingerHasNoSecondOwner() throws {
        let (scene, zoomable) = make()
        let w = scene.window
        drag(w, from: Point(x: 187.5, y: 300), by: Point(x: 0, y: 60), start: 1, lift: false)
        let before = try #require(scene.center(at: w.currentTime))
        w.down(2, before.x + 20, before.y + 20, at: 1.3)
        for i in 1...6 { w.move(2, before.x + 20 + 10 * Double(i), before.y + 20 + 10 * Double(i), at: 1.3 + Double(i) / 60) }
        let during = try #require(scene.center(at: w.currentTime))
        #expect(during.distance(to: before) < 1e-9)
        #expect(zoomable.content.transform == .identity)
        #expect(scene.transition.state == .dragging)
        w.up(2, before.x + 80, before.y + 80, at: 1.5)
        w.move(1, 187.5, 400, at: 1.55)
        let after = try #require(scene.center(at: w.currentTime))
        #expect(isClose(after.y - before.y, 40, 1e-6))
        w.up(1, 187.5, 400, at: 1.6)
        w.advance(to: 3)
        #expect(scene.grid.presentedViewController == nil)
        #expect(zoomable.content.transform == .identity)
    }
}
