import KinemaGeometry

extension Vec2 {
    @inline(__always) package init(_ p: Point) { self.init(p.x, p.y) }
    @inline(__always) package init(_ v: Vector) { self.init(v.dx, v.dy) }
    package var point: Point { Point(x: x, y: y) }
    package var vector: Vector { Vector(dx: x, dy: y) }
}
