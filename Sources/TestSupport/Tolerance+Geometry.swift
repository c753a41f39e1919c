import KinemaGeometry

/// Whether two colours agree within `tolerance` on every component.
public func isClose(_ a: Color, _ b: Color, _ tolerance: Double) -> Bool {
    isClose(a.red, b.red, tolerance) && isClose(a.green, b.green, tolerance)
        && isClose(a.blue, b.blue, tolerance) && isClose(a.alpha, b.alpha, tolerance)
}

/// Whether two vectors agree within `tolerance` on both components.
public func isClose(_ a: Vector, _ b: Vector, _ tolerance: Double) -> Bool {
    isClose(a.dx, b.dx, tolerance) && isClose(a.dy, b.dy, tolerance)
}

/// Whether two affine transforms agree within `tolerance` on every coefficient.
public func isClose(_ a: AffineTransform, _ b: AffineTransform, _ tolerance: Double) -> Bool {
    isClose(a.a, b.a, tolerance) && isClose(a.b, b.b, tolerance) && isClose(a.c, b.c, tolerance)
        && isClose(a.d, b.d, tolerance) && isClose(a.tx, b.tx, tolerance) && isClose(a.ty, b.ty, tolerance)
}

/// Whether two angles in radians agree within `tolerance`, modulo a full turn.
public func isCloseAngle(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool {
    let twoPi = 2 * Double.pi
    var d = (a - b).truncatingRemainder(dividingBy: twoPi)
    if d > Double.pi { d -= twoPi }
    if d < -Double.pi { d += twoPi }
    return abs(d) <= tolerance
}
