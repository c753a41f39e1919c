/// Edges of a rectangle, as a set: where a ``ScreenEdgePanGestureRecognizer`` may start. Mirrors
/// `UIRectEdge` (with its raw values: top 1, left 2, bottom 4, right 8).
///
/// ```swift
/// let back = ScreenEdgePanGestureRecognizer { pan in print(pan.translation(in: nil)) }
/// back.edges = .left
/// ```
public struct RectEdge: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The top edge (smallest y). Mirrors `UIRectEdge.top`.
    public static let top = RectEdge(rawValue: 1 << 0)
    /// The left edge (smallest x). Mirrors `UIRectEdge.left`.
    public static let left = RectEdge(rawValue: 1 << 1)
    /// The bottom edge (largest y). Mirrors `UIRectEdge.bottom`.
    public static let bottom = RectEdge(rawValue: 1 << 2)
    /// The right edge (largest x). Mirrors `UIRectEdge.right`.
    public static let right = RectEdge(rawValue: 1 << 3)
    /// Every edge. Mirrors `UIRectEdge.all`.
    public static let all: RectEdge = [.top, .left, .bottom, .right]

    /// The edges in the set, listed as `[top, left]` (`[]` for none).
    public var description: String {
        let names = [(RectEdge.top, "top"), (.left, "left"), (.bottom, "bottom"), (.right, "right")]
            .filter { contains($0.0) }.map(\.1)
        return "[" + names.joined(separator: ", ") + "]"
    }
}
