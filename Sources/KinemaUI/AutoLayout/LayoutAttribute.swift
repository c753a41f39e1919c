extension LayoutConstraint {
    /// The part of a view's or guide's alignment rectangle a constraint relates. Mirrors
    /// `NSLayoutConstraint.Attribute`.
    ///
    /// Kinema lays out left to right only, so `leading` is `left` and `trailing` is `right`.
    /// The `…Margin` attributes are the same edges of the item's ``View/layoutMarginsGuide``.
    public enum Attribute: String, Hashable, Sendable, CaseIterable {
        case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
        case lastBaseline, firstBaseline
        case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
        case centerXWithinMargins, centerYWithinMargins
        /// No attribute: the second attribute of a constraint with no second item.
        case notAnAttribute

        /// The axis the attribute lies on, `nil` for ``notAnAttribute``.
        var axis: Axis? {
            switch self {
            case .left, .right, .leading, .trailing, .width, .centerX, .leftMargin, .rightMargin,
                .leadingMargin, .trailingMargin, .centerXWithinMargins:
                return .horizontal
            case .top, .bottom, .height, .centerY, .lastBaseline, .firstBaseline, .topMargin, .bottomMargin,
                .centerYWithinMargins:
                return .vertical
            case .notAnAttribute: return nil
            }
        }

        /// Whether it is a size (width, height) rather than a position.
        var isDimension: Bool { self == .width || self == .height }

        /// The attribute of the layout margins guide this margin attribute stands for.
        var withoutMargin: Attribute? {
            switch self {
            case .leftMargin: return .left
            case .rightMargin: return .right
            case .topMargin: return .top
            case .bottomMargin: return .bottom
            case .leadingMargin: return .leading
            case .trailingMargin: return .trailing
            case .centerXWithinMargins: return .centerX
            case .centerYWithinMargins: return .centerY
            default: return nil
            }
        }
    }

    /// How the two sides of a constraint compare. Mirrors `NSLayoutConstraint.Relation`.
    public enum Relation: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        case lessThanOrEqual = -1
        case equal = 0
        case greaterThanOrEqual = 1

        public var description: String {
            switch self {
            case .lessThanOrEqual: return "<="
            case .equal: return "=="
            case .greaterThanOrEqual: return ">="
            }
        }
    }

    /// An axis of layout: what content hugging and compression resistance are set for.
    /// Mirrors `NSLayoutConstraint.Axis`.
    public enum Axis: Int, Hashable, Sendable, CaseIterable {
        case horizontal = 0
        case vertical = 1
    }
}
