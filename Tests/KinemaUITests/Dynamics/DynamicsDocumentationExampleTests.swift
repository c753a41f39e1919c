import KinemaDynamics
import KinemaGeometry
import KinemaUI
import TestSupport
import Testing

@Suite("Dynamics documentation examples")
struct DynamicsDocumentationExampleTests {
    /// The views example of the KinemaDynamics landing page and the README, as written there.
    @Test func viewsFallAndPileUp() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let card = View(frame: Rect(x: 40, y: 100, width: 120, height: 80))
        let badge = View(frame: Rect(x: 60, y: 20, width: 40, height: 40))
        window.addSubview(card)
        window.addSubview(badge)

        let animator = DynamicAnimator(referenceView: window)
        let items = DynamicItemCollection(collectingSubviewsOf: window).items  // card and badge
        animator.addBehavior(GravityBehavior(items: items))  // 1000 pt/s² down
        let collision = CollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        for frame in 0...180 { window.advance(to: Double(frame) / 60) }  // one call per frame

        #expect(items.count == 2)
        // The card lands first and bounces (UIKit's default elasticity 0.2); the badge meets it in
        // the air, left of its centre, so both turn a little before they settle.
        #expect(isClose(card.center, Point(x: 100.2, y: 627), 0.05))  // on the window's bottom edge
        #expect(isClose(badge.center, Point(x: 66.9, y: 567), 0.05))  // on the card, no gap
        #expect(abs(card.center.x - badge.center.x) < 60 - 20)  // wholly on the card's top
        #expect(!animator.isRunning)  // everything rests: the animator paused
        #expect(isClose(animator.elapsedTime(), 2.25, 0.01))
    }
}
