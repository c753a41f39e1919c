import Foundation
import Kinema
import Testing

@testable import LiveCard

/// The live card, driven by scripted touches (the same path the mouse takes in a live window).
@Suite struct LiveCardTests {
    static func makeScreen() -> (Window, CardViewController) {
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let screen = CardViewController()
        window.rootViewController = screen
        window.makeKeyAndVisible()
        window.advance(to: 0)
        return (window, screen)
    }

    @Test func theCardFollowsTheFingerAndSpringsHomeWithItsSpeed() {
        let (window, screen) = Self.makeScreen()
        let home = screen.home
        #expect(home == Point(x: 187.5, y: 333.5))
        // A drag of (+120, +60) in 0.2 s, still moving when it lets go.
        for i in 0...24 {
            let f = Double(i) / 24
            let phase: Touch.Phase = i == 0 ? .began : .moved
            window.send(TouchInput(identifier: 1, phase: phase, location: Point(x: home.x + 120 * f, y: home.y + 60 * f), timestamp: 0.5 + 0.2 * f))
        }
        let dragged = screen.card.center
        #expect(dragged.x > home.x + 100 && dragged.y > home.y + 45, "the card follows: \(dragged)")
        window.send(TouchInput(identifier: 1, phase: .ended, location: Point(x: home.x + 120, y: home.y + 60), timestamp: 0.71))
        // Moving away from home at the release: the relative velocity is negative on both axes.
        #expect(screen.lastReleaseVelocity.dx < -1 && screen.lastReleaseVelocity.dy < -1, "\(screen.lastReleaseVelocity)")
        // Right after the release it keeps going outwards a little, then comes home.
        window.advance(to: 0.72)
        let shown = screen.card.layer.presentation(at: 0.72).position
        #expect(shown.x > dragged.x + 1 && shown.y > dragged.y + 0.5, "the finger's speed carries on: \(shown) vs \(dragged)")
        window.advance(to: 2.5)
        #expect(screen.card.center == home)
        #expect(abs(screen.card.layer.presentation(at: 2.5).position.x - home.x) < 0.5)
    }

    @Test func aTapShowsTheTooltipAtTheCard() {
        let (window, screen) = Self.makeScreen()
        let p = screen.home
        window.send(TouchInput(identifier: 1, phase: .began, location: p, timestamp: 0.5))
        window.send(TouchInput(identifier: 1, phase: .ended, location: p, timestamp: 0.55))
        window.advance(to: 1.5)
        #expect(screen.tooltip.superview != nil, "the tooltip is shown")
    }
}
