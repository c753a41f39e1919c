import Foundation
import Kinema

/// A card you drag with a finger (or the mouse, in a live window): it follows the finger, and when
/// you let go it springs home carrying the finger's speed, the swipe-to-dismiss talk's velocity
/// hand-off (docs/ported-posts.md; the spring's initial velocity is the finger's velocity divided
/// by the distance still to go, per axis, zero where the distance is). A tap shows a tooltip
/// pointing at the card.
public final class CardViewController: Kinema.ViewController {
    /// The card.
    public let card = View(frame: Rect(x: 0, y: 0, width: 220, height: 140))
    /// The tooltip a tap shows.
    public let tooltip = Tooltip()
    /// Where the card rests (its centre), points.
    public private(set) var home = Point.zero
    /// The spring's velocity hand-off the last release used (fractions of the distance per
    /// second, x and y).
    public private(set) var lastReleaseVelocity = Vector(dx: 0, dy: 0)

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = Color(white: 0.95)
        card.backgroundColor = Color(red: 0.2, green: 0.45, blue: 0.95)
        card.layer.cornerRadius = 16
        let label = Label(frame: card.bounds)
        label.text = "Drag me, or tap"
        label.textColor = .white
        label.textAlignment = .center
        label.font = .boldSystemFont(ofSize: 18)
        card.addSubview(label)
        view.addSubview(card)
        card.addGestureRecognizer(PanGestureRecognizer(target: self, action: CardViewController.pan))
        card.addGestureRecognizer(TapGestureRecognizer(target: self, action: CardViewController.tap))
    }

    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        home = Point(x: view.bounds.midX, y: view.bounds.midY)
        if card.layer.animationKeys().isEmpty { card.center = home }
    }

    func pan(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began, .changed:
            tooltip.dismiss()
            let t = pan.translation(in: view)
            card.center = Point(x: card.center.x + t.x, y: card.center.y + t.y)
            pan.setTranslation(.zero, in: view)
        case .ended, .cancelled:
            let v = pan.velocity(in: view)
            let dx = home.x - card.center.x, dy = home.y - card.center.y
            // The talk's rule, with its zero-distance case: no distance, no relative velocity.
            lastReleaseVelocity = Vector(dx: dx == 0 ? 0 : v.x / dx, dy: dy == 0 ? 0 : v.y / dy)
            let timing = SpringTimingParameters(dampingRatio: 0.7, initialVelocity: lastReleaseVelocity)
            let animator = ViewPropertyAnimator(duration: 0.6, timingParameters: timing)
            animator.addAnimations { self.card.center = self.home }
            animator.startAnimation()
        default:
            break
        }
    }

    func tap(_ tap: TapGestureRecognizer) {
        guard tap.state == .ended else { return }
        tooltip.show(text: "Springs home with your finger's speed", from: card, in: view, direction: .any)
    }
}
