import Foundation
import KinemaGeometry
import TestSupport
import Testing

@testable import KinemaDynamics

/// Fields (criterion 14 of docs/dynamics-notes.md) through a ``DynamicAnimator`` with test items,
/// stepped one 1/120 s tick at a time.
@Suite struct FieldBehaviorTests {
    static let dt = 1.0 / 120

    /// An animator with `behaviors` and a clock already at its baseline. The fields' items are
    /// undamped: the field criteria's numbers leave out UIKit's default 0.1/s resistance.
    func makeAnimator(_ behaviors: [DynamicBehavior]) -> (DynamicAnimator, FrameClock) {
        let animator = DynamicAnimator()
        animator.addUndampedBehavior(for: behaviors.compactMap { $0 as? FieldBehavior }.flatMap(\.items))
        for b in behaviors { animator.addBehavior(b) }
        return (animator, FrameClock(animator))
    }

    func velocity(_ animator: DynamicAnimator, _ item: TestItem) -> Vector {
        animator.dynamicState(of: item)?.velocity ?? Vector(dx: .nan, dy: .nan)
    }

    @Test func itemJustOutsideARectangularRegionFeelsNothing() {
        let field = FieldBehavior.linearGravityField(direction: Vector(dx: 0.5, dy: 1))
        field.position = Point(x: 300, y: 200)
        field.region = Region(size: Size(width: 240, height: 100))
        let outside = TestItem(x: 420.001, y: 200, width: 20, height: 20)  // 0.001 pt beyond the right edge
        let below = TestItem(x: 300, y: 250.001, width: 20, height: 20)  // beyond the bottom edge
        let inside = TestItem(x: 419.999, y: 160, width: 20, height: 20)
        for item in [outside, below, inside] { field.addItem(item) }
        var (animator, clock) = makeAnimator([field])
        clock.run(animator, ticks: 12, interval: Self.dt)
        #expect(velocity(animator, outside) == .zero)
        #expect(velocity(animator, below) == .zero)
        #expect(outside.center == Point(x: 420.001, y: 200))
        #expect(below.center == Point(x: 300, y: 250.001))
        #expect(velocity(animator, inside).dy > 0)
    }

    @Test func velocityFieldSetsTheVelocityWithinOneStep() {
        let item = TestItem(x: 50, y: 60)
        let properties = DynamicItemBehavior(items: [item])
        properties.addLinearVelocity(Vector(dx: -400, dy: 250), for: item)
        let field = FieldBehavior.velocityField(direction: Vector(dx: 30, dy: -12))
        field.strength = 2
        field.addItem(item)
        var (animator, clock) = makeAnimator([properties, field])
        clock.run(animator, ticks: 1, interval: Self.dt)
        let v = velocity(animator, item)
        #expect(isClose(v.dx, 60, 1e-9) && isClose(v.dy, -24, 1e-9))
    }

    @Test func electricFieldLeavesUnchargedItemsAlone() {
        let neutral = TestItem(x: 200, y: 100)
        let charged = TestItem(x: 100, y: 200)
        let charge = DynamicItemBehavior(items: [charged])
        charge.charge = 1
        let field = FieldBehavior.electricField()
        field.position = Point(x: 100, y: 100)
        field.addItem(neutral)
        field.addItem(charged)
        var (animator, clock) = makeAnimator([charge, field])
        clock.run(animator, ticks: 30, interval: Self.dt)
        #expect(velocity(animator, neutral) == .zero)
        #expect(neutral.center == Point(x: 200, y: 100))
        // Charge 1, strength 1, mass 1: 1000 pt/s² away from the field (+y) for 0.25 s.
        let v = velocity(animator, charged)
        #expect(v.dx == 0 && isClose(v.dy, 250, 1e-6))
    }

    @Test func magneticFieldCirclesCounterClockwiseWithTheCyclotronRadius() throws {
        let item = TestItem(x: 300, y: 400)  // mass 1
        let properties = DynamicItemBehavior(items: [item])
        properties.charge = 1.5
        properties.addLinearVelocity(Vector(dx: 150, dy: 0), for: item)
        let field = FieldBehavior.magneticField()
        field.strength = 0.5
        field.addItem(item)
        var (animator, clock) = makeAnimator([properties, field])
        let expected = 1 * 150 / (1.5 * 0.5)  // m·v/(q·B) = 200 pt
        let period = 2 * Double.pi * expected / 150
        var xs: [Double] = []
        var ys: [Double] = []
        var turning = 0.0
        var previous = Vector(dx: 150, dy: 0)
        for _ in 0..<Int(2 * period / Self.dt) {
            clock.run(animator, ticks: 1, interval: Self.dt)
            xs.append(item.center.x)
            ys.append(item.center.y)
            let v = velocity(animator, item)
            turning += previous.cross(v)
            previous = v
        }
        let radiusX = ((xs.max() ?? 0) - (xs.min() ?? 0)) / 2
        let radiusY = ((ys.max() ?? 0) - (ys.min() ?? 0)) / 2
        #expect(abs(radiusX - expected) <= 0.02 * expected, "radius \(radiusX) vs \(expected)")
        #expect(abs(radiusY - expected) <= 0.02 * expected, "radius \(radiusY) vs \(expected)")
        #expect(turning < 0)  // counter-clockwise on a y-down screen
        #expect(isClose(try #require(ys.min()), 400 - 2 * expected, 0.02 * expected))  // the circle lies above the start
    }

    @Test func radialGravityFalloffTwoQuartersTheForceAtTwiceTheDistance() {
        let field = FieldBehavior.radialGravityField(position: Point(x: 500, y: 500))
        field.falloff = 2
        field.minimumRadius = 20
        let near = TestItem(x: 400, y: 500, width: 10, height: 10)
        let far = TestItem(x: 500, y: 700, width: 10, height: 10)
        let inside5 = TestItem(x: 505, y: 500, width: 10, height: 10)
        let inside15 = TestItem(x: 500, y: 485, width: 10, height: 10)
        for item in [near, far, inside5, inside15] { field.addItem(item) }
        var (animator, clock) = makeAnimator([field])
        clock.run(animator, ticks: 1, interval: Self.dt)
        let a100 = velocity(animator, near).length
        let a200 = velocity(animator, far).length
        #expect(abs(a100 / a200 - 4) <= 0.02 * 4)
        #expect(velocity(animator, near).dx > 0 && velocity(animator, far).dy < 0)
        // Constant inside the minimum radius: (20/100)^−2 × 1000 pt/s² for one step.
        #expect(isClose(velocity(animator, inside5).length, 25_000 * Self.dt, 1e-6))
        #expect(isClose(velocity(animator, inside15).length, 25_000 * Self.dt, 1e-6))
    }

    /// The velocity an item gains in its first step when it joins a noise field that has been
    /// running for `warmUp` seconds.
    func firstStepVelocity(animationSpeed: Double, warmUp: Int) -> Vector {
        let field = FieldBehavior.noiseField(smoothness: 0.2, animationSpeed: animationSpeed)
        let keeper = TestItem(x: -500, y: -500)  // keeps the animator running
        field.addItem(keeper)
        var (animator, clock) = makeAnimator([field])
        clock.run(animator, ticks: warmUp, interval: Self.dt)
        let probe = TestItem(x: 123, y: 77, width: 40, height: 40)
        field.addItem(probe)
        clock.run(animator, ticks: 1, interval: Self.dt)
        return velocity(animator, probe)
    }

    @Test func noiseFieldWithAnimationSpeedZeroIsTimeInvariant() {
        let early = firstStepVelocity(animationSpeed: 0, warmUp: 0)
        let late = firstStepVelocity(animationSpeed: 0, warmUp: 250)
        #expect(early.length > 0)
        #expect(early == late)
        // Animated, the same item at the same place feels something else later.
        #expect(firstStepVelocity(animationSpeed: 1, warmUp: 0) != firstStepVelocity(animationSpeed: 1, warmUp: 250))
    }

    @Test func noiseFieldIsDeterministic() {
        func run() -> [Point] {
            let items = (0..<5).map { TestItem(x: Double($0) * 70, y: Double($0 * $0) * 11, width: 30, height: 30) }
            let field = FieldBehavior.turbulenceField(smoothness: 0.6, animationSpeed: 2)
            let push = DynamicItemBehavior(items: items)
            for (i, item) in items.enumerated() {
                field.addItem(item)
                push.addLinearVelocity(Vector(dx: 80, dy: Double(i) * 20 - 40), for: item)
            }
            var (animator, clock) = makeAnimator([push, field])
            clock.run(animator, ticks: 240, interval: Self.dt)
            return items.map(\.center)
        }
        let first = run()
        #expect(first == run())
        #expect(first[0] != Point(x: 160, y: -80))  // turbulence moved it off the straight line
    }

    @Test func groupMembersFeelTheirShareOfAMassProportionalField() {
        let a = TestItem(x: 100, y: 100, width: 100, height: 100)
        let b = TestItem(x: 200, y: 100, width: 100, height: 50)
        let group = DynamicItemGroup(items: [a, b])
        let field = FieldBehavior.linearGravityField(direction: Vector(dx: 0, dy: 1))
        field.addItem(a)
        field.addItem(b)
        let holder = DynamicItemBehavior(items: [group])
        var (animator, clock) = makeAnimator([holder, field])
        clock.run(animator, ticks: 60, interval: Self.dt)
        // Like UIKit gravity 1, whatever the number of members: 500 pt/s after 0.5 s.
        let v = velocity(animator, a)
        #expect(isClose(v.dy, 500, 1e-6))
        #expect(abs(v.dx) < 1e-6)
    }

    @Test func changingAPropertyResumesAPausedAnimator() {
        let item = TestItem(x: 0, y: 0)
        let field = FieldBehavior.linearGravityField(direction: .zero)
        field.addItem(item)
        let recorder = PauseRecorder()
        var (animator, clock) = makeAnimator([field])
        animator.delegate = recorder
        clock.run(animator, ticks: 120, interval: Self.dt)  // nothing moves: the item sleeps
        #expect(!animator.isRunning)
        field.direction = Vector(dx: 1, dy: 0)
        #expect(animator.isRunning)
        clock.run(animator, ticks: 12, interval: Self.dt)
        #expect(isClose(velocity(animator, item).dx, 100, 1e-6))  // 1000 pt/s² for 0.1 s
        #expect(recorder.events.suffix(2) == ["pause", "resume"])
    }

    @Test func itemRestingInAConstantFieldLetsTheAnimatorPause() {
        let item = TestItem(x: 100, y: 100, width: 50, height: 50)
        let field = FieldBehavior.linearGravityField(direction: Vector(dx: 0, dy: 1))
        field.addItem(item)
        let collision = CollisionBehavior(items: [item])
        collision.translatesReferenceBoundsIntoBoundary = true
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 400, height: 400))
        animator.addBehavior(collision)
        animator.addBehavior(field)
        var clock = FrameClock(animator)
        clock.run(animator, ticks: 300)  // 5 s: falls 275 pt, lands, rests
        #expect(!animator.isRunning)
        #expect(abs(item.center.y - 375) < 1)
        // Turning the field upwards wakes the item and resumes the animator.
        field.direction = Vector(dx: 0, dy: -1)
        #expect(animator.isRunning)
        clock.run(animator, ticks: 30)
        #expect(item.center.y < 300)
    }

    @Test func invalidValuesAreIgnoredAndReported() {
        let field = FieldBehavior.noiseField(smoothness: 3, animationSpeed: .nan)
        #expect(field.smoothness == 1)
        #expect(field.animationSpeed == 0)
        let item = TestItem(x: 0, y: 0)
        field.addItem(item)
        let animator = DynamicAnimator()
        animator.addBehavior(field)
        field.strength = .infinity
        field.falloff = .nan
        field.minimumRadius = -1
        field.position = Point(x: .nan, y: 0)
        field.direction = Vector(dx: 0, dy: -.infinity)
        field.smoothness = .nan
        #expect(field.strength == 1)
        #expect(field.falloff == 0)
        #expect(field.minimumRadius == FieldModel.defaultMinimumRadius)
        #expect(field.position == .zero)
        #expect(field.direction == .zero)
        #expect(field.smoothness == 1)
        #expect(animator.diagnostics.filter { $0.hasPrefix("FieldBehavior.") }.count == 6)
    }

    @Test func customFieldUsesUIKitForceUnitsAndTheRegion() {
        var seen: [Double] = []
        let field = FieldBehavior.field { field, position, velocity, mass, charge, dt in
            seen = [position.x, velocity.dx, mass, charge, dt, field.strength]
            return Vector(dx: 0, dy: 10)  // 10 × 100 mass·pt/s²: UIKit gravity 1 for mass 1
        }
        field.region = Region(radius: 500)
        field.strength = 3
        let item = TestItem(x: 40, y: 0)
        let outside = TestItem(x: 600, y: 0)
        field.addItem(item)
        field.addItem(outside)
        let charge = DynamicItemBehavior(items: [item])
        charge.charge = -2
        var (animator, clock) = makeAnimator([charge, field])
        clock.run(animator, ticks: 12, interval: Self.dt)
        #expect(isClose(velocity(animator, item).dy, 100, 1e-6))
        #expect(velocity(animator, outside) == .zero)
        #expect(seen.count == 6)
        #expect(seen.dropFirst(2) == [1, -2, Self.dt, 3])
    }

    @Test func removedItemsFeelNothingMore() {
        let item = TestItem(x: 0, y: 0)
        let field = FieldBehavior.linearGravityField(direction: Vector(dx: 1, dy: 0))
        field.addItem(item)
        #expect(field.items.count == 1)
        field.addItem(item)
        #expect(field.items.count == 1)
        let holder = DynamicItemBehavior(items: [item])
        var (animator, clock) = makeAnimator([holder, field])
        clock.run(animator, ticks: 12, interval: Self.dt)
        field.removeItem(item)
        #expect(field.items.isEmpty)
        let before = velocity(animator, item)
        clock.run(animator, ticks: 12, interval: Self.dt)
        #expect(isClose(before.dx, 100, 1e-6))
        #expect(velocity(animator, item) == before)
    }
}
