import KinemaGeometry

/// An integer rectangle of pixels: the pixels `x ..< x + width` by `y ..< y + height`.
///
/// Pixel (i, j) covers the square [i, i + 1) × [j, j + 1), so a rectangle of pixels is also the
/// region of the plane those squares cover. A rectangle with a width or height of 0 or less is
/// empty. Coordinates are kept within ±2³⁰ by the operations here, so sums never overflow.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    /// The first column, in pixels.
    public var x: Int
    /// The first row, in pixels.
    public var y: Int
    /// The number of columns (0 or less: empty).
    public var width: Int
    /// The number of rows (0 or less: empty).
    public var height: Int

    /// Creates a rectangle from its first column and row and its size, in pixels.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The empty rectangle at the origin.
    public static let zero = PixelRect(x: 0, y: 0, width: 0, height: 0)

    /// Whether the rectangle holds no pixels.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// One past the last column (`x + width`, clamped to ±2³⁰).
    public var maxX: Int { clamped.x + clamped.width }
    /// One past the last row (`y + height`, clamped to ±2³⁰).
    public var maxY: Int { clamped.y + clamped.height }

    /// The number of pixels, 0 when empty.
    public var area: Int { isEmpty ? 0 : clamped.width * clamped.height }

    /// The pixels in both rectangles; ``zero`` when they do not overlap.
    public func intersection(_ other: PixelRect) -> PixelRect {
        let a = clamped, b = other.clamped
        let x0 = max(a.x, b.x), y0 = max(a.y, b.y)
        let x1 = min(a.x + a.width, b.x + b.width), y1 = min(a.y + a.height, b.y + b.height)
        guard !a.isEmpty, !b.isEmpty, x1 > x0, y1 > y0 else { return .zero }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle holding both; an empty rectangle adds nothing (the union of two
    /// empty ones is ``zero``).
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other.isEmpty ? .zero : other.clamped }
        if other.isEmpty { return clamped }
        let a = clamped, b = other.clamped
        let x0 = min(a.x, b.x), y0 = min(a.y, b.y)
        return PixelRect(x: x0, y: y0, width: max(a.maxX, b.maxX) - x0, height: max(a.maxY, b.maxY) - y0)
    }

    /// The pixels of the rectangle that are not in `other`: up to four rectangles (the rows
    /// above and below `other`, then the parts left and right of it in its rows).
    public func subtracting(_ other: PixelRect) -> [PixelRect] {
        let i = intersection(other)
        guard !i.isEmpty else { return isEmpty ? [] : [clamped] }
        let a = clamped
        let pieces = [
            PixelRect(x: a.x, y: a.y, width: a.width, height: i.y - a.y),
            PixelRect(x: a.x, y: i.maxY, width: a.width, height: a.maxY - i.maxY),
            PixelRect(x: a.x, y: i.y, width: i.x - a.x, height: i.height),
            PixelRect(x: i.maxX, y: i.y, width: a.maxX - i.maxX, height: i.height),
        ]
        return pieces.filter { !$0.isEmpty }
    }

    /// The rectangle grown by `d` pixels on every side (shrunk for a negative `d`).
    public func grown(by d: Int) -> PixelRect {
        PixelRect(x: x - d, y: y - d, width: width + 2 * d, height: height + 2 * d).clamped
    }

    /// The smallest rectangle of pixels that covers `r`: its minimum rounded down and its
    /// maximum rounded up. Coordinates are clamped to ±2³⁰; a rectangle with a non-finite
    /// coordinate gives ``zero``.
    public static func enclosing(_ r: Rect) -> PixelRect {
        guard r.isFinite else { return .zero }
        let limit = Double(PixelRect.limit)
        func clamp(_ v: Double) -> Int { Int(min(max(v, -limit), limit)) }
        let x0 = clamp(r.minX.rounded(.down)), y0 = clamp(r.minY.rounded(.down))
        let x1 = clamp(r.maxX.rounded(.up)), y1 = clamp(r.maxY.rounded(.up))
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The same rectangle as a `Rect` in pixel units.
    public var rect: Rect { Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)) }

    public var description: String { "(\(x), \(y), \(width)×\(height))" }

    /// The largest coordinate magnitude the operations produce.
    static let limit = 1 << 30

    /// The rectangle with its edges clamped to ±``limit``, so sums cannot overflow.
    private var clamped: PixelRect {
        func c(_ v: Int) -> Int { min(max(v, -PixelRect.limit), PixelRect.limit) }
        let x0 = c(x), y0 = c(y)
        return PixelRect(x: x0, y: y0, width: c(c(width) + x0) - x0, height: c(c(height) + y0) - y0)
    }
}
