import KinemaDynamics
import KinemaGeometry
import KinemaLayers
import KinemaUI
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Criterion 6 of docs/dynamics-notes.md: an item inside a scrolled container inside a rotated
/// container falls under gravity onto the root's reference bounds, and is written back in its own
/// superview's space.
@Suite struct DynamicsNestedItemTests {
    /// The nested scene in a window that is also the reference view (the root).
    struct Scene {
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let nested = NestedScene()
        let animator: DynamicAnimator

        init() {
            for sub in nested.root.subviews { window.addSubview(sub) }
            animator = DynamicAnimator(referenceView: window)
            animator.addBehavior(GravityBehavior(items: [nested.item]))
            let collision = CollisionBehavior(items: [nested.item])
            collision.translatesReferenceBoundsIntoBoundary = true
            animator.addBehavior(collision)
        }

        /// Advances the window at 60 Hz from its current time until the animator pauses or
        /// `limit` seconds pass; returns the frames run.
        @discardableResult
        func runUntilPaused(limit: Double = 10) -> Int {
            let start = (window.currentTime * 60).rounded()
            var frame = 0
            repeat {
                frame += 1
                window.advance(to: (start + Double(frame)) / 60)
            } while animator.isRunning && Double(frame) / 60 < limit
            return frame
        }

        /// The lowest point of the item as drawn in the window, points.
        var lowestPoint: Double { nested.item.convert(nested.item.bounds, to: window).maxY }
    }

    @Test func comesToRestOnTheRootsFloorWithoutMovingItsContainers() throws {
        let scene = Scene()
        let rotated = (scene.nested.rotated.center, scene.nested.rotated.bounds, scene.nested.rotated.transform)
        let scrolled = (scene.nested.scrolled.center, scene.nested.scrolled.bounds, scene.nested.scrolled.transform)
        // Read where it is drawn: after the baseline frame and one more, the body starts at the
        // drawn pose (15° from the rotated container) and has fallen by less than a point.
        let start = drawnPose(of: scene.nested.item)
        scene.window.advance(to: 1.0 / 60)
        scene.window.advance(to: 2.0 / 60)
        let early = try #require(scene.animator.dynamicState(of: scene.nested.item))
        #expect(abs(early.center.x - start.center.x) < 1e-6)
        #expect(early.center.y - start.center.y > 0 && early.center.y - start.center.y < 1)
        #expect(isCloseAngle(early.angle, 15 * .pi / 180, 1e-6))
        let frames = scene.runUntilPaused()
        #expect(!scene.animator.isRunning, "still running after \(frames) frames")
        #expect(scene.animator.diagnostics.isEmpty, "\(scene.animator.diagnostics)")
        #expect(abs(scene.lowestPoint - 667) <= 0.5, "lowest point \(scene.lowestPoint)")
        // The containers never move.
        #expect(scene.nested.rotated.center == rotated.0 && scene.nested.rotated.bounds == rotated.1)
        #expect(scene.nested.rotated.transform == rotated.2)
        #expect(scene.nested.scrolled.center == scrolled.0 && scene.nested.scrolled.bounds == scrolled.1)
        #expect(scene.nested.scrolled.transform == scrolled.2)
        // Written in the superview's space: converting the view's own center and rotation to
        // the root gives the simulated pose, and the view is drawn there.
        let state = try #require(scene.animator.dynamicState(of: scene.nested.item))
        #expect(state.isAtRest)
        #expect(scene.nested.item.superview === scene.nested.scrolled)
        let converted = scene.nested.scrolled.convert(scene.nested.item.center, to: scene.window)
        #expect(isClose(converted, state.center, 1e-6))
        let drawn = drawnPose(of: scene.nested.item)
        #expect(isClose(drawn.center, state.center, 1e-6))
        #expect(isCloseAngle(drawn.angle, state.angle, 1e-6))
        let local = atan2(scene.nested.item.transform.b, scene.nested.item.transform.a)
        #expect(isCloseAngle(local + 15 * .pi / 180, state.angle, 1e-9))
        // Resting flat on the floor: the reference-space angle is a multiple of 90°.
        let quarterTurns = state.angle / (.pi / 2)
        #expect(abs(quarterTurns - quarterTurns.rounded()) * 90 < 0.5, "angle \(state.angle * 180 / .pi)°")
    }

    @Test func updateItemAfterAManualMoveIsHonouredWithinOneStep() throws {
        let scene = Scene()
        scene.runUntilPaused()
        let rest = try #require(scene.animator.dynamicState(of: scene.nested.item))
        // Move the view by hand in its own superview's space: 200 pt up (in the root) and turned.
        let target = Point(x: rest.center.x - 40, y: rest.center.y - 200)
        scene.nested.item.center = scene.nested.scrolled.convert(target, from: scene.window)
        scene.nested.item.transform = AffineTransform(rotationAngle: 0.3)
        scene.animator.updateItem(usingCurrentState: scene.nested.item)
        #expect(scene.animator.isRunning)
        let t = scene.window.currentTime
        scene.window.advance(to: t + 1.0 / 60)
        let moved = try #require(scene.animator.dynamicState(of: scene.nested.item))
        // One 1/60 s frame of free fall from rest moves it by well under a point.
        #expect(abs(moved.center.x - target.x) < 0.01)
        #expect(moved.center.y - target.y >= 0 && moved.center.y - target.y < 1, "\(moved.center) vs \(target)")
        #expect(isCloseAngle(moved.angle, 0.3 + 15 * .pi / 180, 0.01))
        #expect(isClose(drawnPose(of: scene.nested.item).center, moved.center, 1e-6))
        // …and it falls back onto the floor.
        scene.runUntilPaused()
        #expect(abs(scene.lowestPoint - 667) <= 0.5, "lowest point \(scene.lowestPoint)")
    }

    @Test func aGroupOfViewsInDifferentContainersFallsRigidly() throws {
        // One view in the scrolled container (inside the rotated one) and one directly in the
        // root, grouped: the group is one body, each view written back in its own superview.
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let nested = NestedScene()
        window.addSubview(nested.rotated)
        let other = View(frame: Rect(x: 230, y: 260, width: 50, height: 50))
        window.addSubview(other)
        let animator = DynamicAnimator(referenceView: window)
        let group = DynamicItemGroup(items: [nested.item, other])
        animator.addBehavior(GravityBehavior(items: [group]))
        let space = ViewReferenceSpace(referenceView: window)
        let before = (space.state(of: nested.item), space.state(of: other))
        for frame in 1...31 { window.advance(to: Double(frame) / 60) }
        let after = (space.state(of: nested.item), space.state(of: other))
        #expect(animator.diagnostics.isEmpty, "\(animator.diagnostics)")
        // Free fall without collisions: both move by the same distance, with no rotation.
        let d1 = Point(x: after.0.center.x - before.0.center.x, y: after.0.center.y - before.0.center.y)
        let d2 = Point(x: after.1.center.x - before.1.center.x, y: after.1.center.y - before.1.center.y)
        #expect(isClose(d1, d2, 1e-6))
        #expect(d1.y > 120 && abs(d1.x) < 1e-6)
        #expect(isCloseAngle(after.0.angle, before.0.angle, 1e-9) && isCloseAngle(after.1.angle, before.1.angle, 1e-9))
        #expect(nested.item.superview === nested.scrolled && other.superview === window)
    }
}
