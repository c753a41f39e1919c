import KinemaGeometry

/// The outline of a shape, in the body's own frame (points; the body origin is (0, 0)).
public enum ShapeGeometry: Sendable, Hashable {
    /// A disc.
    case circle(center: Point, radius: Double)
    /// A convex polygon (see ``ConvexPolygon``).
    case polygon(ConvexPolygon)
    /// A line segment of zero thickness (boundaries).
    case segment(Point, Point)
}

/// A convex polygon with its vertices in counter-clockwise order *in y-up terms*, which is
/// clockwise on a y-down screen. Build it with ``box(width:height:center:angle:)`` or
/// ``init(points:radius:)`` (which takes the convex hull of any point cloud, in any order).
///
/// `radius` rounds the polygon (a skin): Kinema uses 0 for items, so stacked views touch with
/// no visible gap.
public struct ConvexPolygon: Sendable, Hashable {
    /// The vertices, body frame, in solver order (see the type's notes). At least 3, at most
    /// ``maximumVertexCount``.
    public private(set) var vertices: [Point]
    /// Outward unit normals; `normals[i]` belongs to the edge from `vertices[i]` to `vertices[i+1]`.
    public private(set) var normals: [Vector]
    /// The area-weighted centroid, body frame.
    public private(set) var centroid: Point
    /// The rounding radius, points. Default 0.
    public private(set) var radius: Double

    /// The most vertices a polygon may have (ellipses use up to 32).
    public static let maximumVertexCount = 64

    /// The convex hull of `points` (any order), rounded by `radius`. Throws if fewer than three
    /// non-collinear finite points remain or the hull has no area.
    public init(points: [Point], radius: Double = 0) throws(DynamicsError) {
        try requireNonNegative(radius, "radius")
        guard points.allSatisfy(\.isFinite) else {
            throw .invalidShape("polygon points must be finite")
        }
        let hull = ConvexHull.compute(points.map { Vec2($0) })
        guard hull.count >= 3 else { throw .invalidShape("a polygon needs 3 points not on one line, got \(points.count)") }
        guard hull.count <= Self.maximumVertexCount else {
            throw .invalidShape("a polygon may have at most \(Self.maximumVertexCount) vertices, got \(hull.count)")
        }
        self.init(hull: hull, radius: radius)
    }

    /// From a hull already in solver order (see ``ConvexHull``).
    init(hull: [Vec2], radius: Double) {
        var normals: [Vector] = []
        normals.reserveCapacity(hull.count)
        for i in hull.indices {
            let e = hull[(i + 1) % hull.count] - hull[i]
            normals.append(e.rightPerp.normalized.vector)
        }
        // Centroid by triangle fan.
        var area = 0.0
        var c = Vec2.zero
        let origin = hull[0]
        for i in 1..<(hull.count - 1) {
            let e1 = hull[i] - origin
            let e2 = hull[i + 1] - origin
            let a = 0.5 * e1.cross(e2)
            c += (a / 3) * (e1 + e2)
            area += a
        }
        c = origin + (1 / area) * c
        self.vertices = hull.map(\.point)
        self.normals = normals
        self.centroid = c.point
        self.radius = radius
    }

    /// A `width` × `height` box centred at `center` (body frame), turned by `angle` radians.
    public static func box(
        width: Double, height: Double, center: Point = .zero, angle: Double = 0
    ) throws(DynamicsError)
        -> ConvexPolygon
    {
        guard width.isFinite, width > 0 else { throw .invalidValue(field: "width", expected: "a finite number > 0") }
        guard height.isFinite, height > 0 else { throw .invalidValue(field: "height", expected: "a finite number > 0") }
        try requireFinite(center.x, "center.x")
        try requireFinite(center.y, "center.y")
        try requireFinite(angle, "angle")
        let hx = width / 2
        let hy = height / 2
        let q = Rot(angle: angle)
        let c = Vec2(center)
        let corners = [Vec2(-hx, -hy), Vec2(hx, -hy), Vec2(hx, hy), Vec2(-hx, hy)].map { q.rotate($0) + c }
        return ConvexPolygon(hull: corners, radius: 0)
    }
}

/// Andrew's monotone chain, deterministic; drops collinear and duplicate points.
enum ConvexHull {
    /// Returns the hull with positive signed area in (x right, y down) cross terms: the order
    /// `(v[i+1]-v[i]).cross(v[i+2]-v[i+1]) > 0`, whose outward normals are the right
    /// perpendiculars of the edges.
    static func compute(_ input: [Vec2]) -> [Vec2] {
        let pts = input.sorted { ($0.x, $0.y) < ($1.x, $1.y) }
        guard pts.count >= 3 else { return [] }
        var lower: [Vec2] = []
        for p in pts {
            while lower.count >= 2, (lower[lower.count - 1] - lower[lower.count - 2]).cross(p - lower[lower.count - 1]) <= 1e-12 {
                lower.removeLast()
            }
            lower.append(p)
        }
        var upper: [Vec2] = []
        for p in pts.reversed() {
            while upper.count >= 2, (upper[upper.count - 1] - upper[upper.count - 2]).cross(p - upper[upper.count - 1]) <= 1e-12 {
                upper.removeLast()
            }
            upper.append(p)
        }
        lower.removeLast()
        upper.removeLast()
        let hull = lower + upper
        guard hull.count >= 3 else { return [] }
        // Reject slivers with (near) zero area.
        var area = 0.0
        for i in hull.indices { area += hull[i].cross(hull[(i + 1) % hull.count]) }
        guard abs(area) > 1e-9 else { return [] }
        return hull
    }
}
