import Foundation
import Kinema

/// The classic expanding-card screen, written with Auto Layout as a UIKit developer writes it:
/// a vertical stack of cards under the safe area, a tip row above them. Tapping a card opens or
/// closes it by changing its height constraint's constant and calling `layoutIfNeeded()` inside
/// a spring animation block; the cards below slide with it, the detail text fades, and the
/// tip row collapses (an arranged view hidden in the same block) the first time.
public final class ExpandingCardsViewController: Kinema.ViewController {
    /// The stack holding the tip and the cards.
    public let stack = StackView()
    /// The row above the cards, hidden after the first tap.
    public let tip = Label()
    /// The cards, top to bottom.
    public private(set) var cards: [CardView] = []

    /// The spring the open and close animations use: 0.6 s, damping ratio 0.75.
    public static let duration = 0.6
    public static let damping = 0.75

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = Color(white: 0.95)
        stack.axis = .vertical
        stack.spacing = 12
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        tip.text = "Tap a card to open it"
        tip.font = .systemFont(ofSize: 15)
        tip.textColor = Color(white: 0.4)
        stack.addArrangedSubview(tip)
        let palette = [
            Color(red: 0.2, green: 0.45, blue: 0.95), Color(red: 0.95, green: 0.45, blue: 0.25),
            Color(red: 0.3, green: 0.7, blue: 0.45), Color(red: 0.55, green: 0.35, blue: 0.85),
        ]
        let titles = ["Springs", "Constraints", "Stack views", "Layout passes"]
        for (i, title) in titles.enumerated() {
            let card = CardView(
                title: title,
                detail: "Changing a constant and calling layoutIfNeeded() in an animation block animates every frame it moves.",
                color: palette[i])
            cards.append(card)
            stack.addArrangedSubview(card)
            card.addGestureRecognizer(TapGestureRecognizer(target: self, action: ExpandingCardsViewController.tapped))
        }
        LayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 16),
            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
        ])
    }

    func tapped(_ tap: TapGestureRecognizer) {
        guard tap.state == .ended, let card = tap.view as? CardView else { return }
        toggle(card)
    }

    /// Opens or closes `card`, animated: UIKit's constraint animation.
    public func toggle(_ card: CardView) {
        card.isExpanded.toggle()
        card.heightConstraint.constant = card.isExpanded ? 240 : 80
        View.animate(
            withDuration: Self.duration, delay: 0, usingSpringWithDamping: Self.damping, initialSpringVelocity: 0,
            animations: {
                card.detailLabel.alpha = card.isExpanded ? 1 : 0
                if !self.tip.isHidden { self.tip.isHidden = true }
                self.view.layoutIfNeeded()
            })
    }
}
