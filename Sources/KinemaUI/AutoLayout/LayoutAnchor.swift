/// One attribute of a view or layout guide, made to build constraints with type-checked
/// pairings: an x-axis anchor relates only to x-axis anchors, a dimension only to dimensions.
/// Mirrors `NSLayoutAnchor`.
///
/// ```swift
/// label.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor).isActive = true
/// label.widthAnchor.constraint(lessThanOrEqualToConstant: 280).isActive = true
/// ```
///
/// Every method returns a new, inactive, required constraint with `self` as its first item.
public class LayoutAnchor<AnchorType: AnyObject>: CustomStringConvertible {
    /// The view or guide.
    let item: any LayoutItem
    /// The attribute.
    let attribute: LayoutConstraint.Attribute

    init(item: any LayoutItem, attribute: LayoutConstraint.Attribute) {
        self.item = item
        self.attribute = attribute
    }

    func make(
        _ relation: LayoutConstraint.Relation, _ other: LayoutAnchor?, multiplier: Double = 1, constant: Double
    )
        -> LayoutConstraint
    {
        LayoutConstraint(
            item: item, attribute: attribute, relatedBy: relation, toItem: other?.item,
            attribute: other?.attribute ?? .notAnAttribute, multiplier: multiplier, constant: constant)
    }

    /// `self == anchor + constant`. Mirrors `constraint(equalTo:constant:)`.
    public func constraint(equalTo anchor: LayoutAnchor<AnchorType>, constant: Double = 0) -> LayoutConstraint {
        make(.equal, anchor, constant: constant)
    }

    /// `self >= anchor + constant`. Mirrors `constraint(greaterThanOrEqualTo:constant:)`.
    public func constraint(
        greaterThanOrEqualTo anchor: LayoutAnchor<AnchorType>, constant: Double = 0
    )
        -> LayoutConstraint
    {
        make(.greaterThanOrEqual, anchor, constant: constant)
    }

    /// `self <= anchor + constant`. Mirrors `constraint(lessThanOrEqualTo:constant:)`.
    public func constraint(
        lessThanOrEqualTo anchor: LayoutAnchor<AnchorType>, constant: Double = 0
    )
        -> LayoutConstraint
    {
        make(.lessThanOrEqual, anchor, constant: constant)
    }

    public var description: String { "\(item.layoutName).\(attribute.rawValue)" }
}

/// The system spacing between two sibling edges, points: Apple's standard 8-point space.
let systemSpacing = 8.0

/// A horizontal edge or centre. Mirrors `NSLayoutXAxisAnchor`.
public final class LayoutXAxisAnchor: LayoutAnchor<LayoutXAxisAnchor> {
    /// `self == anchor + multiplier × 8`: the system spacing after `anchor`. Mirrors
    /// `constraint(equalToSystemSpacingAfter:multiplier:)`.
    public func constraint(
        equalToSystemSpacingAfter anchor: LayoutXAxisAnchor, multiplier: Double = 1
    )
        -> LayoutConstraint
    {
        make(.equal, anchor, constant: multiplier * systemSpacing)
    }

    /// `self >= anchor + multiplier × 8`.
    public func constraint(
        greaterThanOrEqualToSystemSpacingAfter anchor: LayoutXAxisAnchor, multiplier: Double = 1
    )
        -> LayoutConstraint
    {
        make(.greaterThanOrEqual, anchor, constant: multiplier * systemSpacing)
    }

    /// `self <= anchor + multiplier × 8`.
    public func constraint(
        lessThanOrEqualToSystemSpacingAfter anchor: LayoutXAxisAnchor, multiplier: Double = 1
    )
        -> LayoutConstraint
    {
        make(.lessThanOrEqual, anchor, constant: multiplier * systemSpacing)
    }
}

/// A vertical edge, centre or baseline. Mirrors `NSLayoutYAxisAnchor`.
public final class LayoutYAxisAnchor: LayoutAnchor<LayoutYAxisAnchor> {
    /// `self == anchor + multiplier × 8`: the system spacing below `anchor`. Mirrors
    /// `constraint(equalToSystemSpacingBelow:multiplier:)`.
    public func constraint(
        equalToSystemSpacingBelow anchor: LayoutYAxisAnchor, multiplier: Double = 1
    )
        -> LayoutConstraint
    {
        make(.equal, anchor, constant: multiplier * systemSpacing)
    }

    /// `self >= anchor + multiplier × 8`.
    public func constraint(
        greaterThanOrEqualToSystemSpacingBelow anchor: LayoutYAxisAnchor, multiplier: Double = 1
    )
        -> LayoutConstraint
    {
        make(.greaterThanOrEqual, anchor, constant: multiplier * systemSpacing)
    }

    /// `self <= anchor + multiplier × 8`.
    public func constraint(
        lessThanOrEqualToSystemSpacingBelow anchor: LayoutYAxisAnchor, multiplier: Double = 1
    )
        -> LayoutConstraint
    {
        make(.lessThanOrEqual, anchor, constant: multiplier * systemSpacing)
    }
}

/// A width or height. Mirrors `NSLayoutDimension`.
public final class LayoutDimension: LayoutAnchor<LayoutDimension> {
    /// `self == constant`, points.
    public func constraint(equalToConstant constant: Double) -> LayoutConstraint {
        make(.equal, nil, constant: constant)
    }

    /// `self >= constant`, points.
    public func constraint(greaterThanOrEqualToConstant constant: Double) -> LayoutConstraint {
        make(.greaterThanOrEqual, nil, constant: constant)
    }

    /// `self <= constant`, points.
    public func constraint(lessThanOrEqualToConstant constant: Double) -> LayoutConstraint {
        make(.lessThanOrEqual, nil, constant: constant)
    }

    /// `self == multiplier × anchor + constant`.
    public func constraint(
        equalTo anchor: LayoutDimension, multiplier: Double, constant: Double = 0
    )
        -> LayoutConstraint
    {
        make(.equal, anchor, multiplier: multiplier, constant: constant)
    }

    /// `self >= multiplier × anchor + constant`.
    public func constraint(
        greaterThanOrEqualTo anchor: LayoutDimension, multiplier: Double, constant: Double = 0
    )
        -> LayoutConstraint
    {
        make(.greaterThanOrEqual, anchor, multiplier: multiplier, constant: constant)
    }

    /// `self <= multiplier × anchor + constant`.
    public func constraint(
        lessThanOrEqualTo anchor: LayoutDimension, multiplier: Double, constant: Double = 0
    )
        -> LayoutConstraint
    {
        make(.lessThanOrEqual, anchor, multiplier: multiplier, constant: constant)
    }
}

/// The anchors every layout item has.
public protocol LayoutAnchoring: LayoutItem {}

extension LayoutAnchoring {
    /// The leading edge (the left edge: Kinema lays out left to right).
    public var leadingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .leading) }
    /// The trailing edge (the right edge).
    public var trailingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .trailing) }
    /// The left edge.
    public var leftAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .left) }
    /// The right edge.
    public var rightAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .right) }
    /// The top edge.
    public var topAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: self, attribute: .top) }
    /// The bottom edge.
    public var bottomAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: self, attribute: .bottom) }
    /// The width.
    public var widthAnchor: LayoutDimension { LayoutDimension(item: self, attribute: .width) }
    /// The height.
    public var heightAnchor: LayoutDimension { LayoutDimension(item: self, attribute: .height) }
    /// The horizontal centre.
    public var centerXAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .centerX) }
    /// The vertical centre.
    public var centerYAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: self, attribute: .centerY) }
}

extension View: LayoutAnchoring {
    /// The baseline of the first line of text (a ``Label``'s; the bottom edge of a view without
    /// text). Mirrors `UIView.firstBaselineAnchor`.
    public var firstBaselineAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: self, attribute: .firstBaseline) }
    /// The baseline of the last line of text (the bottom edge of a view without text). Mirrors
    /// `UIView.lastBaselineAnchor`.
    public var lastBaselineAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: self, attribute: .lastBaseline) }
}
