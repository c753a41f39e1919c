// Shapes of one outline share the outline's storage: a polygon's vertices and normals are arrays
// (and a run of points in the narrow phase's pool), and a thousand identical boxes would
// otherwise hold a thousand copies of the same eight points, twice.

extension ShapeStore {
    /// `geometry` and its narrow-phase outline for a new shape. A polygon equal to the previous
    /// one shares that polygon's arrays (copy-on-write) and its points in ``outlinePoints``;
    /// another polygon's points are added to the pool.
    mutating func sharingStorage(_ geometry: Geometry) -> (geometry: Geometry, outline: SolverOutline) {
        switch geometry {
        case .circle(let c): return (geometry, .circle(c))
        case .segment(let s): return (geometry, .segment(s))
        case .polygon(let p):
            if let last = lastPolygon, last.polygon.vertices == p.vertices, last.polygon.normals == p.normals,
                last.polygon.centroid == p.centroid, last.polygon.radius == p.radius
            {
                outlineUsers[last.outlineStart, default: 0] += 1
                return (.polygon(last.polygon), .polygon(start: last.outlineStart, count: Int32(p.count), radius: p.radius))
            }
            let start = Int32(outlinePoints.count)
            outlinePoints += p.vertices
            outlinePoints += p.normals
            outlineUsers[start] = 1
            lastPolygon = (p, start)
            return (geometry, .polygon(start: start, count: Int32(p.count), radius: p.radius))
        }
    }
}
