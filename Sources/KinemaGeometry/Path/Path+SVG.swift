import Foundation

extension Path {
    /// Parses SVG path data (the `d` attribute), such as `"M10 10 h80 v60 a20 20 0 0 1 -20 20 z"`.
    ///
    /// Supports every command, absolute and relative: `M m L l H h V v C c S s Q q T t A a Z z`,
    /// with implicit repeats (extra coordinates repeat the command; after a `moveto` they are
    /// `lineto`s) and the compact number syntax (`M0-1.5.5e2` is `M 0 -1.5 0.5e2`; arc flags
    /// may touch the next number). `S` and `T` reflect the previous curve's control point.
    /// Elliptical arcs become cubic Béziers (at most a quarter turn each) following the SVG
    /// implementation notes: zero radii draw a line, radii too small to reach the end point are
    /// scaled up, and an arc to its own start point is omitted. Empty or all-whitespace data
    /// gives an empty path.
    ///
    /// - Throws: ``GeometryParseError`` with the 0-based UTF-8 offset and what was expected,
    ///   for example `path data at 7: expected a number after 'L'`. Data must start with a
    ///   moveto; numbers must be finite.
    public init(svgData text: String) throws {
        var parser = SVGPathParser(text)
        self = try parser.parse()
    }

    /// The path as SVG path data using only absolute `M`, `L`, `Q`, `C` and `Z`, with each
    /// number written in the shortest form that parses back to the same `Double`, so
    /// `try Path(svgData: p.svgData) == p`. An empty path gives `""`.
    public var svgData: String {
        var parts: [String] = []
        func n(_ p: Point) -> String { p.x.shortestText + " " + p.y.shortestText }
        for e in elements {
            switch e {
            case .moveTo(let p): parts.append("M" + n(p))
            case .lineTo(let p): parts.append("L" + n(p))
            case .quadCurveTo(let p, let c): parts.append("Q" + n(c) + " " + n(p))
            case .curveTo(let p, let c1, let c2): parts.append("C" + n(c1) + " " + n(c2) + " " + n(p))
            case .closeSubpath: parts.append("Z")
            }
        }
        return parts.joined(separator: " ")
    }
}

/// The SVG path-data parser behind ``Path/init(svgData:)``.
struct SVGPathParser {
    var s: TextScanner
    var path = Path()
    /// The current point (SVG's, which is also defined for an empty path).
    var current = Point.zero
    var subpathStart = Point.zero
    /// The second control point of the previous `C`/`S`, for `S` reflection.
    var lastCubicControl: Point?
    /// The control point of the previous `Q`/`T`, for `T` reflection.
    var lastQuadControl: Point?

    static let commands = Set("MmLlHhVvCcSsQqTtAaZz".utf8)

    init(_ text: String) { s = TextScanner(text) }

    mutating func parse() throws -> Path {
        var command: UInt8?
        while true {
            s.skipSeparator()
            guard let c = s.peek else { break }
            let letter = TextScanner.isLetter(c)
            if letter {
                guard Self.commands.contains(c) else {
                    throw error(
                        "expected a command letter (one of M m L l H h V v C c S s Q q T t A a Z z), got '\(Character(UnicodeScalar(c)))'")
                }
                if command == nil && c != UInt8(ascii: "M") && c != UInt8(ascii: "m") {
                    throw error("expected a moveto command ('M' or 'm') to start the path, got '\(Character(UnicodeScalar(c)))'")
                }
                s.index += 1
                command = c
            }
            guard let cmd = command else {
                throw error("expected a moveto command ('M' or 'm') to start the path, got \(s.quoteHere())")
            }
            if cmd == UInt8(ascii: "Z") || cmd == UInt8(ascii: "z") {
                if !letter {
                    throw error("expected a command letter after '\(Character(UnicodeScalar(cmd)))', got \(s.quoteHere())")
                }
                path.closeSubpath()
                current = subpathStart
                lastCubicControl = nil
                lastQuadControl = nil
                continue
            }
            try parseArguments(cmd)
            // After a moveto, further coordinate pairs are linetos.
            if cmd == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
            if cmd == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
        }
        return path
    }

    func error(_ message: String) -> GeometryParseError {
        GeometryParseError("path data at \(s.index): \(message)", offset: s.index)
    }

    mutating func number(_ cmd: UInt8) throws -> Double {
        s.skipSeparator()
        let start = s.index
        switch s.scanNumber() {
        case .number(let v, _):
            return v
        case .notFinite(let text):
            s.index = start
            throw error("the number '\(text)' after '\(Character(UnicodeScalar(cmd)))' is not finite")
        case .none:
            let got = s.isAtEnd ? "" : ", got \(s.quoteHere())"
            throw error("expected a number after '\(Character(UnicodeScalar(cmd)))'\(got)")
        }
    }

    mutating func flag(_ cmd: UInt8) throws -> Bool {
        s.skipSeparator()
        if s.consume(UInt8(ascii: "0")) { return false }
        if s.consume(UInt8(ascii: "1")) { return true }
        let got = s.isAtEnd ? "" : ", got \(s.quoteHere())"
        throw error("expected an arc flag (0 or 1) after '\(Character(UnicodeScalar(cmd)))'\(got)")
    }

    mutating func point(_ cmd: UInt8, relative: Bool) throws -> Point {
        let x = try number(cmd)
        let y = try number(cmd)
        return relative ? Point(x: current.x + x, y: current.y + y) : Point(x: x, y: y)
    }

    // Over 60 lines: one flat case per SVG path command, as the SVG grammar lists them.
    /// Reads one set of arguments of command `cmd` (lowercase: relative) and adds its segment.
    mutating func parseArguments(_ cmd: UInt8) throws {
        let relative = cmd >= UInt8(ascii: "a")
        let upper = relative ? cmd - 32 : cmd
        var cubicControl: Point?
        var quadControl: Point?
        switch upper {
        case UInt8(ascii: "M"):
            let p = try point(cmd, relative: relative)
            path.move(to: p)
            current = p
            subpathStart = p
        case UInt8(ascii: "L"):
            current = try point(cmd, relative: relative)
            path.addLine(to: current)
        case UInt8(ascii: "H"):
            let x = try number(cmd)
            current.x = relative ? current.x + x : x
            path.addLine(to: current)
        case UInt8(ascii: "V"):
            let y = try number(cmd)
            current.y = relative ? current.y + y : y
            path.addLine(to: current)
        case UInt8(ascii: "C"):
            let c1 = try point(cmd, relative: relative)
            let c2 = try point(cmd, relative: relative)
            let p = try point(cmd, relative: relative)
            path.addCurve(to: p, control1: c1, control2: c2)
            current = p
            cubicControl = c2
        case UInt8(ascii: "S"):
            let c1 = lastCubicControl.map { Point(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
            let c2 = try point(cmd, relative: relative)
            let p = try point(cmd, relative: relative)
            path.addCurve(to: p, control1: c1, control2: c2)
            current = p
            cubicControl = c2
        case UInt8(ascii: "Q"):
            let c = try point(cmd, relative: relative)
            let p = try point(cmd, relative: relative)
            path.addQuadCurve(to: p, control: c)
            current = p
            quadControl = c
        case UInt8(ascii: "T"):
            let c = lastQuadControl.map { Point(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
            let p = try point(cmd, relative: relative)
            path.addQuadCurve(to: p, control: c)
            current = p
            quadControl = c
        case UInt8(ascii: "A"):
            let rx = try number(cmd)
            let ry = try number(cmd)
            let rotation = try number(cmd)
            let largeArc = try flag(cmd)
            let sweep = try flag(cmd)
            let p = try point(cmd, relative: relative)
            addArc(to: p, rx: rx, ry: ry, rotationDegrees: rotation, largeArc: largeArc, sweep: sweep)
            current = p
        default:
            break
        }
        lastCubicControl = cubicControl
        lastQuadControl = quadControl
    }

    /// SVG implementation notes, "Elliptical arc implementation notes": endpoint to centre
    /// parameterization (F.6.5) with out-of-range radii corrected (F.6.6).
    mutating func addArc(
        to end: Point, rx rxIn: Double, ry ryIn: Double, rotationDegrees: Double,
        largeArc: Bool, sweep: Bool
    ) {
        let start = current
        if start == end { return }
        var rx = abs(rxIn)
        var ry = abs(ryIn)
        guard rx > 0, ry > 0 else {
            path.addLine(to: end)
            return
        }
        let phi = rotationDegrees.truncatingRemainder(dividingBy: 360) * .pi / 180
        let (cosPhi, sinPhi) = (cos(phi), sin(phi))
        let hx = (start.x - end.x) / 2
        let hy = (start.y - end.y) / 2
        let x1 = cosPhi * hx + sinPhi * hy
        let y1 = -sinPhi * hx + cosPhi * hy
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            let k = lambda.squareRoot()
            rx *= k
            ry *= k
        }
        let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var coef = den > 0 ? (max(0, num) / den).squareRoot() : 0
        if largeArc == sweep { coef = -coef }
        let cx1 = coef * rx * y1 / ry
        let cy1 = -coef * ry * x1 / rx
        let center = Point(
            x: cosPhi * cx1 - sinPhi * cy1 + (start.x + end.x) / 2,
            y: sinPhi * cx1 + cosPhi * cy1 + (start.y + end.y) / 2)
        let ux = (x1 - cx1) / rx, uy = (y1 - cy1) / ry
        let vx = (-x1 - cx1) / rx, vy = (-y1 - cy1) / ry
        let theta1 = atan2Safe(uy, ux)
        var delta = atan2Safe(ux * vy - uy * vx, ux * vx + uy * vy)
        if !sweep && delta > 0 { delta -= 2 * .pi }
        if sweep && delta < 0 { delta += 2 * .pi }
        guard center.isFinite, rx.isFinite, ry.isFinite else {
            path.addLine(to: end)
            return
        }
        path.addEllipticalArc(
            center: center, radiusX: rx, radiusY: ry, rotation: phi, startAngle: theta1, sweep: delta, end: end)
    }
}
