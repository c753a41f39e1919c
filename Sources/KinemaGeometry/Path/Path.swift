/// A resolution-independent outline made of lines and Bézier curves, mirroring `CGPath` and
/// `CGMutablePath` as one value type.
///
/// Build a path with the same methods as `CGMutablePath` (``move(to:)``, ``addLine(to:)``,
/// ``addCurve(to:control1:control2:)``, ``addArc(center:radius:startAngle:endAngle:clockwise:)``,
/// …), from SVG path data (``init(svgData:)``), or from a shape (``init(rect:cornerRadius:)``,
/// ``init(ellipseIn:)``). Then measure it (``length``, ``point(atLength:)``), flatten it, hit-test
/// it (``contains(_:fillRule:)``) or animate along it (``segments``).
///
/// ```swift
/// var path = Path()
/// path.move(to: Point(x: 0, y: 0))
/// path.addCurve(to: Point(x: 100, y: 0),
///               control1: Point(x: 0, y: 100), control2: Point(x: 100, y: 100))
/// path.length                      // ≈ 200
/// path.point(atLength: 100)        // (50, 75)
/// path.svgData                     // "M0 0 C0 100 100 100 100 0"
/// ```
///
/// Invariants, kept by every mutating method:
/// - Every drawing element has a current point: a line or curve added to an empty path is
///   ignored (as `CGMutablePath` does, without the console warning), and drawing after
///   ``closeSubpath()`` first inserts a ``PathElement/moveTo(_:)`` back to the closed
///   subpath's start (as SVG specifies).
/// - Every coordinate is finite: an element with a NaN or infinite coordinate is ignored.
public struct Path: Hashable, Sendable {
    /// The elements, in drawing order.
    public private(set) var elements: [PathElement] = []
    /// The start of the current subpath.
    private var subpathStart: Point = .zero
    /// The current point, or `nil` for an empty path.
    private var current: Point?
    /// Whether the last element was `closeSubpath`.
    private var isClosed = false

    /// An empty path.
    public init() {}

    /// A path with the given elements, appended one by one through the builder methods (so a
    /// leading drawing element without a `moveTo` and non-finite elements are dropped).
    public init<S: Sequence>(elements: S) where S.Element == PathElement {
        for e in elements { append(e) }
    }

    /// Whether the path has no elements (`CGPath.isEmpty`).
    public var isEmpty: Bool { elements.isEmpty }

    /// The point where the next element starts, or `nil` for an empty path. After
    /// ``closeSubpath()`` it is the closed subpath's start.
    ///
    /// `CGPath.currentPoint` returns `.zero` for an empty path; we return `nil` instead.
    public var currentPoint: Point? { current }

    /// Appends one element through the matching builder method.
    public mutating func append(_ element: PathElement) {
        switch element {
        case .moveTo(let p): move(to: p)
        case .lineTo(let p): addLine(to: p)
        case .quadCurveTo(let p, let c): addQuadCurve(to: p, control: c)
        case .curveTo(let p, let c1, let c2): addCurve(to: p, control1: c1, control2: c2)
        case .closeSubpath: closeSubpath()
        }
    }

    /// Starts a new subpath at `point` (`CGMutablePath.move(to:)`).
    public mutating func move(to point: Point) {
        guard point.isFinite else { return }
        elements.append(.moveTo(point))
        subpathStart = point
        current = point
        isClosed = false
    }

    /// Adds a straight line from the current point to `point` (`CGMutablePath.addLine(to:)`).
    public mutating func addLine(to point: Point) {
        guard point.isFinite, prepareToDraw() else { return }
        elements.append(.lineTo(point))
        current = point
    }

    /// Adds a quadratic Bézier curve from the current point to `end`
    /// (`CGMutablePath.addQuadCurve(to:control:)`).
    public mutating func addQuadCurve(to end: Point, control: Point) {
        guard end.isFinite, control.isFinite, prepareToDraw() else { return }
        elements.append(.quadCurveTo(end, control: control))
        current = end
    }

    /// Adds a cubic Bézier curve from the current point to `end`
    /// (`CGMutablePath.addCurve(to:control1:control2:)`).
    public mutating func addCurve(to end: Point, control1: Point, control2: Point) {
        guard end.isFinite, control1.isFinite, control2.isFinite, prepareToDraw() else { return }
        elements.append(.curveTo(end, control1: control1, control2: control2))
        current = end
    }

    /// Appends every element of `other` (`CGMutablePath.addPath(_:)`).
    public mutating func addPath(_ other: Path) {
        for e in other.elements { append(e) }
    }

    /// Closes the current subpath with a straight line back to its start
    /// (`CGMutablePath.closeSubpath()`). Does nothing on an empty path or a subpath that is
    /// already closed.
    public mutating func closeSubpath() {
        guard current != nil, !isClosed else { return }
        elements.append(.closeSubpath)
        current = subpathStart
        isClosed = true
    }

    /// Whether a drawing element may be appended; re-opens a closed subpath with a `moveTo`.
    private mutating func prepareToDraw() -> Bool {
        guard current != nil else { return false }
        if isClosed {
            elements.append(.moveTo(subpathStart))
            isClosed = false
        }
        return true
    }
}

extension Path: CustomStringConvertible {
    /// The path as SVG path data (``svgData``).
    public var description: String { svgData }
}
