import KinemaGeometry
import KinemaPhysics

/// The area in which a field acts, measured from the field's position. Mirrors `UIRegion`.
///
/// A region starts as a circle, a rectangle or the whole plane, all centred on the origin (the
/// owning field's ``FieldBehavior/position``), and combines with others by set operations:
///
/// ```swift
/// let ring = Region(radius: 200).difference(from: Region(radius: 50))   // an annulus
/// ring.contains(Point(x: 100, y: 0))     // true
/// ring.contains(Point(x: 10, y: 0))      // false
/// Region.infinite.inverse().contains(.zero)   // false: the empty region
/// ```
///
/// Boundaries belong to the region: a point exactly on the circle or on the rectangle's edge is
/// inside. A negative or non-finite radius or size gives an empty region (UIKit documents neither).
/// Unlike `UIRegion`, this is a value type; the operations return new regions.
public struct Region: Sendable, Hashable {
    indirect enum Node: Sendable, Hashable {
        case everything
        case nothing
        /// Points at distance ≤ radius from the origin.
        case circle(radius: Double)
        /// Points with |x| ≤ halfWidth and |y| ≤ halfHeight.
        case rectangle(halfWidth: Double, halfHeight: Double)
        case complement(Node)
        case union(Node, Node)
        case intersection(Node, Node)
        /// The first minus the second.
        case subtraction(Node, Node)
    }

    let node: Node

    init(node: Node) { self.node = node }

    /// A circle of `radius` points around the field's position. Mirrors `UIRegion(radius:)`.
    public init(radius: Double) {
        node = radius.isFinite && radius >= 0 ? .circle(radius: radius) : .nothing
    }

    /// A rectangle of `size` points centred on the field's position. Mirrors `UIRegion(size:)`.
    public init(size: Size) {
        let valid = size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0
        node = valid ? .rectangle(halfWidth: size.width / 2, halfHeight: size.height / 2) : .nothing
    }

    /// The region that holds every point (the default of ``FieldBehavior/region``). Mirrors
    /// `UIRegion.infinite`.
    public static let infinite = Region(node: .everything)

    /// Every point not in this region. Mirrors `UIRegion.inverse()`.
    public func inverse() -> Region {
        switch node {
        case .everything: Region(node: .nothing)
        case .nothing: .infinite
        case .complement(let inner): Region(node: inner)
        default: Region(node: .complement(node))
        }
    }

    /// The points in this region or in `other`. A union with ``infinite`` is ``infinite``.
    /// Mirrors `UIRegion.byUnion(with:)`.
    public func union(with other: Region) -> Region {
        switch (node, other.node) {
        case (.everything, _), (_, .everything): .infinite
        case (.nothing, _): other
        case (_, .nothing): self
        default: Region(node: .union(node, other.node))
        }
    }

    /// The points in this region that are not in `other`. Mirrors `UIRegion.byDifference(from:)`,
    /// which, despite its label, subtracts the argument from the receiver.
    public func difference(from other: Region) -> Region {
        switch (node, other.node) {
        case (.nothing, _), (_, .everything): Region(node: .nothing)
        case (_, .nothing): self
        default: Region(node: .subtraction(node, other.node))
        }
    }

    /// The points in both this region and `other`. Mirrors `UIRegion.byIntersection(with:)`.
    public func intersection(with other: Region) -> Region {
        switch (node, other.node) {
        case (.nothing, _), (_, .nothing): Region(node: .nothing)
        case (.everything, _): other
        case (_, .everything): self
        default: Region(node: .intersection(node, other.node))
        }
    }

    /// Whether `point`, in points relative to the field's position, is in the region. A
    /// non-finite point is never inside, not even the infinite region. Mirrors
    /// `UIRegion.contains(_:)`.
    public func contains(_ point: Point) -> Bool {
        guard point.x.isFinite, point.y.isFinite else { return false }
        return node.contains(point.x, point.y)
    }

    /// Whether this is the ``infinite`` region (the fast path: no test per item).
    var isInfinite: Bool { node == .everything }
}

extension Region.Node {
    func contains(_ x: Double, _ y: Double) -> Bool {
        switch self {
        case .everything: true
        case .nothing: false
        case .circle(let r): x * x + y * y <= r * r
        case .rectangle(let hw, let hh): abs(x) <= hw && abs(y) <= hh
        case .complement(let a): !a.contains(x, y)
        case .union(let a, let b): a.contains(x, y) || b.contains(x, y)
        case .intersection(let a, let b): a.contains(x, y) && b.contains(x, y)
        case .subtraction(let a, let b): a.contains(x, y) && !b.contains(x, y)
        }
    }
}
