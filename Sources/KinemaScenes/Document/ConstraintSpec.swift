import KinemaUI

/// One Auto Layout constraint a view declares in its `"constraints"`, as its string reads:
/// `first.attribute relation [multiplier *] second.attribute [± constant] [@priority]`, or
/// `first.attribute relation constant [@priority]`. The scene makes it a ``LayoutConstraint``
/// (`NSLayoutConstraint`'s equation `first = multiplier × second + constant`) once every view
/// is built, and activates it.
public struct ConstraintSpec: Sendable, Hashable {
    /// What a side of a constraint names. `superview`, `safeArea` and `margins` are those of the
    /// superview of the view that declares the constraint.
    public enum Item: Sendable, Hashable {
        /// A view of the scene, by id.
        case view(String)
        /// The declaring view's superview.
        case superview
        /// The superview's `safeAreaLayoutGuide`.
        case safeArea
        /// The superview's `layoutMarginsGuide`.
        case margins
    }

    /// The constraint's id (`{"id": …, "constraint": …}`), also its ``LayoutConstraint/identifier``,
    /// or `nil`. Script changes name a constraint by it.
    public var id: String?
    public var firstItem: Item
    public var firstAttribute: LayoutConstraint.Attribute
    public var relation: LayoutConstraint.Relation
    /// The second item, or `nil` for a constraint against a constant (`card.height >= 44`).
    public var secondItem: Item?
    /// The second item's attribute, ``LayoutConstraint/Attribute/notAnAttribute`` without one.
    public var secondAttribute: LayoutConstraint.Attribute
    /// The factor on the second attribute. Default 1.
    public var multiplier: Double
    /// Points added to the right-hand side (or the whole right-hand side without a second item).
    public var constant: Double
    /// Default ``LayoutPriority/required`` (1000).
    public var priority: LayoutPriority

    /// A constraint `firstItem.firstAttribute relation multiplier × secondItem.secondAttribute +
    /// constant`, or `… relation constant` without a second item.
    public init(
        id: String? = nil, firstItem: Item, firstAttribute: LayoutConstraint.Attribute, relation: LayoutConstraint.Relation,
        secondItem: Item? = nil, secondAttribute: LayoutConstraint.Attribute = .notAnAttribute, multiplier: Double = 1,
        constant: Double = 0, priority: LayoutPriority = .required
    ) {
        self.id = id
        self.firstItem = firstItem
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.secondItem = secondItem
        self.secondAttribute = secondItem == nil ? .notAnAttribute : secondAttribute
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
    }

    /// The attributes a constraint string may name, in the order messages list them. The
    /// `…Margin` attributes of UIKit are written as `margins.top` and so on.
    public static let attributes: [LayoutConstraint.Attribute] = [
        .left, .right, .top, .bottom, .leading, .trailing, .width, .height, .centerX, .centerY, .firstBaseline, .lastBaseline,
    ]

    /// The words that name the declaring view's superview and its guides rather than a view.
    public static let itemKeywords = ["superview", "safeArea", "margins"]
}
