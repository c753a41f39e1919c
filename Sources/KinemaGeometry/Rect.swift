/// A rectangle: an origin and a size, in points.
///
/// Mirrors `CGRect`. `minX`/`maxX` and friends work on the standardized rectangle, so a
/// rectangle with a negative width still reports `minX <= maxX`.
public struct Rect: Hashable, Sendable, Codable {
    /// The origin (the corner with the smallest coordinates when the size is positive), in points.
    public var origin: Point
    /// The size, in points.
    public var size: Size

    /// Creates a rectangle from an origin and a size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its coordinates, in points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }

    /// The rectangle at the origin with zero size.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The width, in points (may be negative).
    public var width: Double { size.width }
    /// The height, in points (may be negative).
    public var height: Double { size.height }
    /// The smallest x of the standardized rectangle.
    public var minX: Double { min(origin.x, origin.x + size.width) }
    /// The largest x of the standardized rectangle.
    public var maxX: Double { max(origin.x, origin.x + size.width) }
    /// The smallest y of the standardized rectangle.
    public var minY: Double { min(origin.y, origin.y + size.height) }
    /// The largest y of the standardized rectangle.
    public var maxY: Double { max(origin.y, origin.y + size.height) }
    /// The x of the centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// The y of the centre.
    public var midY: Double { origin.y + size.height / 2 }

    /// The rectangle with a non-negative width and height covering the same area.
    public var standardized: Rect {
        Rect(x: minX, y: minY, width: abs(size.width), height: abs(size.height))
    }

    /// Whether the area is zero.
    public var isEmpty: Bool { size.width == 0 || size.height == 0 }

    /// Whether every coordinate is finite.
    public var isFinite: Bool { origin.isFinite && size.isFinite }

    /// Whether `point` lies inside, with the minimum edges included and the maximum edges
    /// excluded (`minX <= x < maxX`), as `CGRect.contains(_:)` does.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The smallest rectangle containing every point, or `nil` for no points.
    public static func boundingBox<S: Sequence>(of points: S) -> Rect? where S.Element == Point {
        var it = points.makeIterator()
        guard let first = it.next() else { return nil }
        var lo = first
        var hi = first
        while let p = it.next() {
            lo.x = min(lo.x, p.x); lo.y = min(lo.y, p.y)
            hi.x = max(hi.x, p.x); hi.y = max(hi.y, p.y)
        }
        return Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
    }

    /// The smallest rectangle containing both, treating neither as empty.
    public func union(_ other: Rect) -> Rect {
        Rect.boundingBox(of: [
            Point(x: minX, y: minY), Point(x: maxX, y: maxY),
            Point(x: other.minX, y: other.minY), Point(x: other.maxX, y: other.maxY),
        ])!
    }

    /// The rectangle grown by `dx` on the left and right and `dy` at the top and bottom
    /// (negative values shrink it).
    public func insetBy(dx: Double, dy: Double) -> Rect {
        let s = standardized
        return Rect(x: s.minX + dx, y: s.minY + dy, width: s.width - 2 * dx, height: s.height - 2 * dy)
    }
}

extension Rect: CustomStringConvertible {
    public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}
