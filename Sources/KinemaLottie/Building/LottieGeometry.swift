import Foundation
import KinemaGeometry

/// The outlines of Lottie's shape items, where they start and which way they run (which trim
/// paths make visible): as lottie-ios draws them.
enum LottieGeometry {
    /// The handle length of a quarter ellipse as a fraction of its radius (lottie-ios's
    /// `EllipseNode.ControlPointConstant`).
    static let ellipseKappa = 0.55228

    /// Adds a segment from the current point to `end`. `curve` forces a cubic even for a straight
    /// segment, so that every keyframe of an animated shape has the same elements and Core
    /// Animation interpolates them one by one.
    static func segment(_ path: inout Path, to end: Point, c1: Point, c2: Point, curve: Bool) {
        let start = path.currentPoint ?? end
        if !curve, c1 == start, c2 == end {
            path.addLine(to: end)
        } else {
            path.addCurve(to: end, control1: c1, control2: c2)
        }
    }

    /// A bezier shape (`sh`): each segment's handles are its end points plus their tangents.
    static func path(_ b: LottieBezier, uniform: Bool) -> Path {
        var path = Path()
        guard let first = b.vertices.first else { return path }
        path.move(to: first)
        let n = b.vertices.count
        let count = b.isClosed ? n : n - 1
        guard count > 0 else { return path }
        for k in 0..<count {
            let a = k, z = (k + 1) % n
            let c1 = b.vertices[a] + b.outTangents[a]
            let c2 = b.vertices[z] + b.inTangents[z]
            segment(&path, to: b.vertices[z], c1: c1, c2: c2, curve: uniform)
        }
        if b.isClosed { path.closeSubpath() }
        return path
    }

    /// A rectangle (`rc`) centred on `centre`: from the top-right corner down (clockwise on
    /// screen), or the other way when reversed; rounded corners start below the top-right one.
    static func rectangle(centre: Point, size: Size, radius: Double, reversed: Bool, uniform: Bool) -> Path {
        let w = abs(size.width), h = abs(size.height)
        let l = centre.x - w / 2, r = centre.x + w / 2, t = centre.y - h / 2, b = centre.y + h / 2
        let rr = max(0, min(radius, w / 2, h / 2))
        if rr == 0 && !uniform {
            let corners = [Point(x: r, y: t), Point(x: r, y: b), Point(x: l, y: b), Point(x: l, y: t)]
            let ordered = reversed ? [corners[0]] + corners[1...].reversed() : corners
            var path = Path()
            path.move(to: ordered[0])
            for p in ordered.dropFirst() { path.addLine(to: p) }
            path.closeSubpath()
            return path
        }
        // Eight vertices: a straight side, then a corner, clockwise from (r, t + rr).
        let k = rr * ellipseKappa
        let v: [Point] = [
            Point(x: r, y: t + rr), Point(x: r, y: b - rr), Point(x: r - rr, y: b), Point(x: l + rr, y: b),
            Point(x: l, y: b - rr), Point(x: l, y: t + rr), Point(x: l + rr, y: t), Point(x: r - rr, y: t),
        ]
        // Handles of the segment starting at vertex i (straight sides have none).
        let out: [Vector] = [
            .zero, Vector(dx: 0, dy: k), .zero, Vector(dx: -k, dy: 0), .zero, Vector(dx: 0, dy: -k), .zero, Vector(dx: k, dy: 0),
        ]
        let into: [Vector] = [
            Vector(dx: 0, dy: -k), .zero, Vector(dx: k, dy: 0), .zero, Vector(dx: 0, dy: k), .zero, Vector(dx: -k, dy: 0), .zero,
        ]
        var bezier = LottieBezier(isClosed: true, vertices: v, inTangents: into.map(Point.init), outTangents: out.map(Point.init))
        if reversed { bezier = bezier.reversed }
        return path(bezier, uniform: true)
    }

    /// An ellipse (`el`): from the top, clockwise (or the other way when reversed).
    static func ellipse(centre c: Point, size: Size, reversed: Bool) -> Path {
        let rx = size.width / 2, ry = size.height / 2
        let kx = rx * ellipseKappa, ky = ry * ellipseKappa
        let v = [
            Point(x: c.x, y: c.y - ry), Point(x: c.x + rx, y: c.y), Point(x: c.x, y: c.y + ry), Point(x: c.x - rx, y: c.y),
        ]
        let out = [Point(x: kx, y: 0), Point(x: 0, y: ky), Point(x: -kx, y: 0), Point(x: 0, y: -ky)]
        var bezier = LottieBezier(isClosed: true, vertices: v, inTangents: out.map { Point(x: -$0.x, y: -$0.y) }, outTangents: out)
        if reversed { bezier = bezier.reversed }
        return path(bezier, uniform: true)
    }

    /// A polystar (`sr`): the first outer point at `rotation − 90°`, clockwise, outer and inner
    /// points alternating for a star. Roundness handles are 0.47829 × radius × roundness for a
    /// star and 0.25 × radius × roundness for a polygon, as lottie-ios draws them; a fractional
    /// point count draws its last point partly, as lottie-ios does.
    static func star(
        centre c: Point, points: Double, outerRadius: Double, innerRadius: Double, outerRoundness: Double, innerRoundness: Double,
        rotation: Double, isPolygon: Bool, reversed: Bool
    ) -> Path {
        let count = max(0, min(points, 1000))
        let whole = Int(count.rounded(.down))
        guard whole >= 2 || (whole >= 1 && count > Double(whole)) else { return Path() }
        let step = 2 * Double.pi / count
        let perPoint = isPolygon ? 1 : 2
        let handle = isPolygon ? 0.25 : 0.47829
        var vertices: [Point] = [], tangents: [Vector] = []
        var angle = (rotation - 90) * .pi / 180
        let total = Int(count.rounded(.up)) * perPoint
        for i in 0..<total {
            let isOuter = isPolygon || i % 2 == 0
            let radius = isOuter ? outerRadius : innerRadius
            let roundness = (isOuter ? outerRoundness : innerRoundness) / 100
            vertices.append(Point(x: c.x + radius * cos(angle), y: c.y + radius * sin(angle)))
            let length = handle * radius * roundness
            tangents.append(Vector(dx: -sin(angle) * length, dy: cos(angle) * length))
            let remaining = count - Double(i / perPoint)
            let fraction = remaining < 1 && remaining > 0 ? remaining : 1
            angle += step / Double(perPoint) * fraction
        }
        var bezier = LottieBezier(
            isClosed: true, vertices: vertices, inTangents: tangents.map { Point(x: -$0.dx, y: -$0.dy) },
            outTangents: tangents.map(Point.init))
        if reversed { bezier = bezier.reversed }
        let uniform = outerRoundness != 0 || innerRoundness != 0
        return path(bezier, uniform: uniform)
    }
}

extension LottieGeometry {
    /// The handle length of a rounded corner as a fraction of its radius (lottie-web's
    /// `roundCorner`, the quarter circle's constant).
    static let cornerKappa = 0.5519

    /// `b` with every sharp corner (a vertex without tangents; not the ends of an open path)
    /// replaced by a curve from `radius` before it to `radius` after it along the two sides (at
    /// most half of each side), as After Effects' Round Corners does.
    static func roundingCorners(of b: LottieBezier, radius: Double) -> LottieBezier {
        let n = b.vertices.count
        guard radius > 0, n >= 3 else { return b }
        var result = LottieBezier(isClosed: b.isClosed, vertices: [], inTangents: [], outTangents: [])
        for i in 0..<n {
            let v = b.vertices[i]
            let sharp = b.inTangents[i] == .zero && b.outTangents[i] == .zero
            let isEnd = !b.isClosed && (i == 0 || i == n - 1)
            guard sharp, !isEnd else {
                result.vertices.append(v)
                result.inTangents.append(b.inTangents[i])
                result.outTangents.append(b.outTangents[i])
                continue
            }
            let prev = b.vertices[(i + n - 1) % n], next = b.vertices[(i + 1) % n]
            let dPrev = hypot(prev.x - v.x, prev.y - v.y), dNext = hypot(next.x - v.x, next.y - v.y)
            guard dPrev > 0, dNext > 0 else {
                result.vertices.append(v)
                result.inTangents.append(.zero)
                result.outTangents.append(.zero)
                continue
            }
            let r = min(radius, dPrev / 2, dNext / 2)
            let p1 = Point(x: v.x + (prev.x - v.x) * r / dPrev, y: v.y + (prev.y - v.y) * r / dPrev)
            let p2 = Point(x: v.x + (next.x - v.x) * r / dNext, y: v.y + (next.y - v.y) * r / dNext)
            result.vertices += [p1, p2]
            result.inTangents += [.zero, Point(x: (v.x - p2.x) * cornerKappa, y: (v.y - p2.y) * cornerKappa)]
            result.outTangents += [Point(x: (v.x - p1.x) * cornerKappa, y: (v.y - p1.y) * cornerKappa), .zero]
        }
        return result
    }
}

extension LottieBezier {
    /// The same outline run the other way from the same first vertex.
    var reversed: LottieBezier {
        guard vertices.count > 1 else { return self }
        let order = [0] + (1..<vertices.count).reversed()
        return LottieBezier(
            isClosed: isClosed, vertices: order.map { vertices[$0] }, inTangents: order.map { outTangents[$0] },
            outTangents: order.map { inTangents[$0] })
    }

    /// The shape a fraction `f` of the way to `other`, vertex by vertex; `self` when the vertex
    /// counts differ (a jump, as Core Animation's undefined path interpolation is not relied on).
    func interpolated(to other: LottieBezier, fraction f: Double) -> LottieBezier {
        guard other.vertices.count == vertices.count else { return f < 1 ? self : other }
        func mix(_ a: [Point], _ b: [Point]) -> [Point] {
            zip(a, b).map { Point(x: $0.x + ($1.x - $0.x) * f, y: $0.y + ($1.y - $0.y) * f) }
        }
        return LottieBezier(
            isClosed: isClosed, vertices: mix(vertices, other.vertices), inTangents: mix(inTangents, other.inTangents),
            outTangents: mix(outTangents, other.outTangents))
    }
}

extension Point {
    fileprivate init(_ v: Vector) { self.init(x: v.dx, y: v.dy) }
    fileprivate static func + (p: Point, q: Point) -> Point { Point(x: p.x + q.x, y: p.y + q.y) }
}
