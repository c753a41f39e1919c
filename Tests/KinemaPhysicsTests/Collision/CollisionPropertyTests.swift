import Foundation
import KinemaGeometry
import TestSupport
import Testing

@testable import KinemaPhysics

/// Random shapes of every kind (polygons up to 64 vertices, rounded or not) in random poses,
/// checked against GJK distance.
@Suite struct CollisionPropertyTests {
    typealias F = CollisionFixtures

    static func randomShape(_ g: inout SeededGenerator) -> Geometry {
        switch Int.random(in: 0..<5, using: &g) {
        case 0: return F.circle(Double.random(in: 2...20, using: &g))
        case 1:
            let a = Vec2(Double.random(in: -30...30, using: &g), Double.random(in: -30...30, using: &g))
            let b = Vec2(Double.random(in: -30...30, using: &g), Double.random(in: -30...30, using: &g))
            return (a - b).length > 1 ? F.segment(a, b) : F.segment(Vec2(-10, 0), Vec2(10, 0))
        case 2: return F.box(Double.random(in: 2...40, using: &g), Double.random(in: 2...40, using: &g))
        default:
            // A regular-ish polygon with 3…64 vertices on an ellipse, maybe rounded.
            let n = Int.random(in: 3...64, using: &g)
            let rx = Double.random(in: 3...25, using: &g)
            let ry = Double.random(in: 3...25, using: &g)
            let phase = Double.random(in: 0...1, using: &g)
            let points = (0..<n).map { i -> Point in
                let t = 2 * Double.pi * (Double(i) + phase) / Double(n)
                return Point(x: rx * cos(t), y: ry * sin(t))
            }
            let radius = Bool.random(using: &g) ? Double.random(in: 0...3, using: &g) : 0
            guard let polygon = try? ConvexPolygon(points: points, radius: radius) else { return F.circle(5) }
            return Geometry(.polygon(polygon))
        }
    }

    static func isSegment(_ g: Geometry) -> Bool {
        if case .segment = g { return true }
        return false
    }

    @Test func manifoldsAgreeWithTheDistance() {
        var g = SeededGenerator(seed: 2026)
        let spec = 2.0
        var overlapping = 0
        var speculative = 0
        for trial in 0..<5000 {
            let a = Self.randomShape(&g)
            let b = Self.randomShape(&g)
            guard !(Self.isSegment(a) && Self.isSegment(b)) else { continue }
            let xfA = F.pose(
                Double.random(in: -40...40, using: &g), Double.random(in: -40...40, using: &g),
                angle: Double.random(in: -4...4, using: &g))
            let xfB = F.pose(
                Double.random(in: -40...40, using: &g), Double.random(in: -40...40, using: &g),
                angle: Double.random(in: -4...4, using: &g))
            let gap = distance(a, xfA, b, xfB).distance
            let m = collide(a, xfA, b, xfB, speculativeDistance: spec)
            #expect(m.pointCount <= 2)
            // Warm starting matches points by id: two points never share one.
            if m.pointCount == 2 { #expect(m[0].id != m[1].id, "trial \(trial)") }
            if m.pointCount > 0 {
                #expect(m.normal.isFinite && isClose(m.normal.length, 1, 1e-9), "trial \(trial)")
            }
            var deepest = Double.infinity
            for i in 0..<m.pointCount {
                let p = m[i]
                #expect(p.point.isFinite && p.separation.isFinite, "trial \(trial)")
                #expect(p.separation <= spec, "trial \(trial)")
                deepest = min(deepest, p.separation)
            }
            if gap > spec + 1e-9 {
                // Apart beyond the speculative distance: no points.
                #expect(m.pointCount == 0, "trial \(trial): gap \(gap)")
            } else if gap > 0 {
                speculative += 1
                // Within reach: a point, claiming little more room than there is. Clipping to a
                // short reference face of a many-sided polygon can cut off the closest vertex and
                // overstate a speculative gap by about 1% (boxes and segments are exact, see
                // CollisionDistanceTests).
                #expect(m.pointCount > 0, "trial \(trial): gap \(gap)")
                #expect(deepest <= 1.03 * gap + 1e-6, "trial \(trial): gap \(gap), deepest \(deepest)")
            } else {
                overlapping += 1
                #expect(m.pointCount > 0, "trial \(trial): overlapping")
                #expect(deepest <= 1e-6, "trial \(trial): overlapping, deepest \(deepest)")
            }
        }
        #expect(overlapping > 500 && speculative > 50)
    }
}
