import Foundation
import Kinema
import Testing

@testable import ExpandingCards

/// The Auto Layout port: its frames come from constraints and a stack view, and tapping a card
/// runs UIKit's constraint animation.
@Suite struct ExpandingCardsTests {
    static func makeScreen() -> (Window, ExpandingCardsViewController) {
        let window = Window(
            frame: Rect(x: 0, y: 0, width: 375, height: 667), safeAreaInsets: EdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        let screen = ExpandingCardsViewController()
        window.rootViewController = screen
        window.makeKeyAndVisible()
        window.advance(to: 0)
        return (window, screen)
    }

    /// The frame a layer shows at `time`: its presented bounds size about its presented position,
    /// in its superview's coordinates.
    static func shown(_ view: View, at time: Double) -> Rect {
        let p = view.layer.presentation(at: time)
        return Rect(
            x: p.position.x - p.bounds.width / 2, y: p.position.y - p.bounds.height / 2, width: p.bounds.width,
            height: p.bounds.height)
    }

    @Test func theListIsLaidOutByItsConstraints() {
        let (_, screen) = Self.makeScreen()
        // The stack sits 16 points under the safe area, within the root view's margins (16 at
        // the sides of a view controller's view on a 375-point screen).
        #expect(screen.stack.frame.minY == 47 + 16)
        #expect(screen.stack.frame.minX == 16 && screen.stack.frame.width == 343)
        let tipHeight = screen.tip.intrinsicContentSize.height
        #expect(tipHeight > 15, "the tip is one line of 15-point text: \(screen.tip.frame)")
        #expect(screen.cards[0].titleLabel.frame.width > 50, "\(screen.cards[0].titleLabel.frame)")
        #expect(screen.tip.frame == Rect(x: 0, y: 0, width: 343, height: tipHeight))
        for (i, card) in screen.cards.enumerated() {
            #expect(card.frame == Rect(x: 0, y: tipHeight + 12 + Double(i) * 92, width: 343, height: 80))
            #expect(card.titleLabel.frame.minX == 16 && card.titleLabel.frame.minY == 16)
        }
        #expect(!screen.cards.contains { $0.hasAmbiguousLayout })
    }

    @Test func aTapOpensTheCardWithASpringAndTheOthersFollow() {
        let (window, screen) = Self.makeScreen()
        let card = screen.cards[1]
        let below = screen.cards[2]
        let tipHeight = screen.tip.frame.height
        let belowBefore = below.frame.minY
        let cardBefore = card.frame.minY
        let tap = window.convert(Point(x: card.bounds.midX, y: card.bounds.midY), from: card)
        window.send(TouchInput(identifier: 1, phase: .began, location: tap, timestamp: 0.5))
        window.send(TouchInput(identifier: 1, phase: .ended, location: tap, timestamp: 0.55))
        #expect(card.isExpanded && card.heightConstraint.constant == 240)
        // Final frames at once: 160 taller, and the tip row (and its gap) gone.
        #expect(card.frame.height == 240)
        #expect(card.frame.minY == cardBefore - tipHeight - 12)
        #expect(below.frame.minY == belowBefore + 160 - tipHeight - 12)
        #expect(screen.tip.isHidden && !screen.tip.layer.isHidden)
        // The presentation travels with the spring: from 80 at the tap, past 240, back to it.
        #expect(abs(Self.shown(card, at: 0.55).height - 80) < 1e-6)
        let heights = stride(from: 0.55, through: 0.55 + ExpandingCardsViewController.duration, by: 0.01).map {
            Self.shown(card, at: $0).height
        }
        #expect(heights.max()! > 241, "a damping ratio of 0.75 overshoots")
        // Every frame moves with the same spring, so the card below stays 12 points under the
        // growing card at every instant.
        for t in [0.6, 0.7, 0.85, 1.0] {
            #expect(abs(Self.shown(below, at: t).minY - (Self.shown(card, at: t).maxY + 12)) < 1e-6)
        }
        window.advance(to: 2)
        window.advance(to: 2.1)
        #expect(screen.tip.layer.isHidden)
        #expect(Self.shown(card, at: 2.1).height == 240 && card.detailLabel.alpha == 1)
    }

    @Test func aSecondTapClosesIt() {
        let (window, screen) = Self.makeScreen()
        let card = screen.cards[0]
        screen.toggle(card)
        window.advance(to: 2)
        let closedY = screen.cards[1].frame.minY - 160
        screen.toggle(card)
        #expect(card.frame.height == 80 && screen.cards[1].frame.minY == closedY)
        window.advance(to: 4)
        #expect(Self.shown(card, at: 4).height == 80 && card.detailLabel.alpha == 0)
    }
}
