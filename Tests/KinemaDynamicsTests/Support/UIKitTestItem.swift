import Foundation
import KinemaDynamics
import KinemaGeometry

/// A minimal dynamic item for tests: a plain object with a centre, size and transform.
final class TestItem: DynamicItem {
    var center: Point
    var bounds: Rect
    var transform: KinemaGeometry.AffineTransform = .identity
    var collisionBoundsType: DynamicItemCollisionBoundsType = .rectangle
    var collisionBoundingPath = Path()
    /// How many times the animator wrote `center`.
    var writes = 0

    init(x: Double, y: Double, width: Double = 100, height: Double = 100) {
        center = Point(x: x, y: y)
        bounds = Rect(x: 0, y: 0, width: width, height: height)
    }

    var angle: Double { Foundation.atan2(transform.b, transform.a) }
}

/// Records the animator's pause and resume calls, with the step count at each.
final class PauseRecorder: DynamicAnimatorDelegate {
    var events: [String] = []
    func dynamicAnimatorWillResume(_ animator: DynamicAnimator) { events.append("resume") }
    func dynamicAnimatorDidPause(_ animator: DynamicAnimator) { events.append("pause") }
}

/// Drives an animator with display ticks.
struct FrameClock {
    var time = 0.0
    /// Sets the baseline (the first `advance(to:)` only records the time).
    init(_ animator: DynamicAnimator, start: Double = 0) {
        time = start
        animator.advance(to: time)
    }

    /// `count` ticks of `interval` seconds.
    mutating func run(_ animator: DynamicAnimator, ticks count: Int, interval: Double = 1.0 / 60) {
        for _ in 0..<count {
            time += interval
            animator.advance(to: time)
        }
    }
}

extension DynamicAnimator {
    /// Adds an item behaviour that sets resistance and angular resistance to 0 for `items`. UIKit
    /// damps every item by 0.1/s unless told otherwise; the acceptance criteria state their values
    /// for undamped motion (criteria 1, 11, 13 and 14 of docs/dynamics-notes.md), so the tests that
    /// check them say so with this.
    @discardableResult
    func addUndampedBehavior(for items: [any DynamicItem]) -> DynamicItemBehavior {
        let behavior = DynamicItemBehavior(items: items)
        behavior.resistance = 0
        behavior.angularResistance = 0
        addBehavior(behavior)
        return behavior
    }
}
