/// A convex shape as GJK sees it: a point cloud (its core) plus a radius. Polygons are read in
/// place (their vertex array is shared, not copied); circles and segments keep their one or two
/// points inline, so building a proxy never allocates.
struct DistanceProxy {
    /// The polygon's vertices, or empty for circles and segments.
    private var polygonVertices: [Vec2]
    private var point0: Vec2
    private var point1: Vec2
    /// The number of core points: 1 (circle), 2 (segment) or the polygon's vertex count.
    private(set) var count: Int
    /// The rounding radius added around the core, points.
    private(set) var radius: Double

    init(_ geometry: Geometry) {
        switch geometry {
        case .circle(let c):
            polygonVertices = []
            point0 = c.center
            point1 = c.center
            count = 1
            radius = c.radius
        case .segment(let s):
            polygonVertices = []
            point0 = s.p1
            point1 = s.p2
            count = 2
            radius = 0
        case .polygon(let p):
            polygonVertices = p.vertices
            point0 = p.vertices.first ?? .zero
            point1 = point0
            count = p.vertices.count
            radius = p.radius
        }
    }

    @inline(__always) func vertex(_ i: Int) -> Vec2 {
        polygonVertices.isEmpty ? (i == 0 ? point0 : point1) : polygonVertices[i]
    }

    /// The index of the core point furthest along `d` (body frame); the first on ties.
    @inline(__always) func support(_ d: Vec2) -> Int {
        var best = 0
        var bestValue = vertex(0).dot(d)
        for i in 1..<max(count, 1) {
            let value = vertex(i).dot(d)
            if value > bestValue {
                best = i
                bestValue = value
            }
        }
        return best
    }
}
