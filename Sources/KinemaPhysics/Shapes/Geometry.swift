/// The solver's form of a shape's outline (body frame, `Vec2`).
enum Geometry: Sendable {
    case circle(Circle)
    case polygon(Polygon)
    case segment(Segment)

    init(_ g: ShapeGeometry) {
        switch g {
        case .circle(let c, let r): self = .circle(Circle(center: Vec2(c), radius: r))
        case .polygon(let p):
            self = .polygon(
                Polygon(
                    vertices: p.vertices.map { Vec2($0) }, normals: p.normals.map { Vec2($0) }, centroid: Vec2(p.centroid),
                    radius: p.radius))
        case .segment(let a, let b): self = .segment(Segment(p1: Vec2(a), p2: Vec2(b)))
        }
    }
}

struct Circle: Sendable {
    var center: Vec2
    var radius: Double
}

/// Vertices in Box2D order (cross of consecutive edges > 0), normals the edges' right perpendiculars.
struct Polygon: Sendable {
    var vertices: [Vec2]
    var normals: [Vec2]
    var centroid: Vec2
    var radius: Double
    var count: Int { vertices.count }
}

struct Segment: Sendable {
    var p1: Vec2
    var p2: Vec2
}

/// Mass, centre of mass and rotational inertia about the centre of mass.
struct MassData: Sendable {
    var mass: Double = 0
    var center: Vec2 = .zero
    var rotationalInertia: Double = 0
}

extension Geometry {
    /// Mass properties for `density` (mass = density × area / 10⁴, UIKit's 100 pt per metre).
    func massData(density: Double) -> MassData {
        let d = density / 10_000
        switch self {
        case .segment:
            return MassData()
        case .circle(let c):
            let rr = c.radius * c.radius
            let mass = d * Double.pi * rr
            // Inertia about the centre of mass.
            return MassData(mass: mass, center: c.center, rotationalInertia: mass * 0.5 * rr)
        case .polygon(let p):
            // Triangle fan about the first vertex; inertia about the centroid (rounded skin ignored
            // for mass: Kinema's item polygons have radius 0).
            let origin = p.vertices[0]
            var area = 0.0
            var center = Vec2.zero
            var inertia = 0.0
            for i in 1..<(p.count - 1) {
                let e1 = p.vertices[i] - origin
                let e2 = p.vertices[i + 1] - origin
                let D = e1.cross(e2)
                let triangleArea = 0.5 * D
                area += triangleArea
                center += (triangleArea / 3) * (e1 + e2)
                let intx2 = e1.x * e1.x + e2.x * e1.x + e2.x * e2.x
                let inty2 = e1.y * e1.y + e2.y * e1.y + e2.y * e2.y
                inertia += (0.25 / 3 * D) * (intx2 + inty2)
            }
            let mass = d * area
            center = (1 / area) * center
            let massCenter = origin + center
            // The fan's inertia is about the first vertex; shift it to the centroid.
            let inertiaAboutCentroid = d * inertia - mass * center.dot(center)
            return MassData(mass: mass, center: massCenter, rotationalInertia: inertiaAboutCentroid)
        }
    }
}
