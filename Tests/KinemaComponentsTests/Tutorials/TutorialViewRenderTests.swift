import Foundation
import KinemaComponents
import KinemaGeometry
import KinemaGraphics
import KinemaLayers
import KinemaRender
import KinemaUI
import TestSupport
import Testing

/// A tutorial step on screen, rendered: the dimmed window with its cutout, the bubble with its
/// arrow on the target, the bold title, the message and the buttons.
@Suite struct TutorialViewRenderTests {
    /// A window 375 × 667 with a grey "button" at the top right, a Japanese step pointing at it,
    /// rendered at `t` seconds after the start; the window is returned too, since the tutorial
    /// is on screen only while its window lives.
    func render(at t: Double) throws -> (Bitmap, Tutorial, Window) {
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667), scale: 1)
        window.backgroundColor = Color(white: 0.93)
        let button = View(frame: Rect(x: 290, y: 60, width: 64, height: 44))
        button.backgroundColor = Color(red: 0.2, green: 0.5, blue: 0.9)
        window.addSubview(button)
        let tutorial = Tutorial(steps: [
            TutorialStep(
                target: .view(button), title: "写真を追加",
                message: "ここをタップすると新しい写真を追加できます。追加した写真はアルバムに保存されます。",
                preferredArrowDirection: .up)
        ])
        tutorial.start(in: window)
        window.advance(to: t)
        let bitmap = try Renderer().render(window.layer.renderTree(at: t), size: window.bounds.size, scale: 1)
        return (bitmap, tutorial, window)
    }

    @Test func aJapaneseStepAtRest() throws {
        let (image, tutorial, window) = try render(at: 1)
        defer { withExtendedLifetime(window) {} }
        let inspection = try #require(tutorial.inspect())
        #expect(inspection.phase == .presented && inspection.arrowDirection == .up)
        // Dimmed outside the cutout (the window's grey, darkened), clear inside it (the button's blue).
        let outside = image.color(x: 20, y: 640)
        let inside = image.color(x: 322, y: 82)
        #expect(outside.red < 0.5 && outside.red > 0.2, "\(outside)")
        #expect(isClose(inside, Color(red: 0.2, green: 0.5, blue: 0.9), 0.02), "\(inside)")
        // The bubble's body is white.
        let body = inspection.bubbleFrame
        #expect(isClose(image.color(x: Int(body.maxX) - 8, y: Int(body.maxY) - 4), .white, 0.02))
        if ProcessInfo.processInfo.environment["KINEMA_TUTORIAL_PNG"] != nil {
            try image.writePNG(to: "/tmp/tutorial-view.png")
        }
        let result = GoldenImage.check(image, suite: "TutorialViewRenderTests", name: "tutorial.japaneseStep", tolerance: .rendering)
        #expect(result == .matches, "\(result)")
    }
}
