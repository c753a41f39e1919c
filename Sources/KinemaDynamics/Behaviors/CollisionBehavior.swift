import KinemaGeometry
import KinemaPhysics

/// Hears when items touch each other or a boundary. Mirrors `UICollisionBehaviorDelegate`; every
/// method has an empty default. Each `began` is followed by exactly one `ended` for the same
/// pair, also when an item, a boundary or the behaviour is removed while touching.
public protocol CollisionBehaviorDelegate: AnyObject {
    /// Two items started touching at `point` (reference points).
    func collisionBehavior(
        _ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem, with item2: any DynamicItem, at point: Point)
    /// Two items stopped touching.
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem, with item2: any DynamicItem)
    /// An item started touching a boundary; `identifier` is `nil` for the reference bounds.
    func collisionBehavior(
        _ behavior: CollisionBehavior, beganContactFor item: any DynamicItem, withBoundaryIdentifier identifier: String?,
        at point: Point)
    /// An item stopped touching a boundary; `identifier` is `nil` for the reference bounds.
    func collisionBehavior(
        _ behavior: CollisionBehavior, endedContactFor item: any DynamicItem, withBoundaryIdentifier identifier: String?)
}

extension CollisionBehaviorDelegate {
    public func collisionBehavior(
        _ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem, with item2: any DynamicItem, at point: Point
    ) {}
    public func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem, with item2: any DynamicItem) {}
    public func collisionBehavior(
        _ behavior: CollisionBehavior, beganContactFor item: any DynamicItem, withBoundaryIdentifier identifier: String?,
        at point: Point
    ) {}
    public func collisionBehavior(
        _ behavior: CollisionBehavior, endedContactFor item: any DynamicItem, withBoundaryIdentifier identifier: String?
    ) {}
}

/// Makes items collide with each other and with boundaries. Mirrors `UICollisionBehavior`.
///
/// Items collide only when they share a collision behaviour whose ``collisionMode`` includes
/// `.items` (so {A, B} and {C, D} in two behaviours never make A and C collide); an item meets a
/// behaviour's boundaries when it is in that behaviour and the mode includes `.boundaries`.
/// There is no limit on the number of behaviours (no 32-bit category masks).
///
/// Boundaries are static bodies with friction 1 and elasticity 0, so the item's own values
/// decide a contact (friction mixes as √(μ₁μ₂), elasticity takes the larger). Boundary
/// identifiers are `String`s (UIKit accepts any `NSCopying`).
public class CollisionBehavior: DynamicBehavior {
    /// What a collision behaviour makes its items collide with. Mirrors `UICollisionBehavior.Mode`.
    public struct Mode: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Items collide with each other.
        public static let items = Mode(rawValue: 1 << 0)
        /// Items collide with the behaviour's boundaries.
        public static let boundaries = Mode(rawValue: 1 << 1)
        /// Both.
        public static let everything = Mode(rawValue: .max)
    }

    /// The items, in the order they were added.
    public private(set) var items: [any DynamicItem]
    /// Default `.everything`.
    public var collisionMode: Mode = .everything {
        didSet { setNeedsUpdate() }
    }
    /// Whether the animator's reference bounds (inset by the insets given to
    /// ``setTranslatesReferenceBoundsIntoBoundary(with:)``) are a boundary. Default `false`.
    /// It has no effect in an animator without reference bounds. Its identifier is `nil`.
    public var translatesReferenceBoundsIntoBoundary = false {
        didSet { boundariesDidChange() }
    }
    /// Told when items touch. Default `nil`.
    public weak var collisionDelegate: (any CollisionBehaviorDelegate)?

    var referenceInsets: EdgeInsets = .zero
    /// Named boundaries in the order they were added.
    var namedBoundaries: [(identifier: String, path: Path)] = []
    var boundarySlots: [Int] = []
    var boundariesNeedRebuild = true
    var builtReferenceBounds: Rect?

    /// A collision behaviour for `items` (duplicates are ignored).
    public init(items: [any DynamicItem]) {
        self.items = [any DynamicItem](uniqueItems: items)
        super.init()
    }

    /// Adds an item (ignored if present).
    public func addItem(_ item: any DynamicItem) {
        if items.appendUnique(item) { setNeedsUpdate() }
    }

    /// Removes an item (ignored if absent); its contacts end.
    public func removeItem(_ item: any DynamicItem) {
        guard items.removeItem(item) else { return }
        setNeedsUpdate()
    }

    /// Turns the reference bounds, inset by `insets` (positive values move edges inwards), into
    /// a boundary. Non-finite insets are ignored.
    public func setTranslatesReferenceBoundsIntoBoundary(with insets: EdgeInsets) {
        guard insets.top.isFinite, insets.left.isFinite, insets.bottom.isFinite, insets.right.isFinite else {
            dynamicAnimator?.report("setTranslatesReferenceBoundsIntoBoundary(with:): ignored non-finite insets")
            return
        }
        referenceInsets = insets
        translatesReferenceBoundsIntoBoundary = true
    }

    /// Adds (or replaces) a boundary made of the path's outline: every subpath is flattened to
    /// zero-thickness segments (a closed subpath includes its closing segment).
    public func addBoundary(withIdentifier identifier: String, for path: Path) {
        if let i = namedBoundaries.firstIndex(where: { $0.identifier == identifier }) {
            namedBoundaries[i].path = path
        } else {
            namedBoundaries.append((identifier, path))
        }
        boundariesDidChange()
    }

    /// Adds (or replaces) a boundary that is one zero-thickness segment from `p1` to `p2`
    /// (reference points). Ignored if a point is not finite.
    public func addBoundary(withIdentifier identifier: String, from p1: Point, to p2: Point) {
        guard p1.isFinite, p2.isFinite else {
            dynamicAnimator?.report("addBoundary(withIdentifier: \(identifier)): ignored non-finite end points")
            return
        }
        var path = Path()
        path.move(to: p1)
        path.addLine(to: p2)
        addBoundary(withIdentifier: identifier, for: path)
    }

    /// The path of a named boundary (a segment boundary is a two-point path), or `nil`.
    public func boundary(withIdentifier identifier: String) -> Path? {
        namedBoundaries.first { $0.identifier == identifier }?.path
    }

    /// Removes a named boundary; items touching it get `ended`.
    public func removeBoundary(withIdentifier identifier: String) {
        guard let i = namedBoundaries.firstIndex(where: { $0.identifier == identifier }) else { return }
        namedBoundaries.remove(at: i)
        boundariesDidChange()
    }

    /// The named boundaries' identifiers, in the order they were added.
    public var boundaryIdentifiers: [String] { namedBoundaries.map(\.identifier) }

    /// Removes every named boundary (not the reference bounds).
    public func removeAllBoundaries() {
        guard !namedBoundaries.isEmpty else { return }
        namedBoundaries.removeAll()
        boundariesDidChange()
    }

    private func boundariesDidChange() {
        boundariesNeedRebuild = true
        setNeedsUpdate()
    }

    // MARK: - Animator hooks

    override var ownItems: [any DynamicItem] { items }

    override func reconcile(in animator: DynamicAnimator) {
        let bounds = animator.referenceBounds
        if translatesReferenceBoundsIntoBoundary, builtReferenceBounds != bounds { boundariesNeedRebuild = true }
        guard boundariesNeedRebuild else { return }
        boundariesNeedRebuild = false
        for slot in boundarySlots { animator.destroyBoundary(slot: slot) }
        boundarySlots.removeAll()
        builtReferenceBounds = nil
        if translatesReferenceBoundsIntoBoundary {
            builtReferenceBounds = bounds
            let r = bounds.standardized.inset(by: referenceInsets)
            if r.isFinite, r.width > 0, r.height > 0 {
                if let slot = animator.makeBoundary(owner: self, identifier: nil, geometries: Self.frameBoxes(around: r)) {
                    boundarySlots.append(slot)
                }
            } else if bounds != .zero {
                animator.reportOnce("translatesReferenceBoundsIntoBoundary: the inset reference bounds \(r) are empty")
            }
        }
        for (identifier, path) in namedBoundaries {
            var geometries: [ShapeGeometry] = []
            for line in path.flattened(tolerance: 0.1) {
                for (p, q) in zip(line, line.dropFirst()) where p.isFinite && q.isFinite && p.distance(to: q) > 1e-6 {
                    geometries.append(.segment(p, q))
                }
            }
            if geometries.isEmpty {
                animator.reportOnce("boundary \"\(identifier)\": the path has no segments")
                continue
            }
            if let slot = animator.makeBoundary(owner: self, identifier: identifier, geometries: geometries) {
                boundarySlots.append(slot)
            }
        }
    }

    override func tearDown(in animator: DynamicAnimator) {
        for slot in boundarySlots { animator.destroyBoundary(slot: slot) }
        boundarySlots.removeAll()
        boundariesNeedRebuild = true
        builtReferenceBounds = nil
    }

    /// Four thick static boxes just outside `r` (thickness at least 100 pt), overlapping at the
    /// corners, so fast items cannot tunnel out.
    static func frameBoxes(around r: Rect) -> [ShapeGeometry] {
        let t = max(100, 0.5 * max(r.width, r.height))
        let boxes: [(Double, Double, Point)] = [
            (r.width + 2 * t, t, Point(x: r.midX, y: r.minY - t / 2)),
            (r.width + 2 * t, t, Point(x: r.midX, y: r.maxY + t / 2)),
            (t, r.height + 2 * t, Point(x: r.minX - t / 2, y: r.midY)),
            (t, r.height + 2 * t, Point(x: r.maxX + t / 2, y: r.midY)),
        ]
        return boxes.compactMap { w, h, c in
            (try? ConvexPolygon.box(width: w, height: h, center: c)).map { ShapeGeometry.polygon($0) }
        }
    }
}

extension DynamicAnimator {
    /// Creates a static boundary body for a collision behaviour; returns its slot.
    func makeBoundary(owner: CollisionBehavior, identifier: String?, geometries: [ShapeGeometry]) -> Int? {
        let slot: Int
        if let s = freeBoundarySlots.popLast() {
            slot = s
        } else {
            boundaries.append(nil)
            slot = boundaries.count - 1
        }
        var def = BodyDefinition(type: .static, position: .zero)
        def.userData = -(slot + 1)
        guard let body = try? world.createBody(def) else {
            freeBoundarySlots.append(slot)
            return nil
        }
        for g in geometries {
            var shape = ShapeDefinition(geometry: g)
            shape.friction = 1
            shape.restitution = 0
            shape.userData = -(slot + 1)
            if (try? world.createShape(on: body, shape)) == nil {
                reportOnce("boundary \(identifier.map { "\"\($0)\"" } ?? "(reference bounds)"): a segment was rejected")
            }
        }
        boundaries[slot] = BoundaryRecord(id: nextBoundaryID, ownerSerial: owner.attachSerial, identifier: identifier, body: body)
        nextBoundaryID += 1
        return slot
    }

    func destroyBoundary(slot: Int) {
        guard slot >= 0, slot < boundaries.count, let b = boundaries[slot] else { return }
        world.destroyBody(b.body)
        boundaries[slot] = nil
        freeBoundarySlots.append(slot)
    }
}
