import Foundation
import KinemaGeometry
import KinemaPhysics

/// Builds the collision shape of an item from its size and ``DynamicItemCollisionBoundsType``.
enum ItemShapes {
    /// Vertices used for an ellipse that is not a circle.
    static let ellipseVertexCount = 32

    /// The item's shape in a body frame where the item's centre is at `offset` and its rotation
    /// is `angle`; `nil` (with a report) when it cannot be built.
    ///
    /// - `.rectangle`: the bounds box.
    /// - `.ellipse`: a circle when width == height, else a 32-gon circumscribed about the ellipse
    ///   with flat edges at the ends of both axes (so the extreme points are exact, and the area
    ///   is 0.3 % larger).
    /// - `.path`: the polygon of the path's first subpath (curves flattened to 0.1 pt, coarser if
    ///   the hull would have more than 64 vertices). UIKit asks for a convex polygon that does
    ///   not cross itself, wound either way. Kinema takes the convex hull of the points: a
    ///   concave or self-intersecting path is replaced by its hull with a diagnostic naming the
    ///   item. A path with fewer than 3 distinct points or no area falls back to the bounds
    ///   rectangle, also with a diagnostic.
    static func geometry(
        for item: any DynamicItem, offset: Point, angle: Double, report: (String) -> Void
    ) -> ShapeGeometry? {
        let size = item.bounds.size
        let w = size.width
        let h = size.height
        let name = "\(type(of: item)) at \(item.center)"
        switch item.collisionBoundsType {
        case .rectangle:
            return box(w, h, offset, angle)
        case .ellipse:
            if w == h { return .circle(center: offset, radius: w / 2) }
            // The affine image of a regular 32-gon circumscribed about the unit circle, turned
            // half a step so that flat edges touch the ellipse at the ends of both axes: the
            // extreme points are exact and the item rests on an edge, not on a vertex.
            var points: [Point] = []
            let n = Double(ellipseVertexCount)
            let scale = 1 / cos(Double.pi / n)
            for i in 0..<ellipseVertexCount {
                let t = 2 * Double.pi * (Double(i) + 0.5) / n
                let local = Point(x: w / 2 * scale * cos(t), y: h / 2 * scale * sin(t))
                points.append(offset + rotate(local, by: angle).vector)
            }
            guard let p = try? ConvexPolygon(points: points) else { return box(w, h, offset, angle) }
            return .polygon(p)
        case .path:
            return pathGeometry(item.collisionBoundingPath, name: name, w: w, h: h, offset: offset, angle: angle, report: report)
        }
    }

    /// Tolerances tried in turn until the path's hull has at most
    /// ``ConvexPolygon/maximumVertexCount`` vertices (a circle drawn with arcs flattens to many
    /// points).
    static let pathTolerances = [0.1, 0.5, 2.0, 8.0]

    /// The `.path` shape: the convex hull of the first subpath's points, either winding (UIKit
    /// accepts both); a concave or self-intersecting path is hulled with a diagnostic, and a path
    /// with fewer than 3 points or no area falls back to the bounds rectangle with a diagnostic.
    private static func pathGeometry(
        _ path: Path, name: String, w: Double, h: Double, offset: Point, angle: Double, report: (String) -> Void
    ) -> ShapeGeometry? {
        for tolerance in pathTolerances {
            let polylines = path.flattened(tolerance: tolerance)
            var points = polylines.first ?? []
            if points.count > 1, points.first == points.last { points.removeLast() }
            guard points.count >= 3, points.allSatisfy(\.isFinite) else {
                report("\(name): collisionBoundingPath needs a polygon of at least 3 finite points; using the bounds rectangle")
                return box(w, h, offset, angle)
            }
            let placed = points.map { offset + rotate($0, by: angle).vector }
            let hull: ConvexPolygon
            do {
                hull = try ConvexPolygon(points: placed)
            } catch {
                if case .invalidShape(let why) = error, why.contains("at most"), tolerance != pathTolerances.last { continue }
                report("\(name): collisionBoundingPath has no usable area (\(error)); using the bounds rectangle")
                return box(w, h, offset, angle)
            }
            if polylines.count > 1 {
                report("\(name): collisionBoundingPath has \(polylines.count) subpaths; only the first is used")
            }
            if !isConvex(points) {
                report("\(name): collisionBoundingPath is not convex (or crosses itself); using its convex hull")
            }
            return .polygon(hull)
        }
        return box(w, h, offset, angle)
    }

    /// Whether the closed polygon `points` turns the same way at every vertex and winds once.
    static func isConvex(_ points: [Point]) -> Bool {
        let n = points.count
        var positive = 0
        var negative = 0
        var winding = 0.0
        for i in 0..<n {
            let a = points[i]
            let b = points[(i + 1) % n]
            let c = points[(i + 2) % n]
            let e1 = Vector(dx: b.x - a.x, dy: b.y - a.y)
            let e2 = Vector(dx: c.x - b.x, dy: c.y - b.y)
            let turn = e1.cross(e2)
            if turn > 1e-9 { positive += 1 } else if turn < -1e-9 { negative += 1 }
            winding += atan2(turn, e1.dot(e2))
        }
        if positive > 0, negative > 0 { return false }
        // A star polygon turns one way at every vertex yet winds more than once.
        return abs(winding) <= 2 * Double.pi + 0.1
    }

    private static func box(_ w: Double, _ h: Double, _ offset: Point, _ angle: Double) -> ShapeGeometry? {
        guard let p = try? ConvexPolygon.box(width: w, height: h, center: offset, angle: angle) else { return nil }
        return .polygon(p)
    }
}
