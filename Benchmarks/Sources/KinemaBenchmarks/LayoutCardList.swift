import Kinema

/// The layout benchmark's 500-view screen (case d): a list of 50 cards in a 375 × 667 window
/// (scale 2), every view placed by constraints made with anchors, as a screen is written.
/// - The list, a plain view pinned to the window's top, leading and trailing edges; its height
///   comes from the cards (a scroll view's content would be laid out so).
/// - Card `i` 16 points in from the list's sides; card 0's top 8 points below the list's top (the
///   constraint case d edits), every other card's 8 points below the previous card's bottom, and
///   the list's bottom 8 points below the last card's.
/// - In each card: an icon (intrinsic 40 × 40) 12 points in from the card's top and leading
///   edges; a title (intrinsic 140 + i mod 7 × 20) 12 points after the icon, tops aligned; a
///   subtitle (intrinsic 180 × 16) under the title (4 points), leading edges aligned; a badge
///   (intrinsic 24 × 24) 12 points in from the card's trailing edge, centred on the title; the
///   title's and subtitle's trailing edges at least 8 points before the badge; and a horizontal
///   `StackView` (fill equally, spacing 8) of four buttons (intrinsic 56 × 28) 12 points under
///   the subtitle, from the title's leading edge to the badge's trailing edge, the card's bottom
///   12 points under it.
///
/// 500 views (50 cards of ten: the card, icon, title, subtitle, badge, the buttons' stack and its
/// four buttons) in the list: 501 under the window.
final class LayoutCardList {
    static let cardCount = 50

    let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667), scale: 2)
    let list = View()
    private(set) var cards: [View] = []
    /// `card[0].top == list.top + constant`: case d sets its constant.
    private(set) var firstTop: LayoutConstraint!

    /// Views under the list, the list not counted.
    var viewCount: Int { cards.count * 10 }

    init() {
        list.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(list)
        var constraints = [
            list.topAnchor.constraint(equalTo: window.topAnchor),
            list.leadingAnchor.constraint(equalTo: window.leadingAnchor),
            list.trailingAnchor.constraint(equalTo: window.trailingAnchor),
        ]
        for i in 0..<Self.cardCount {
            let card = View()
            card.translatesAutoresizingMaskIntoConstraints = false
            list.addSubview(card)
            let icon = IntrinsicBox(40, 40)
            let title = IntrinsicBox(Double(140 + (i % 7) * 20), 20)
            let subtitle = IntrinsicBox(180, 16)
            let badge = IntrinsicBox(24, 24)
            let buttons = StackView(arrangedSubviews: (0..<4).map { _ in IntrinsicBox(56, 28) })
            buttons.distribution = .fillEqually
            buttons.spacing = 8
            buttons.translatesAutoresizingMaskIntoConstraints = false
            for view in [icon, title, subtitle, badge, buttons] { card.addSubview(view) }
            if let previous = cards.last {
                constraints.append(card.topAnchor.constraint(equalTo: previous.bottomAnchor, constant: 8))
            } else {
                firstTop = card.topAnchor.constraint(equalTo: list.topAnchor, constant: 8)
                constraints.append(firstTop)
            }
            constraints += [
                card.leadingAnchor.constraint(equalTo: list.leadingAnchor, constant: 16),
                card.trailingAnchor.constraint(equalTo: list.trailingAnchor, constant: -16),
                icon.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 12),
                icon.topAnchor.constraint(equalTo: card.topAnchor, constant: 12),
                title.leadingAnchor.constraint(equalTo: icon.trailingAnchor, constant: 12),
                title.topAnchor.constraint(equalTo: icon.topAnchor),
                subtitle.leadingAnchor.constraint(equalTo: title.leadingAnchor),
                subtitle.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 4),
                badge.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -12),
                badge.centerYAnchor.constraint(equalTo: title.centerYAnchor),
                title.trailingAnchor.constraint(lessThanOrEqualTo: badge.leadingAnchor, constant: -8),
                subtitle.trailingAnchor.constraint(lessThanOrEqualTo: badge.leadingAnchor, constant: -8),
                buttons.topAnchor.constraint(equalTo: subtitle.bottomAnchor, constant: 12),
                buttons.leadingAnchor.constraint(equalTo: title.leadingAnchor),
                buttons.trailingAnchor.constraint(equalTo: badge.trailingAnchor),
                card.bottomAnchor.constraint(equalTo: buttons.bottomAnchor, constant: 12),
            ]
            cards.append(card)
        }
        constraints.append(list.bottomAnchor.constraint(equalTo: cards.last!.bottomAnchor, constant: 8))
        LayoutConstraint.activate(constraints)
    }
}
