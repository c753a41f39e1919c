import KinemaGeometry
import KinemaLayers
import KinemaTiming
import KinemaUI
import TestSupport
import Testing

@Suite struct ViewAnimationRetargetTests {
    /// The x velocity on screen at `t`, points per second, by a central difference of 1 µs.
    func velocityX(_ view: View, at t: Double) -> Double {
        let h = 1e-6
        return (view.layer.presentation(at: t + h).position.x - view.layer.presentation(at: t - h).position.x) / (2 * h)
    }

    @Test func retargetingASpringKeepsPositionAndVelocity() {
        let (window, card) = makeStage()
        View.animate(
            withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 0,
            animations: {
                card.center.x = 270
            })
        window.advance(to: 0.1)
        let x0 = card.layer.presentation(at: 0.1).position.x
        let v0 = velocityX(card, at: 0.1 - 2e-6)
        View.animate(
            withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 0,
            animations: {
                card.center.x = 20
            })
        #expect(isClose(card.layer.presentation(at: 0.1).position.x, x0, 1e-9))
        let v1 = velocityX(card, at: 0.1 + 2e-6)
        #expect(v0 > 500)  // it was moving right fast
        #expect(isClose(v1, v0, 0.01 * abs(v0)))
        // It ends at the new target.
        window.advance(to: 0.7)
        #expect(isClose(card.layer.presentation(at: 0.7).position.x, 20, 1e-9))
    }

    @Test func completionsRunInTheOrderTheirAnimationsEnd() {
        let (window, card) = makeStage()
        var log: [String] = []
        View.animate(withDuration: 0.5, animations: { card.alpha = 0.5 }, completion: { _ in log.append("long") })
        View.animate(withDuration: 0.3, animations: { card.center.y = 300 }, completion: { _ in log.append("short") })
        window.advance(to: 0.4)
        #expect(log == ["short"])
        window.advance(to: 0.6)
        #expect(log == ["short", "long"])
    }

    @Test func interruptedFirstBlockStillFinishes() {
        // The second block adds; it does not remove the first, so both report finished.
        let (window, card) = makeStage()
        var log: [String] = []
        View.animate(withDuration: 0.5, animations: { card.center.x = 300 }, completion: { log.append("first \($0)") })
        window.advance(to: 0.2)
        View.animate(withDuration: 0.5, animations: { card.center.x = 10 }, completion: { log.append("second \($0)") })
        window.advance(to: 1)
        #expect(log == ["first true", "second true"])
    }

    @Test func transformAnimatesAdditivelyByConcatenation() {
        let (window, card) = makeStage()
        View.animate(withDuration: 1, options: .curveLinear) { card.transform = AffineTransform(scaleX: 3, y: 1) }
        let shown = card.layer.presentation(at: 0.5).transform
        // Halfway from identity to scale 3: the additive offset is scale 1/3 raised halfway.
        #expect(shown.m22 == 1)
        #expect(shown.m11 > 1 && shown.m11 < 3)
        #expect(card.layer.presentation(at: 1).transform == Transform3D(affine: AffineTransform(scaleX: 3, y: 1)))
        _ = window
    }

    @Test func layoutSubviewsOptionAnimatesLayoutChanges() {
        final class Row: View {
            let child = View()
            override init(frame: Rect) {
                super.init(frame: frame)
                addSubview(child)
            }
            override func layoutSubviews() { child.frame = Rect(x: 0, y: 0, width: bounds.width / 2, height: bounds.height) }
        }
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let row = Row(frame: Rect(x: 0, y: 0, width: 100, height: 40))
        window.addSubview(row)
        window.advance(to: 0)
        View.animate(withDuration: 1, options: [.layoutSubviews, .curveLinear]) { row.bounds.size.width = 300 }
        #expect(row.child.frame.width == 150)
        #expect(row.child.layer.animationKeys().contains("bounds.size"))
        #expect(isClose(row.child.layer.presentation(at: 0.5).bounds.width, 100, 1e-9))
    }

    @Test func repeatAndAutoreverseReachTheAnimation() {
        let (window, card) = makeStage()
        View.animate(withDuration: 0.4, options: [.repeat, .autoreverse, .curveLinear]) { card.alpha = 0 }
        let a = card.layer.animation(forKey: "opacity")
        #expect(a?.timing.repeatCount == .infinity)
        #expect(a?.timing.autoreverses == true)
        // Back at the start after one forward and one backward run.
        #expect(isClose(card.layer.presentation(at: 0.8).opacity, 1, 1e-9))
        #expect(isClose(card.layer.presentation(at: 0.6).opacity, 0.5, 1e-9))
        _ = window
    }
}

@Suite struct ViewColorAnimationTests {
    @Test func coloursAnimateFromWhatShows() {
        let (window, card) = makeStage()
        card.backgroundColor = .red
        View.animate(withDuration: 1, options: .curveLinear) { card.backgroundColor = .blue }
        let mid = card.layer.presentation(at: 0.5).backgroundColor
        #expect(mid.map { isClose($0, Color(red: 0.5, green: 0, blue: 0.5), 1e-9) } == true)
        window.advance(to: 0.5)
        // Retarget halfway: the new animation starts from the purple on screen, no jump.
        View.animate(withDuration: 1, options: .curveLinear) { card.backgroundColor = .green }
        let same = card.layer.presentation(at: 0.5).backgroundColor
        #expect(same.map { isClose($0, Color(red: 0.5, green: 0, blue: 0.5), 1e-9) } == true)
        let later = card.layer.presentation(at: 1).backgroundColor
        #expect(later.map { isClose($0, Color(red: 0.25, green: 0.5, blue: 0.25), 1e-9) } == true)
        #expect(card.layer.presentation(at: 1.5).backgroundColor == .green)
    }
}
