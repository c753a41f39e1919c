import KinemaGeometry
import KinemaGraphics
import KinemaLayers
import KinemaRender
import TestSupport
import Testing
import UITestSupport

@testable import KinemaComponents
@testable import KinemaUI

/// A 320×480 window with a red "button" at `target` under a full-window dimming view whose
/// cutout reveals the button with padding 8 and radius 8.
final class DimmingScene {
    static let target = Rect(x: 60, y: 80, width: 100, height: 40)
    static let red = Color(red: 1, green: 0, blue: 0)
    /// White behind black at alpha 0.6.
    static let dimmedWhite = Color(white: 0.4)

    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480), scale: 1)
    let button = View(frame: DimmingScene.target)
    let dimming: DimmingView
    var outsideTaps: [Point] = []
    var cutoutTaps: [Point] = []

    init() {
        button.backgroundColor = Self.red
        window.addSubview(button)
        dimming = DimmingView(frame: window.bounds)
        dimming.cutoutTargetRect = Self.target
        dimming.tapOutsideHandler = { [unowned self] in self.outsideTaps.append($0) }
        dimming.tapCutoutHandler = { [unowned self] in self.cutoutTaps.append($0) }
        window.addSubview(dimming)
        window.makeKeyAndVisible()
        window.advance(to: 0)
    }

    func render(at t: Double) throws -> Bitmap {
        window.advance(to: t)
        return try Renderer().render(window.layer.renderTree(at: t), size: window.bounds.size, scale: 1, background: .white)
    }

    func tap(_ p: Point, at t: Double, id: Int = 1) {
        window.send(TouchInput(identifier: id, phase: .began, location: p, timestamp: t))
        window.send(TouchInput(identifier: id, phase: .ended, location: p, timestamp: t + 0.05))
    }
}

/// A probe: the pixel whose centre is at (x + 0.5, y + 0.5) and the colour expected there.
struct PixelProbe: CustomTestStringConvertible, Sendable {
    let name: String
    let x: Int
    let y: Int
    let expected: Color
    var testDescription: String { name }
}

/// Invariant 21 of docs/popover-notes.md: the overlay is clear inside the cutout and dims outside
/// it.
@Suite("Dimming view: cutout overlay (invariant 21)")
struct DimmingViewTests {
    /// One channel step of 8-bit output, plus rounding.
    static let pixelTolerance = 1.5 / 255

    static let probes: [PixelProbe] = [
        PixelProbe(name: "target centre shows the button", x: 110, y: 100, expected: DimmingScene.red),
        PixelProbe(name: "padding ring left of the target is clear", x: 54, y: 100, expected: .white),
        PixelProbe(name: "padding ring below the target is clear", x: 110, y: 126, expected: .white),
        PixelProbe(name: "outside the rounded corner is dimmed", x: 52, y: 72, expected: DimmingScene.dimmedWhite),
        PixelProbe(name: "just past the padding is dimmed", x: 169, y: 100, expected: DimmingScene.dimmedWhite),
        PixelProbe(name: "far away is dimmed", x: 250, y: 400, expected: DimmingScene.dimmedWhite),
    ]

    @Test(arguments: probes)
    func renderedFrameIsClearInsideTheCutoutAndDimmedOutside(_ probe: PixelProbe) throws {
        let scene = DimmingScene()
        let frame = try scene.render(at: 0)
        let actual = frame.color(x: probe.x, y: probe.y)
        #expect(isClose(actual, probe.expected, Self.pixelTolerance), "\(actual)")
    }

    @Test func theLayerIsAnEvenOddShapeWithThePaddedRoundedCutout() throws {
        let scene = DimmingScene()
        let layer = scene.dimming.shapeLayer
        #expect(layer.fillRule == .evenOdd)
        #expect(layer.fillColor == Color(red: 0, green: 0, blue: 0, alpha: 0.6))
        #expect(scene.dimming.cutoutRect == Rect(x: 52, y: 72, width: 116, height: 56))
        let path = try #require(layer.path)
        #expect(path.contains(Point(x: 250, y: 400), fillRule: .evenOdd))
        #expect(!path.contains(Point(x: 110, y: 100), fillRule: .evenOdd))
        #expect(!path.contains(Point(x: 53, y: 100), fillRule: .evenOdd))
        #expect(path.contains(Point(x: 52.5, y: 72.5), fillRule: .evenOdd), "outside the corner arc")
    }

    @Test func aCustomColourAndNoCutoutDimEverything() throws {
        let scene = DimmingScene()
        scene.dimming.dimmingColor = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
        scene.dimming.cutoutTargetRect = nil
        let frame = try scene.render(at: 0.1)
        #expect(isClose(frame.color(x: 110, y: 100), Color(red: 0.5, green: 0, blue: 0.5), Self.pixelTolerance))
        #expect(isClose(frame.color(x: 250, y: 400), Color(red: 0.5, green: 0.5, blue: 1), Self.pixelTolerance))
    }

    // MARK: Hit testing and taps

    @Test func touchesInsideTheCutoutPassThrough() {
        let scene = DimmingScene()
        #expect(scene.window.hitTest(Point(x: 110, y: 100), with: nil) === scene.button)
        #expect(scene.window.hitTest(Point(x: 54, y: 100), with: nil) === scene.window, "padding: nothing under it but the window")
        #expect(scene.window.hitTest(Point(x: 52.5, y: 72.5), with: nil) === scene.dimming, "outside the corner arc")
        #expect(scene.window.hitTest(Point(x: 250, y: 400), with: nil) === scene.dimming)
    }

    @Test func withoutPassThroughTheOverlayTakesEveryTouch() {
        let scene = DimmingScene()
        scene.dimming.passesTouchesThroughCutout = false
        #expect(scene.window.hitTest(Point(x: 110, y: 100), with: nil) === scene.dimming)
        scene.tap(Point(x: 110, y: 100), at: 1)
        #expect(scene.cutoutTaps == [Point(x: 110, y: 100)])
        #expect(scene.outsideTaps.isEmpty)
    }

    @Test func aTapOutsideIsReportedOnceWithItsLocation() {
        let scene = DimmingScene()
        scene.tap(Point(x: 250, y: 400), at: 1)
        #expect(scene.outsideTaps == [Point(x: 250, y: 400)])
        scene.tap(Point(x: 110, y: 100), at: 2)  // on the button, through the cutout
        #expect(scene.outsideTaps.count == 1)
        #expect(scene.cutoutTaps.isEmpty)
    }

    // MARK: Animation

    @Test func theCutoutAnimatesBetweenTargets() throws {
        let scene = DimmingScene()
        scene.window.advance(to: 1)
        let below = Rect(x: 60, y: 300, width: 100, height: 40)
        scene.dimming.setCutout(around: below, duration: 1, timingFunction: .linear)
        #expect(scene.dimming.cutoutRect == Rect(x: 52, y: 292, width: 116, height: 56), "the model moves at once")
        #expect(scene.dimming.shapeLayer.animation(forKey: DimmingView.cutoutAnimationKey) != nil)

        // Halfway the cutout is at y 182…238 (target y 190).
        let middle = try scene.render(at: 1.5)
        #expect(isClose(middle.color(x: 110, y: 210), .white, Self.pixelTolerance))
        #expect(isClose(middle.color(x: 110, y: 100), Color(red: 0.4, green: 0, blue: 0), Self.pixelTolerance), "the button is dimmed")
        #expect(isClose(middle.color(x: 110, y: 320), DimmingScene.dimmedWhite, Self.pixelTolerance))
        #expect(isClose(cutoutBounds(scene, at: 1.5), Rect(x: 52, y: 182, width: 116, height: 56), 1e-9))

        let end = try scene.render(at: 2.5)
        #expect(isClose(end.color(x: 110, y: 320), .white, Self.pixelTolerance))
        #expect(isClose(end.color(x: 110, y: 210), DimmingScene.dimmedWhite, Self.pixelTolerance))
    }

    @Test func retargetingMidwayStartsFromTheCutoutOnScreen() throws {
        let scene = DimmingScene()
        scene.window.advance(to: 1)
        scene.dimming.setCutout(around: Rect(x: 60, y: 300, width: 100, height: 40), duration: 1, timingFunction: .linear)
        scene.window.advance(to: 1.5)
        let before = cutoutBounds(scene, at: 1.5)
        scene.dimming.setCutout(around: Rect(x: 200, y: 400, width: 40, height: 40), duration: 1, timingFunction: .linear)
        scene.window.advance(to: 1.5)
        #expect(isClose(cutoutBounds(scene, at: 1.5), before, 1e-9), "no jump")
        scene.window.advance(to: 3)
        #expect(isClose(cutoutBounds(scene, at: 3), Rect(x: 192, y: 392, width: 56, height: 56), 1e-9))
    }

    @Test func closingCollapsesOntoTheOldCentre() throws {
        let scene = DimmingScene()
        scene.window.advance(to: 1)
        scene.dimming.setCutout(around: nil, duration: 0.5, timingFunction: .linear)
        #expect(scene.dimming.cutoutRect == nil)
        #expect(isClose(cutoutBounds(scene, at: 1.25), Rect(x: 81, y: 86, width: 58, height: 28), 1e-9))
        let end = try scene.render(at: 2)
        #expect(isClose(end.color(x: 110, y: 100), Color(red: 0.4, green: 0, blue: 0), Self.pixelTolerance))
    }

    @Test func aResizeRebuildsTheDimmedArea() throws {
        let scene = DimmingScene()
        scene.window.frame = Rect(x: 0, y: 0, width: 320, height: 600)
        scene.dimming.frame = scene.window.bounds
        scene.window.advance(to: 0.1)  // the path follows the bounds at the next layout pass
        let frame = try Renderer().render(
            scene.window.layer.renderTree(at: 0.1), size: Size(width: 320, height: 600), scale: 1, background: .white)
        #expect(isClose(frame.color(x: 100, y: 550), DimmingScene.dimmedWhite, Self.pixelTolerance))
    }

    @Test func aViewTargetIsConvertedIntoTheOverlaysCoordinates() {
        let scene = DimmingScene()
        let container = View(frame: Rect(x: 30, y: 200, width: 200, height: 200))
        let icon = View(frame: Rect(x: 5, y: 9, width: 20, height: 24))
        scene.window.insertSubview(container, belowSubview: scene.dimming)
        container.addSubview(icon)
        scene.dimming.frame = Rect(x: 0, y: 20, width: 320, height: 460)
        scene.dimming.setCutout(aroundView: icon)
        #expect(scene.dimming.cutoutTargetRect == Rect(x: 35, y: 189, width: 20, height: 24))
        #expect(scene.window.hitTest(Point(x: 45, y: 221), with: nil) === icon)
    }

    @Test func theSameSceneRendersTheSamePixels() throws {
        let a = try DimmingScene().render(at: 0.25)
        let b = try DimmingScene().render(at: 0.25)
        #expect(a.hasSamePixels(as: b))
        #expect(a.contentHash == b.contentHash)
    }

    // MARK: Bad input

    @Test func badValuesAreClampedNotTrusted() {
        let dimming = DimmingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        dimming.cutoutTargetRect = Rect(x: .nan, y: 0, width: 10, height: 10)
        #expect(dimming.cutoutTargetRect == nil)
        dimming.cutoutTargetRect = Rect(x: 10, y: 10, width: 20, height: 20)
        dimming.cutoutPadding = -5
        #expect(dimming.cutoutPadding == 0)
        dimming.cutoutCornerRadius = .infinity
        #expect(dimming.cutoutCornerRadius == 0)
        #expect(dimming.cutoutRect == Rect(x: 10, y: 10, width: 20, height: 20))
        dimming.setCutout(around: Rect(x: 0, y: 0, width: .infinity, height: 1), duration: .nan)
        #expect(dimming.cutoutRect == nil)
        #expect(!dimming.cutoutContains(Point(x: .nan, y: 0)))
        #expect(dimming.shapeLayer.path?.elements.allSatisfy { $0.points.allSatisfy(\.isFinite) } == true)
    }

    @Test func aHugeRadiusIsLimitedToHalfTheShorterSide() {
        let dimming = DimmingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        dimming.cutoutPadding = 0
        dimming.cutoutCornerRadius = 1_000
        dimming.cutoutTargetRect = Rect(x: 10, y: 10, width: 40, height: 20)
        #expect(dimming.cutoutContains(Point(x: 30, y: 20)))
        #expect(!dimming.cutoutContains(Point(x: 11, y: 11)))
        #expect(dimming.cutoutContains(Point(x: 20, y: 11)), "a capsule: the top edge is straight between x 20 and 40")
    }

    /// The bounding box of the cutout subpath of the presented path at `t`.
    private func cutoutBounds(_ scene: DimmingScene, at t: Double) -> Rect {
        guard case .path(let path?)? = scene.dimming.shapeLayer.presentationValue(forKeyPath: LayerKeyPath(.path), at: t) else {
            return .zero
        }
        return Path(elements: path.elements.dropFirst(5)).boundingBox ?? .zero
    }
}
