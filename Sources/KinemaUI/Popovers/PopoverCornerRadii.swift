/// The radii of a popover body's four corners, points.
///
/// All four are the background's corner radius (at most half the body's width and height),
/// except where the arrow sits near the end of an edge: there the corner at that end shrinks,
/// to zero if need be, so that the arrow's base lies on a straight part of the outline. This is
/// how the arrow reaches a narrow source against a screen edge (a back button, a toolbar icon)
/// instead of stopping beside it. Kinema addition: UIKit's popover chrome is private.
public struct PopoverCornerRadii: Hashable, Sendable {
    /// The top-left corner's radius, points.
    public var topLeft: Double
    /// The top-right corner's radius, points.
    public var topRight: Double
    /// The bottom-right corner's radius, points.
    public var bottomRight: Double
    /// The bottom-left corner's radius, points.
    public var bottomLeft: Double

    public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    /// Four equal radii, points.
    public init(all radius: Double) {
        self.init(topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius)
    }

    /// Square corners.
    public static let zero = PopoverCornerRadii(all: 0)

    /// The radii in the order top-left, top-right, bottom-right, bottom-left.
    public var all: [Double] { [topLeft, topRight, bottomRight, bottomLeft] }

    /// The radii of the body mirrored left to right.
    public var mirrored: PopoverCornerRadii {
        PopoverCornerRadii(topLeft: topRight, topRight: topLeft, bottomRight: bottomLeft, bottomLeft: bottomRight)
    }
}
