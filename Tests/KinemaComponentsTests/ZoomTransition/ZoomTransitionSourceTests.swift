import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaLayers
import KinemaRender
import TestSupport
import Testing
import UITestSupport

@testable import KinemaComponents
@testable import KinemaUI

/// Acceptance tests 17 and 18 of the zoom transition: the source view (asked for again, hidden
/// until the dismissal completes, missing), and the presenting screen revealed behind the drag.
///
/// Kinema has no scroll view yet: scrolling the grid stands for moving its content view's bounds
/// origin, which is what a scroll view's content offset is.
@Suite struct ZoomTransitionSourceTests {
    /// A dismissing drag: (10, 100) from D's centre, lifted at (50, 1500) pt/s.
    func dismiss(_ scene: ZoomScene, start: Double = 1) -> Double {
        let c = ZoomStageGeometry.detailCenter
        return scene.window.zoomDrag(
            from: Point(x: c.x, y: c.y - 12), translation: Point(x: 10, y: 100), velocity: Vector(dx: 50, dy: 1500), start: start)
    }

    /// The last frame shown before the zoom lands, after `from`.
    func landingFrame(_ scene: ZoomScene, from: Double) -> ZoomTransitionInspection? {
        var last: ZoomTransitionInspection?
        for frame in 1...120 {
            let shown = scene.shown(at: from + Double(frame) / 60)
            guard shown.imageFrame != nil else { break }
            last = shown
        }
        return last
    }

    /// Test 17: the source is asked for when the dismissal starts and again on the way; the grid
    /// scrolled by 100 pt while the detail is shown makes the image land on (0, −36, 80, 80).
    @Test func test17SourceAskedAgainAfterScrolling() throws {
        let scene = ZoomScene.make()
        #expect(scene.providerCalls.value == 1)
        scene.grid.scroll(by: 100)
        let lift = dismiss(scene)
        #expect(scene.providerCalls.value == 3)  // at the dismissal's start, and at the release
        let last = try #require(landingFrame(scene, from: lift)?.imageFrame)
        #expect(edgeError(last, Rect(x: 0, y: -36, width: 80, height: 80)) <= 0.5, "\(last)")
        #expect(scene.grid.presentedViewController == nil)
    }

    /// The flight follows its source while the grid scrolls under it, keeping its momentum.
    @Test func test17FlightFollowsAScrollingSource() throws {
        let scene = ZoomScene.make()
        let lift = dismiss(scene)
        _ = scene.shown(at: lift + 0.1)
        scene.grid.scroll(by: -50)
        let last = try #require(landingFrame(scene, from: lift + 0.1)?.imageFrame)
        #expect(edgeError(last, Rect(x: 0, y: 114, width: 80, height: 80)) <= 0.5, "\(last)")
    }

    /// A cell reused for the photo while it flies (the provider returns another view): the flight
    /// goes to the new cell, the old one shows again at once, the new one when the zoom lands.
    @Test func test17ReusedCellMidFlight() throws {
        final class Pick { var index = 0 }
        let pick = Pick()
        let scene = ZoomScene.make(source: { grid in grid.cells[pick.index] })
        let lift = dismiss(scene)
        _ = scene.shown(at: lift + 0.1)
        pick.index = 1
        let calls = scene.providerCalls.value
        _ = scene.shown(at: lift + 0.1 + 1.0 / 60)
        #expect(scene.providerCalls.value > calls)
        #expect(!scene.grid.cells[0].isHidden && scene.grid.cells[1].isHidden)
        let last = try #require(landingFrame(scene, from: lift + 0.1 + 1.0 / 60)?.imageFrame)
        #expect(edgeError(last, scene.grid.cells[1].frame) <= 0.5, "\(last)")
        #expect(!scene.grid.cells[1].isHidden)
        #expect(scene.transition.driver.source.restoreCount == 2)  // once per view hidden
    }

    /// Test 17: the source is hidden from the start of the presentation until the dismissal
    /// completes, through a cancelled drag, and shown again exactly once.
    @Test func test17SourceHiddenUntilTheDismissalCompletes() throws {
        let scene = ZoomScene.make(settle: false)
        let cell = scene.grid.cells[0]
        #expect(cell.isHidden)
        scene.window.advance(to: 0.2)
        #expect(cell.isHidden)
        let cancelled = scene.window.zoomDrag(from: Point(x: 187.5, y: 300), translation: Point(x: 0, y: 20), velocity: .zero, start: 1)
        #expect(cell.isHidden)
        scene.window.advance(to: cancelled + 1)
        #expect(cell.isHidden && scene.transition.state == .presented)
        let lift = dismiss(scene, start: cancelled + 2)
        #expect(cell.isHidden)
        scene.window.advance(to: lift + 0.3)
        #expect(cell.isHidden)
        scene.window.advance(to: lift + 1)
        #expect(!cell.isHidden)
        #expect(scene.transition.driver.source.restoreCount == 1)
        #expect(scene.grid.presentedViewController == nil)
    }

    /// Test 17: with no source (the provider returns nil, or the cell scrolled off screen), the
    /// image shrinks and fades towards the container's centre and the dismissal still completes.
    @Test(arguments: ["nil", "off screen", "removed"])
    func test17MissingSource(_ how: String) throws {
        final class Flag { var gone = false }
        let flag = Flag()
        let scene = ZoomScene.make(source: { grid in flag.gone && how == "nil" ? nil : grid.cells[0] })
        flag.gone = true
        if how == "off screen" { scene.grid.scroll(by: 1000) }
        if how == "removed" { scene.grid.cells[0].removeFromSuperview() }
        let lift = dismiss(scene)
        #expect(scene.transition.state == .dismissing)
        let last = try #require(landingFrame(scene, from: lift))
        let frame = try #require(last.imageFrame)
        #expect(Point(x: frame.midX, y: frame.midY).distance(to: Point(x: 187.5, y: 333.5)) <= 0.5)
        #expect(isClose(frame.width, 375 * 0.5, 0.5))
        #expect(last.contentAlpha <= 0.01)
        #expect(scene.transition.state == .idle)
        #expect(scene.grid.presentedViewController == nil)
    }

    /// Test 18: during the drag the grid is rendered behind the image through the backdrop, whose
    /// opacity is clamp(1 − progress/0.4, 0, 1) and falls monotonically with the drag; at release
    /// and at a catch it changes by at most 0.1 per 60 Hz frame.
    @Test func test18RevealAndDimming() throws {
        let scene = ZoomScene.make()
        let w = scene.window
        w.down(1, 187.5, 300, at: 1)
        w.move(1, 187.5, 312, at: 1 + 1.0 / 120)
        var previous = 1.0
        for i in 1...30 {
            let t = 1 + Double(i + 1) / 120
            w.move(1, 187.5, 312 + 4 * Double(i), at: t)
            let alpha = scene.transition.inspection(at: t).backgroundAlpha
            let progress = 4 * Double(i) / 667
            #expect(isClose(alpha, min(max(1 - progress / 0.4, 0), 1), 1e-9))
            #expect(alpha <= previous)
            previous = alpha
        }
        // The grid is back in the window, under the zoom, and shows through the backdrop.
        #expect(scene.grid.view.window === w)
        let t = w.currentTime
        let bitmap = try Renderer().render(w.layer.renderTree(at: t), size: w.bounds.size, scale: 1)
        let a = previous
        let grey = 0.2 * (1 - a) + a
        #expect(isClose(bitmap.color(x: 370, y: 30), Color(red: grey, green: grey, blue: grey), 0.02))
        let green = Color(red: a, green: 0.6 * (1 - a) + a, blue: a)
        #expect(isClose(bitmap.color(x: 138, y: 104), green, 0.02))
        // The photo (orange) shows where the image is.
        let f = try #require(scene.transition.inspection(at: t).imageFrame)
        #expect(isClose(bitmap.color(x: Int(f.midX), y: Int(f.midY)), Color(red: 1, green: 0.5, blue: 0), 0.02))

        // At release (a flick down) and at a catch, at most 0.1 per frame.
        w.move(1, 187.5, 312 + 120 + 25, at: t + 1.0 / 60)
        w.up(1, 187.5, 312 + 120 + 50, at: t + 2.0 / 60)
        let lift = t + 2.0 / 60
        var alphas = [scene.transition.inspection(at: lift).backgroundAlpha]
        for frame in 1...6 { alphas.append(scene.shown(at: lift + Double(frame) / 60).backgroundAlpha) }
        let catchTime = lift + 6.0 / 60
        let where_ = try #require(scene.transition.inspection(at: catchTime).imageFrame)
        w.down(1, where_.midX, where_.midY, at: catchTime)
        #expect(scene.transition.state == .dragging)
        for frame in 0...3 { alphas.append(scene.shown(at: catchTime + Double(frame) / 60).backgroundAlpha) }
        for (x, y) in zip(alphas, alphas.dropFirst()) { #expect(abs(y - x) <= 0.1, "\(alphas)") }
    }
}
