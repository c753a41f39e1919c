import KinemaGeometry
import KinemaTiming
import TestSupport
import Testing
import UITestSupport

@testable import KinemaComponents
@testable import KinemaUI

/// Acceptance tests 1 to 4 of the zoom transition: the presentation's geometry, the slop, the
/// drag's mapping and the scale floor.
@Suite struct ZoomTransitionGeometryTests {
    /// Test 1: at 0.10 s of the 0.2 s ease-out presentation the frame is (0, 62.80, 281.97, 410.34)
    /// with the aspect-fill crop (visible height 0.9702); at 0.2 s it is D, and the backdrop rose
    /// without a 60 Hz step above 0.25.
    @Test func test01PresentGeometry() throws {
        let scene = ZoomScene.make(settle: false)
        #expect(scene.transition.state == .presenting)
        let mid = scene.shown(at: 0.1)
        let frame = try #require(mid.imageFrame)
        #expect(edgeError(frame, Rect(x: 0, y: 62.80, width: 281.97, height: 410.34)) <= 0.5, "\(frame)")
        let crop = try #require(mid.crop)
        #expect(isClose(crop.height, 0.9702, 0.002) && isClose(crop.width, 1, 1e-9))
        #expect(isClose(crop.midY, 0.5, 1e-9))

        let fresh = ZoomScene.make(settle: false)
        var alphas = [fresh.transition.inspection(at: 0).backgroundAlpha]
        for frame in 1...12 { alphas.append(fresh.shown(at: Double(frame) / 60).backgroundAlpha) }
        #expect(alphas.first == 0 && alphas.last == 1)
        for (a, b) in zip(alphas, alphas.dropFirst()) { #expect(b >= a && b - a <= 0.25, "\(alphas)") }
        #expect(fresh.transition.state == .presented)
        #expect(isClose(fresh.detail.photo.convert(fresh.detail.photo.bounds, to: nil), ZoomStageGeometry.detail, 1e-9))
        #expect(fresh.detail.view.transform == .identity && fresh.detail.view.layer.mask == nil)
    }

    /// Test 2: 8 pt of motion is a tap (nothing moves, nothing dismisses); a drag begins at the
    /// slop without jumping by it.
    @Test func test02SlopAndNoJump() throws {
        let scene = ZoomScene.make()
        let w = scene.window
        w.down(1, 187.5, 400, at: 1)
        for i in 1...4 { w.move(1, 187.5, 400 + 2 * Double(i), at: 1 + Double(i) / 120) }
        w.up(1, 187.5, 408, at: 1.05)
        w.advance(to: 1.5)
        #expect(scene.transition.state == .presented)
        #expect(scene.detail.view.transform == .identity)
        #expect(scene.grid.presentedViewController === scene.detail)

        w.down(1, 187.5, 400, at: 2)
        var recognizedAt: Double?
        for i in 1...10 {
            let y = 400 + 3 * Double(i)
            w.move(1, 187.5, y, at: 2 + Double(i) / 120)
            guard scene.transition.state == .dragging else { continue }
            let start = recognizedAt ?? y
            recognizedAt = start
            let center = try #require(scene.center(at: w.currentTime))
            let moved = center.distance(to: ZoomStageGeometry.detailCenter)
            #expect(moved <= 1 + (y - start), "finger \(y - start) pt past recognition, image \(moved) pt")
        }
        #expect(recognizedAt == 412)
    }

    /// Test 3: drag (10, 100) → scale 0.8501; centre scaling puts the centre at (197.5, 443.5);
    /// touch anchoring keeps the touched point (200 pt below the centre) under the finger.
    @Test func test03DragMapping() throws {
        let centred = ZoomScene.make(scaling: .center)
        drag(centred.window, from: Point(x: 150, y: 300), by: Point(x: 10, y: 100))
        let frame = try #require(centred.transition.inspection(at: centred.window.currentTime).imageFrame)
        #expect(isClose(frame.width / 375, 0.8501, 0.0005))
        #expect(isClose(Point(x: frame.midX, y: frame.midY), Point(x: 197.5, y: 443.5), 0.5))

        for scaling in [ViewController.Transition.ZoomOptions.Scaling.touch, .center] {
            let scene = ZoomScene.make(scaling: scaling)
            // Recognized 200 pt below the centre (the down is 12 pt above).
            let p0 = Point(x: 187.5, y: 543.5)
            let unit = Point(x: (p0.x - 0) / 375, y: (p0.y - 62.25) / 562.5)
            let finger = drag(scene.window, from: Point(x: p0.x, y: p0.y - 12), by: Point(x: 10, y: 100))
            let f = try #require(scene.transition.inspection(at: scene.window.currentTime).imageFrame)
            let touched = Point(x: f.minX + unit.x * f.width, y: f.minY + unit.y * f.height)
            if scaling == .touch {
                #expect(touched.distance(to: finger) <= 1)
            } else {
                #expect(isClose(touched.distance(to: finger), 0.15 * 200, 0.1))  // the sample's drift
            }
        }
    }

    /// Test 4: an 800 pt drag on the 667 pt container never goes below the floor, negative or NaN,
    /// and the scale falls monotonically.
    @Test func test04ScaleFloor() throws {
        let scene = ZoomScene.make()
        let w = scene.window
        w.down(1, 187.5, 100, at: 1)
        w.move(1, 187.5, 112, at: 1 + 1.0 / 120)
        var previous = 1.0
        for i in 1...160 {
            w.move(1, 187.5, 112 + 5 * Double(i), at: 1 + Double(i + 1) / 120)
            let frame = try #require(scene.transition.inspection(at: w.currentTime).imageFrame)
            let scale = frame.width / 375
            #expect(scale.isFinite && scale >= 0.3 && scale <= previous + 1e-12)
            previous = scale
        }
        #expect(previous < 0.45)
    }

    /// Moves one finger from `from` (down at t = 1) 12 pt down, then by `by` more in 20 steps,
    /// without lifting; returns where the finger is.
    @discardableResult
    func drag(_ w: Window, from: Point, by: Point) -> Point {
        w.down(1, from.x, from.y, at: 1)
        w.move(1, from.x, from.y + 12, at: 1 + 1.0 / 120)
        var p = from
        for i in 1...20 {
            let f = Double(i) / 20
            p = Point(x: from.x + by.x * f, y: from.y + 12 + by.y * f)
            w.move(1, p.x, p.y, at: 1 + Double(i + 1) / 120)
        }
        return p
    }
}
