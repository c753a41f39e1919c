/// A shape's outline as the narrow phase reads it every step.
///
/// ``Geometry`` keeps a polygon's vertices and normals in two arrays, so each read of a shape's
/// geometry retained and released both (about a seventh of a 1,000-box world's step, all of it
/// in the narrow phase). This form is trivially copyable: a polygon's points live in the shape
/// store's pool (``ShapeStore/outlinePoints``), its vertices and then its normals.
enum SolverOutline {
    case circle(Circle)
    /// `count` vertices from `start` in the pool, then `count` normals.
    case polygon(start: Int32, count: Int32, radius: Double)
    case segment(Segment)

    /// The outline to collide, its polygon read in place from `pool` (the shape store's
    /// ``ShapeStore/outlinePoints``, which holds the points of every polygon outline).
    @inline(__always) func form(in pool: UnsafeBufferPointer<Vec2>) -> CollisionForm<PooledPolygon> {
        switch self {
        case .circle(let c): .circle(c)
        case .polygon(let start, let count, let radius):
            .polygon(PooledPolygon(points: pool.baseAddress! + Int(start), vertexCount: Int(count), radius: radius))
        case .segment(let s): .segment(s)
        }
    }
}

/// What the collision routines take: a circle, a convex outline read in place, or a segment.
enum CollisionForm<Outline: ConvexOutline> {
    case circle(Circle)
    case polygon(Outline)
    case segment(Segment)
}

extension Geometry {
    /// The geometry as the collision routines take it.
    var form: CollisionForm<Polygon> {
        switch self {
        case .circle(let c): .circle(c)
        case .polygon(let p): .polygon(p)
        case .segment(let s): .segment(s)
        }
    }
}

/// A polygon whose vertices and then normals are `2 × vertexCount` points at `points`.
struct PooledPolygon: ConvexOutline {
    let points: UnsafePointer<Vec2>
    let vertexCount: Int
    let radius: Double

    @inline(__always) func vertex(_ i: Int) -> Vec2 { points[i] }
    @inline(__always) func normal(_ i: Int) -> Vec2 { points[vertexCount + i] }
}

extension ShapeStore {
    /// Gives back the pool points of the shape at `i` (being released) once no other shape
    /// shares them. When the points no shape uses outnumber those in use, the pool is rebuilt
    /// from the live polygons, so a world whose shapes come and go keeps a pool the size of what
    /// it holds.
    mutating func releaseOutline(ofShape i: Int) {
        guard case .polygon(let start, let count, _) = elements[i].outline else { return }
        elements[i].outline = .segment(Segment(p1: .zero, p2: .zero))
        let users = (outlineUsers[start] ?? 1) - 1
        guard users == 0 else {
            outlineUsers[start] = users
            return
        }
        outlineUsers[start] = nil
        if lastPolygon?.outlineStart == start { lastPolygon = nil }
        unusedOutlinePoints += 2 * Int(count)
        guard unusedOutlinePoints > outlinePoints.count - unusedOutlinePoints else { return }
        var pool: [Vec2] = []
        pool.reserveCapacity(outlinePoints.count - unusedOutlinePoints)
        var moved: [Int32: Int32] = [:]
        for j in elements.indices where elements[j].isLive {
            guard case .polygon(let from, let count, let radius) = elements[j].outline else { continue }
            let to = moved[from] ?? Int32(pool.count)
            if moved[from] == nil {
                moved[from] = to
                pool += outlinePoints[Int(from)..<(Int(from) + 2 * Int(count))]
            }
            elements[j].outline = .polygon(start: to, count: count, radius: radius)
        }
        outlinePoints = pool
        unusedOutlinePoints = 0
        outlineUsers = Dictionary(uniqueKeysWithValues: outlineUsers.compactMap { key, n in moved[key].map { ($0, n) } })
        lastPolygon = lastPolygon.flatMap { last in moved[last.outlineStart].map { (last.polygon, $0) } }
    }
}
