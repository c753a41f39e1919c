import KinemaGeometry

/// Insets by leading and trailing edge rather than left and right, points. Kinema lays out left
/// to right, so leading is left and trailing is right. Mirrors `NSDirectionalEdgeInsets`.
public struct DirectionalEdgeInsets: Hashable, Sendable {
    /// The inset of the top edge, points. Default 0.
    public var top: Double
    /// The inset of the leading (left) edge, points. Default 0.
    public var leading: Double
    /// The inset of the bottom edge, points. Default 0.
    public var bottom: Double
    /// The inset of the trailing (right) edge, points. Default 0.
    public var trailing: Double

    /// Insets from the four distances, points (each defaults to 0).
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// No inset.
    public static let zero = DirectionalEdgeInsets()

    /// The same insets by left and right.
    var edgeInsets: EdgeInsets { EdgeInsets(top: top, left: leading, bottom: bottom, right: trailing) }

    init(_ insets: EdgeInsets) {
        self.init(top: insets.top, leading: insets.left, bottom: insets.bottom, trailing: insets.right)
    }

    var isFinite: Bool { top.isFinite && leading.isFinite && bottom.isFinite && trailing.isFinite }
}
