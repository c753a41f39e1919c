import KinemaGeometry
import KinemaLayers
import KinemaTiming
import KinemaUI
import Testing

/// A card whose height is a constraint, with a footer pinned below it and a badge inside it
/// pinned to its bottom: the classic expanding card.
private final class ExpandingCard {
    let stage = LayoutStage()
    let card: View
    let footer: View
    let badge: View
    let height: LayoutConstraint

    init() {
        card = stage.constrained()
        footer = stage.constrained()
        badge = stage.constrained(in: card)
        height = card.heightAnchor.constraint(equalToConstant: 80)
        LayoutConstraint.activate([
            card.topAnchor.constraint(equalTo: stage.root.topAnchor, constant: 20),
            card.leadingAnchor.constraint(equalTo: stage.root.leadingAnchor, constant: 20),
            card.trailingAnchor.constraint(equalTo: stage.root.trailingAnchor, constant: -20), height,
            footer.topAnchor.constraint(equalTo: card.bottomAnchor, constant: 10),
            footer.leadingAnchor.constraint(equalTo: card.leadingAnchor),
            footer.widthAnchor.constraint(equalToConstant: 100), footer.heightAnchor.constraint(equalToConstant: 40),
            badge.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -8),
            badge.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -8),
            badge.widthAnchor.constraint(equalToConstant: 20), badge.heightAnchor.constraint(equalToConstant: 20),
        ])
        stage.window.advance(to: 1)
    }

    var window: Window { stage.window }

    /// The presentation frame of `view` at `time` (its bounds size about its position).
    func shown(_ view: View, at time: Double) -> Rect {
        let p = view.layer.presentation(at: time)
        return Rect(
            x: p.position.x - p.bounds.width / 2, y: p.position.y - p.bounds.height / 2, width: p.bounds.width, height: p.bounds.height)
    }
}

@Suite struct ConstraintAnimationTests {
    @Test func layoutIfNeededInABlockAnimatesEveryMovedFrameWithTheBlocksCurve() {
        let s = ExpandingCard()
        #expect(s.card.frame == Rect(x: 20, y: 20, width: 335, height: 80))
        s.height.constant = 240
        View.animate(withDuration: 0.4) { s.stage.root.layoutIfNeeded() }
        // The model is final at once; the presentation travels.
        #expect(s.card.frame.height == 240 && s.footer.frame.minY == 270 && s.badge.frame.minY == 212)
        for fraction in [0.0, 0.25, 0.5, 1.0] {
            let t = 1 + 0.4 * fraction
            let p = TimingFunction.easeInEaseOut.solve(fraction)
            let card = s.shown(s.card, at: t)
            #expect(abs(card.height - (80 + 160 * p)) < 1e-9)
            #expect(abs(card.minY - 20) < 1e-9)
            #expect(abs(s.shown(s.footer, at: t).minY - (110 + 160 * p)) < 1e-9)
            // The badge, a subview, rides the card's bottom edge in the same block.
            #expect(abs(s.shown(s.badge, at: t).minY - (52 + 160 * p)) < 1e-9)
        }
    }

    @Test func aSpringBlockMovesTheFramesLikeFramesSetByHand() {
        let s = ExpandingCard()
        let twin = ExpandingCard()
        s.height.constant = 240
        View.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 0) {
            s.stage.root.layoutIfNeeded()
        }
        // The same frames set by hand in the same kind of block.
        View.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 0) {
            twin.card.bounds.size.height = 240
            twin.card.center.y = 140
            twin.footer.center.y = 290
            twin.badge.center.y = 222
        }
        var overshoot = false
        for fraction in [0.0, 0.25, 0.5, 1.0] {
            let t = 1 + 0.6 * fraction
            for (a, b) in [(s.card, twin.card), (s.footer, twin.footer), (s.badge, twin.badge)] {
                #expect(s.shown(a, at: t) == twin.shown(b, at: t))
            }
            overshoot = overshoot || s.shown(s.card, at: t).height > 240
        }
        #expect(overshoot)
        #expect(s.shown(s.card, at: 3).height == 240)
    }

    @Test func aPropertyAnimatorCapturesTheLayoutPass() {
        let s = ExpandingCard()
        s.height.constant = 160
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) { s.stage.root.layoutIfNeeded() }
        animator.startAnimation()
        s.window.advance(to: 1.5)
        #expect(abs(s.shown(s.card, at: 1.5).height - 120) < 1e-6)
        #expect(abs(s.shown(s.footer, at: 1.5).minY - 150) < 1e-6)
        s.window.advance(to: 2.5)
        #expect(s.shown(s.card, at: 2.5).height == 160)
    }

    @Test func aKeyframeCanHoldTheLayoutPass() {
        let s = ExpandingCard()
        s.height.constant = 180
        View.animateKeyframes(withDuration: 1, delay: 0, options: [.calculationModeLinear]) {
            View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { s.stage.root.layoutIfNeeded() }
        }
        // Nothing moves in the first half; the second half carries the card from 80 to 180, paced
        // by the whole animation's ease-in-ease-out, as UIKit paces keyframes.
        s.window.advance(to: 1.25)
        #expect(abs(s.shown(s.card, at: 1.25).height - 80) < 1e-6)
        s.window.advance(to: 1.75)
        let f = (TimingFunction.easeInEaseOut.solve(0.75) - 0.5) / 0.5
        #expect(abs(s.shown(s.card, at: 1.75).height - (80 + 100 * f)) < 1e-6)
        #expect(abs(s.shown(s.footer, at: 1.75).minY - (110 + 100 * f)) < 1e-6)
        s.window.advance(to: 2.5)
        #expect(s.shown(s.card, at: 2.5).height == 180)
    }

    @Test func withoutLayoutIfNeededTheChangeLandsAtTheNextTurnUnanimated() {
        let s = ExpandingCard()
        s.height.constant = 240
        View.animate(withDuration: 0.4) { s.card.alpha = 0.5 }
        #expect(s.card.frame.height == 80)
        s.window.advance(to: 1.1)
        #expect(s.card.frame.height == 240)
        #expect(!s.card.layer.animationKeys().contains("bounds"))
        #expect(s.shown(s.card, at: 1.1).height == 240)
    }
}
