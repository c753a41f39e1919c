import KinemaGeometry

/// Insets by leading and trailing edge rather than left and right, points. Kinema lays out left
/// to right, so leading is left and trailing is right. Mirrors `NSDirectionalEdgeInsets`.
public struct DirectionalEdgeInsets: Hashable, Sendable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

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
