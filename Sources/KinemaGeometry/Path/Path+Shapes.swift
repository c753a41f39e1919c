import Foundation

/// `4/3·(√2 − 1)`: the control-point distance, as a fraction of the radius, of the cubic that
/// best approximates a quarter circle.
let quarterCircleKappa = 4.0 / 3.0 * (2.0.squareRoot() - 1)

extension Path {
    /// A path that is a rectangle, or a rounded rectangle when `cornerRadius > 0`
    /// (`UIBezierPath(roundedRect:cornerRadius:)`; see ``addRoundedRect(in:cornerWidth:cornerHeight:)``).
    public init(rect: Rect, cornerRadius: Double = 0) {
        self.init()
        if cornerRadius > 0 {
            addRoundedRect(in: rect, cornerWidth: cornerRadius, cornerHeight: cornerRadius)
        } else {
            addRect(rect)
        }
    }

    /// A path that is the ellipse inscribed in `rect` (`CGPath(ellipseIn:transform:)`).
    public init(ellipseIn rect: Rect) {
        self.init()
        addEllipse(in: rect)
    }

    /// Adds a closed rectangular subpath (`CGMutablePath.addRect(_:)`): a move to
    /// `(minX, minY)`, lines to `(maxX, minY)`, `(maxX, maxY)`, `(minX, maxY)`, and a close.
    /// A rectangle with a non-finite coordinate is ignored.
    public mutating func addRect(_ rect: Rect) {
        guard rect.isFinite else { return }
        move(to: Point(x: rect.minX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.maxY))
        addLine(to: Point(x: rect.minX, y: rect.maxY))
        closeSubpath()
    }

    /// Adds a closed ellipse inscribed in `rect`, as four cubic Béziers
    /// (`CGMutablePath.addEllipse(in:)`).
    ///
    /// The subpath starts at `(maxX, midY)` and runs through `(midX, maxY)`, `(minX, midY)`
    /// and `(midX, minY)`: the direction of increasing angle, clockwise on an iOS screen.
    /// The approximation's radial error is below 0.03 % of the radius.
    public mutating func addEllipse(in rect: Rect) {
        guard rect.isFinite else { return }
        let r = rect.standardized
        let center = Point(x: r.midX, y: r.midY)
        move(to: Point(x: r.maxX, y: r.midY))
        addEllipticalArc(
            center: center, radiusX: r.width / 2, radiusY: r.height / 2, rotation: 0,
            startAngle: 0, sweep: 2 * .pi, end: Point(x: r.maxX, y: r.midY))
        closeSubpath()
    }

    /// Adds a closed rounded rectangle (`CGMutablePath.addRoundedRect(in:cornerWidth:cornerHeight:)`).
    ///
    /// `cornerWidth` and `cornerHeight` are the radii of the elliptical corners, in points,
    /// limited to half the rectangle's width and height (Core Graphics rejects larger values;
    /// we clamp). Negative or NaN radii count as 0, which gives a plain ``addRect(_:)``.
    /// The subpath starts at `(minX + cornerWidth, minY)` and runs clockwise on an iOS screen:
    /// a line and a cubic corner per side, then a close.
    public mutating func addRoundedRect(in rect: Rect, cornerWidth: Double, cornerHeight: Double) {
        guard rect.isFinite else { return }
        let r = rect.standardized
        let rx = clamp(cornerWidth, 0, r.width / 2)
        let ry = clamp(cornerHeight, 0, r.height / 2)
        guard rx > 0, ry > 0 else {
            addRect(r)
            return
        }
        let kx = rx * quarterCircleKappa
        let ky = ry * quarterCircleKappa
        let (x0, x1, y0, y1) = (r.minX, r.maxX, r.minY, r.maxY)
        move(to: Point(x: x0 + rx, y: y0))
        addLine(to: Point(x: x1 - rx, y: y0))
        addCurve(
            to: Point(x: x1, y: y0 + ry),
            control1: Point(x: x1 - rx + kx, y: y0), control2: Point(x: x1, y: y0 + ry - ky))
        addLine(to: Point(x: x1, y: y1 - ry))
        addCurve(
            to: Point(x: x1 - rx, y: y1),
            control1: Point(x: x1, y: y1 - ry + ky), control2: Point(x: x1 - rx + kx, y: y1))
        addLine(to: Point(x: x0 + rx, y: y1))
        addCurve(
            to: Point(x: x0, y: y1 - ry),
            control1: Point(x: x0 + rx - kx, y: y1), control2: Point(x: x0, y: y1 - ry + ky))
        addLine(to: Point(x: x0, y: y0 + ry))
        addCurve(
            to: Point(x: x0 + rx, y: y0),
            control1: Point(x: x0, y: y0 + ry - ky), control2: Point(x: x0 + rx - kx, y: y0))
        closeSubpath()
    }

    /// Adds a circular arc, approximated with cubic Béziers of at most a quarter turn each
    /// (`CGMutablePath.addArc(center:radius:startAngle:endAngle:clockwise:)`).
    ///
    /// Angles are in radians from the +x axis towards +y. If the path has a current point, a
    /// line joins it to the arc's start; otherwise the arc starts a new subpath.
    ///
    /// `clockwise` has Core Graphics' meaning, which is defined in a y-up space: `false` sweeps
    /// from `startAngle` towards *increasing* angles (clockwise on an iOS y-down screen) and
    /// `true` towards *decreasing* angles. (`UIBezierPath` flips this; we mirror `CGPath`.)
    /// The sweep is `endAngle − startAngle` reduced to less than a full turn in the chosen
    /// direction, except that a difference of a full turn or more in that direction draws a
    /// full circle. A negative radius counts as its magnitude; non-finite input is ignored.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        guard center.isFinite, radius.isFinite, startAngle.isFinite, endAngle.isFinite else { return }
        let r = abs(radius)
        let twoPi = 2 * Double.pi
        let raw = endAngle - startAngle
        var sweep: Double
        if clockwise {
            sweep = raw <= -twoPi ? -twoPi : -((-raw).truncatingRemainder(dividingBy: twoPi))
            if sweep > 0 { sweep -= twoPi }
        } else {
            sweep = raw >= twoPi ? twoPi : raw.truncatingRemainder(dividingBy: twoPi)
            if sweep < 0 { sweep += twoPi }
        }
        let start = Point(x: center.x + r * cos(startAngle), y: center.y + r * sin(startAngle))
        if currentPoint == nil {
            move(to: start)
        } else {
            addLine(to: start)
        }
        addEllipticalArc(center: center, radiusX: r, radiusY: r, rotation: 0, startAngle: startAngle, sweep: sweep)
    }

    /// Adds cubics approximating the arc of the ellipse with the given centre, radii (points)
    /// and x-axis rotation (radians), from parametric angle `startAngle` through `sweep`
    /// radians, in pieces of at most a quarter turn. Assumes the current point is the arc's
    /// start. `end`, when given, replaces the computed final point (to avoid round-off).
    mutating func addEllipticalArc(
        center: Point, radiusX rx: Double, radiusY ry: Double, rotation phi: Double,
        startAngle: Double, sweep: Double, end: Point? = nil
    ) {
        guard sweep != 0, sweep.isFinite else { return }
        // A quarter turn per piece; sweeps beyond a few turns only retrace the ellipse, so the
        // count is capped (which also keeps the conversion to Int in range).
        let pieces = max(1, Int(min((abs(sweep) / (Double.pi / 2) - 1e-9).rounded(.up), 64)))
        let delta = sweep / Double(pieces)
        let k = 4.0 / 3.0 * tan(delta / 4)
        let (cosPhi, sinPhi) = (cos(phi), sin(phi))
        func map(_ u: Double, _ v: Double) -> Point {
            Point(
                x: center.x + rx * u * cosPhi - ry * v * sinPhi,
                y: center.y + rx * u * sinPhi + ry * v * cosPhi)
        }
        var theta = startAngle
        for i in 0..<pieces {
            let next = i == pieces - 1 ? startAngle + sweep : theta + delta
            let (c0, s0) = (cos(theta), sin(theta))
            let (c1, s1) = (cos(next), sin(next))
            let p = (i == pieces - 1 ? end : nil) ?? map(c1, s1)
            addCurve(to: p, control1: map(c0 - k * s0, s0 + k * c0), control2: map(c1 + k * s1, s1 - k * c1))
            theta = next
        }
    }
}
