import KinemaDynamics
import KinemaGeometry
import KinemaGraphics
import KinemaLayers
import KinemaRender
import KinemaUI
import TestSupport
import Testing

/// A nested view moved by the animator is rendered where the simulation puts it.
@Suite struct DynamicsRenderTests {
    @Test func aFallingNestedViewIsRenderedAtItsSimulatedPose() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 300), scale: 1)
        window.backgroundColor = .white
        // A container scrolled by 50 pt holds a red 40 × 30 box drawn at (60…100, 40…70).
        let container = View(frame: Rect(x: 20, y: 10, width: 160, height: 200))
        container.bounds.origin = Point(x: 0, y: 50)
        window.addSubview(container)
        let box = View(frame: Rect(x: 40, y: 80, width: 40, height: 30))
        box.backgroundColor = Color(red: 1, green: 0, blue: 0)
        container.addSubview(box)
        let animator = DynamicAnimator(referenceView: window)
        animator.addBehavior(GravityBehavior(items: [box]))
        let collision = CollisionBehavior(items: [box])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        let red = Color(red: 1, green: 0, blue: 0)
        func render(at t: Double) throws -> Bitmap {
            try Renderer().render(window.layer.renderTree(at: t), size: window.bounds.size, scale: 1)
        }

        // Mid-fall (0.2 s simulated: about 20 pt down, drawn from y 60 to 90).
        for frame in 1...13 { window.advance(to: Double(frame) / 60) }
        let falling = try #require(animator.dynamicState(of: box))
        #expect(falling.center.y > 70 && falling.center.y < 85)
        let mid = try render(at: window.currentTime)
        #expect(isClose(mid.color(x: Int(falling.center.x), y: Int(falling.center.y)), red, 0.02))
        #expect(isClose(mid.color(x: 80, y: Int(falling.center.y - 20)), .white, 0.02))

        // At rest on the window's floor: red from y 270 to 300, white where it started.
        var frame = 13
        while animator.isRunning && frame < 600 {
            frame += 1
            window.advance(to: Double(frame) / 60)
        }
        let rest = try #require(animator.dynamicState(of: box))
        #expect(rest.isAtRest && abs(rest.center.y - 285) < 0.5)
        let image = try render(at: window.currentTime)
        #expect(isClose(image.color(x: Int(rest.center.x), y: 297), red, 0.02))
        #expect(isClose(image.color(x: Int(rest.center.x), y: 267), .white, 0.02))
        #expect(isClose(image.color(x: 80, y: 55), .white, 0.02))
    }
}
