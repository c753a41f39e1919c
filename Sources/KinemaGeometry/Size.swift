/// A width and a height, in points.
///
/// Mirrors `CGSize`. Sizes may be negative as values (as in Core Graphics); a ``Rect`` with a
/// negative size is standardized where geometry needs it.
public struct Size: Hashable, Sendable, Codable {
    /// The width, in points. Default 0.
    public var width: Double
    /// The height, in points. Default 0.
    public var height: Double

    /// Creates a size, in points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The zero size.
    public static let zero = Size(width: 0, height: 0)

    /// Whether both dimensions are finite.
    public var isFinite: Bool { width.isFinite && height.isFinite }
}

extension Size: CustomStringConvertible {
    public var description: String { "(\(width), \(height))" }
}
