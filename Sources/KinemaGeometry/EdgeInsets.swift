/// Distances to inset each edge of a rectangle by, in points.
///
/// Mirrors `UIEdgeInsets`. Positive values move an edge towards the centre, negative values
/// move it outwards. `top` and `bottom` follow iOS coordinates (y grows downwards), so `top`
/// moves the edge with the smaller y.
///
/// ```swift
/// let content = Rect(x: 0, y: 0, width: 200, height: 100)
///     .inset(by: EdgeInsets(top: 8, left: 16, bottom: 4, right: 12))
/// // content == Rect(x: 16, y: 8, width: 172, height: 88)
/// ```
public struct EdgeInsets: Hashable, Sendable, Codable {
    /// The inset of the edge with the smallest y, in points. Default 0.
    public var top: Double
    /// The inset of the edge with the smallest x, in points. Default 0.
    public var left: Double
    /// The inset of the edge with the largest y, in points. Default 0.
    public var bottom: Double
    /// The inset of the edge with the largest x, in points. Default 0.
    public var right: Double

    /// Creates insets from the four distances, in points (each defaults to 0).
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on every edge, in points.
    public init(all inset: Double) {
        self.init(top: inset, left: inset, bottom: inset, right: inset)
    }

    /// No inset on any edge (`UIEdgeInsets.zero`).
    public static let zero = EdgeInsets()

    /// `left + right`, in points.
    public var horizontal: Double { left + right }

    /// `top + bottom`, in points.
    public var vertical: Double { top + bottom }

    /// Whether all four insets are finite.
    public var isFinite: Bool { top.isFinite && left.isFinite && bottom.isFinite && right.isFinite }
}

extension EdgeInsets: CustomStringConvertible {
    public var description: String { "(top: \(top), left: \(left), bottom: \(bottom), right: \(right))" }
}
