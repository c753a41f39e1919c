import KinemaGeometry

extension Vec2 {
    @inline(__always) init(_ p: Point) { self.init(p.x, p.y) }
    @inline(__always) init(_ v: Vector) { self.init(v.dx, v.dy) }
    var point: Point { Point(x: x, y: y) }
    var vector: Vector { Vector(dx: x, dy: y) }
}
