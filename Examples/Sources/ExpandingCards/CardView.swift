import Foundation
import Kinema

/// One card of the list: a title, and a detail that shows when the card is expanded. Its
/// height is a constraint, the one the screen animates (80 points closed, 240 open).
public final class CardView: View {
    /// The title, pinned to the card's top-left corner.
    public let titleLabel = Label()
    /// The detail text below the title, faded in when the card opens.
    public let detailLabel = Label()
    /// The card's height: the constraint the screen animates.
    public private(set) var heightConstraint: LayoutConstraint!
    /// Whether the card is open.
    public var isExpanded = false

    /// A card titled `title` with `detail` as its hidden text.
    public init(title: String, detail: String, color: Color) {
        super.init(frame: .zero)
        backgroundColor = color
        layer.cornerRadius = 14
        clipsToBounds = true
        titleLabel.text = title
        titleLabel.font = .boldSystemFont(ofSize: 20)
        titleLabel.textColor = .white
        detailLabel.text = detail
        detailLabel.font = .systemFont(ofSize: 15)
        detailLabel.textColor = .white
        detailLabel.numberOfLines = 0
        detailLabel.alpha = 0
        for label in [titleLabel, detailLabel] {
            label.translatesAutoresizingMaskIntoConstraints = false
            addSubview(label)
        }
        heightConstraint = heightAnchor.constraint(equalToConstant: 80)
        LayoutConstraint.activate([
            heightConstraint,
            titleLabel.topAnchor.constraint(equalTo: topAnchor, constant: 16),
            titleLabel.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor, constant: 8),
            titleLabel.trailingAnchor.constraint(lessThanOrEqualTo: layoutMarginsGuide.trailingAnchor),
            detailLabel.topAnchor.constraint(equalToSystemSpacingBelow: titleLabel.bottomAnchor, multiplier: 1.5),
            detailLabel.leadingAnchor.constraint(equalTo: titleLabel.leadingAnchor),
            detailLabel.trailingAnchor.constraint(equalTo: layoutMarginsGuide.trailingAnchor, constant: -8),
        ])
    }
}
