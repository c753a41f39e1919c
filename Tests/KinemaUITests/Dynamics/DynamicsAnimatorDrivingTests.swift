import KinemaDynamics
import KinemaGeometry
import KinemaLayers
import TestSupport
import Testing

@testable import KinemaUI

/// How `DynamicAnimator(referenceView:)` is driven by the reference view's window.
@Suite struct DynamicsAnimatorDrivingTests {
    /// A 320×480 window with a screen view filling it and a 40×30 box at (100, 50).
    struct Scene {
        let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        let screen = View(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        let box = View(frame: Rect(x: 80, y: 35, width: 40, height: 30))

        init() {
            screen.addSubview(box)
        }

        func makeFallingAnimator() -> DynamicAnimator {
            let animator = DynamicAnimator(referenceView: screen)
            animator.addBehavior(GravityBehavior(items: [box]))
            let undamped = DynamicItemBehavior(items: [box])  // a free fall without UIKit's 0.1/s damping
            undamped.resistance = 0
            undamped.angularResistance = 0
            animator.addBehavior(undamped)
            return animator
        }

        /// Advances the window by `frames` frames at 60 Hz.
        func run(frames: Int) {
            let start = (window.currentTime * 60).rounded()
            for frame in 1...frames { window.advance(to: (start + Double(frame)) / 60) }
        }
    }

    @Test func referenceViewIsReadBack() {
        let scene = Scene()
        let animator = DynamicAnimator(referenceView: scene.screen)
        #expect(animator.referenceView === scene.screen)
        #expect(animator.referenceBounds == scene.screen.bounds)
        #expect(DynamicAnimator(referenceBounds: .zero).referenceView == nil)
    }

    @Test func theMovedViewIsDrawnWhereTheSimulationSays() throws {
        let scene = Scene()
        // Nested and scrolled: the box lives in a list scrolled by 120 pt.
        let list = View(frame: Rect(x: 10, y: 20, width: 300, height: 400))
        list.bounds.origin = Point(x: 0, y: 120)
        scene.screen.addSubview(list)
        list.addSubview(scene.box)
        scene.box.center = Point(x: 100, y: 170)  // (110, 70) in the screen
        scene.window.addSubview(scene.screen)
        let animator = scene.makeFallingAnimator()
        scene.run(frames: 31)  // the first frame sets the animator's baseline: 0.5 s simulated
        let t = scene.window.currentTime
        let state = try #require(animator.dynamicState(of: scene.box))
        #expect(isClose(animator.elapsedTime(), 0.5, 1e-9))
        // Drawn (the presentation the renderer uses at the frame's time) where simulated.
        let drawn = drawnPose(of: scene.box, using: .presentation(at: t))
        #expect(isClose(drawn.center, state.center, 1e-6))
        #expect(isCloseAngle(drawn.angle, state.angle, 1e-9))
        #expect(scene.box.layer.presentation(at: t).position == scene.box.center)
        // And the simulation is free fall at 1000 pt/s² (½gt² = 125 pt; semi-implicit Euler at
        // 1/120 s gives 127.1 pt).
        #expect(state.center.x == 110)
        let fall = state.center.y - 70
        #expect(fall >= 124 && fall <= 128, "fell \(fall) pt")
    }

    @Test func startsTickingWhenTheReferenceViewJoinsAWindowLaterAndStopsWhenItLeaves() throws {
        let scene = Scene()
        let container = View(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        container.addSubview(scene.screen)
        let animator = scene.makeFallingAnimator()
        scene.run(frames: 10)
        #expect(animator.elapsedTime() == 0)
        #expect(scene.box.center == Point(x: 100, y: 50))
        // The container (not the reference view itself) joins the window.
        scene.window.addSubview(container)
        scene.run(frames: 11)
        #expect(isClose(animator.elapsedTime(), 10.0 / 60, 1e-9))
        #expect(scene.box.center.y > 50)
        // Out of the window: no more frames.
        container.removeFromSuperview()
        let stopped = scene.box.center
        scene.run(frames: 10)
        #expect(scene.box.center == stopped)
        #expect(isClose(animator.elapsedTime(), 10.0 / 60, 1e-9))
        // Into another window.
        let other = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        other.addSubview(container)
        for frame in 1...5 { other.advance(to: Double(frame) / 60) }
        #expect(scene.box.center.y > stopped.y)
        #expect(other.displayLinks.count == 1 && scene.window.displayLinks.isEmpty)
    }

    @Test func aDeallocatedAnimatorStopsTickingAndIsNotRetained() {
        let scene = Scene()
        scene.window.addSubview(scene.screen)
        weak var weakAnimator: DynamicAnimator?
        do {
            let animator = scene.makeFallingAnimator()
            weakAnimator = animator
            scene.run(frames: 5)
            #expect(scene.window.displayLinks.count == 1)
        }
        #expect(weakAnimator == nil)
        let center = scene.box.center
        scene.run(frames: 2)
        #expect(scene.box.center == center)
        #expect(scene.window.displayLinks.isEmpty)
        #expect(scene.screen.ancestryObservers.isEmpty)
    }

    @Test func theReferenceBoundsBoundaryFollowsTheReferenceViewWhenItResizes() throws {
        let scene = Scene()
        scene.window.addSubview(scene.screen)
        let animator = scene.makeFallingAnimator()
        let collision = CollisionBehavior(items: [scene.box])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        scene.run(frames: 180)
        #expect(!animator.isRunning)
        #expect(abs(scene.box.frame.maxY - 480) <= 0.5)
        // The screen grows by 120 pt: the floor moves down, the paused animator resumes and the
        // box falls onto the new floor.
        scene.screen.frame = Rect(x: 0, y: 0, width: 320, height: 600)
        scene.run(frames: 180)
        #expect(!animator.isRunning)
        #expect(abs(scene.box.frame.maxY - 600) <= 0.5, "\(scene.box.frame)")
    }

    /// A round view: its collision bounds are the ellipse in its bounds.
    final class Ball: View {
        override var collisionBoundsType: DynamicItemCollisionBoundsType { .ellipse }
    }

    @Test func aSubclassOverridesItsCollisionBounds() throws {
        let scene = Scene()
        scene.window.addSubview(scene.screen)
        // A 60 pt ball turned 45°: as a box it would balance on a corner (centre 42.4 pt above
        // the floor) or topple flat (turned 0° or 90°); as a circle it keeps its angle.
        let ball = Ball(frame: Rect(x: 200, y: 100, width: 60, height: 60))
        ball.transform = AffineTransform(rotationAngle: .pi / 4)
        scene.screen.addSubview(ball)
        let animator = DynamicAnimator(referenceView: scene.screen)
        animator.addBehavior(GravityBehavior(items: [ball]))
        let collision = CollisionBehavior(items: [ball])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        #expect((ball as any DynamicItem).collisionBoundsType == .ellipse)
        scene.run(frames: 240)
        let state = try #require(animator.dynamicState(of: ball))
        #expect(state.isAtRest)
        // A circle of radius 30 rests with its centre 30 pt above the floor whatever its angle.
        #expect(abs(state.center.y - 450) <= 0.5, "\(state.center)")
        #expect(isCloseAngle(state.angle, .pi / 4, 0.01))
    }
}
