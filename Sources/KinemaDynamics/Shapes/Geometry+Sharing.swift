// Shapes of one outline share the outline's storage: a polygon's vertices and normals are arrays,
// and a thousand identical boxes would otherwise hold a thousand copies of the same eight points.

extension ShapeStore {
    /// `geometry`, with a polygon's arrays replaced by those of the previous polygon when the two
    /// are equal (copy-on-write shares them; nothing else changes).
    mutating func sharingPolygonStorage(_ geometry: Geometry) -> Geometry {
        guard case .polygon(let p) = geometry else { return geometry }
        if let last = lastPolygon, last.vertices == p.vertices, last.normals == p.normals, last.centroid == p.centroid,
            last.radius == p.radius
        {
            return .polygon(last)
        }
        lastPolygon = p
        return geometry
    }
}
