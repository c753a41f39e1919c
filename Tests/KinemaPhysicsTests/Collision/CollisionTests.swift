import KinemaGeometry
import TestSupport
import Testing

@testable import KinemaPhysics

/// Shapes and poses shared by the narrow-phase tests.
enum CollisionFixtures {
    static func box(_ width: Double, _ height: Double, radius: Double = 0) -> Geometry {
        let hx = width / 2
        let hy = height / 2
        let points = [Point(x: -hx, y: -hy), Point(x: hx, y: -hy), Point(x: hx, y: hy), Point(x: -hx, y: hy)]
        // A force-try would crash the test runner on a bad fixture; fall back to a circle instead.
        guard let polygon = try? ConvexPolygon(points: points, radius: radius) else { return circle(1) }
        return Geometry(.polygon(polygon))
    }

    static func circle(_ radius: Double) -> Geometry { Geometry(.circle(center: .zero, radius: radius)) }

    static func segment(_ a: Vec2, _ b: Vec2) -> Geometry { Geometry(.segment(a.point, b.point)) }

    static func pose(_ x: Double, _ y: Double, angle: Double = 0) -> Transform2 {
        Transform2(p: Vec2(x, y), q: Rot(angle: angle))
    }

    /// A 400 × 20 floor whose top face is y = 100.
    static let floor = box(400, 20)
    static let floorPose = pose(0, 110)
    /// A zero-thickness boundary along y = 100.
    static let boundary = segment(Vec2(-200, 100), Vec2(200, 100))
}

@Suite struct CollisionTests {
    typealias F = CollisionFixtures
    let spec = 2.0

    /// Checks the contract every manifold keeps: unit normal, anchors from the body origins.
    func expectWellFormed(_ m: Manifold, _ xfA: Transform2, _ xfB: Transform2) {
        if m.pointCount > 0 { #expect(isClose(m.normal.length, 1, 1e-12)) }
        for i in 0..<m.pointCount {
            let p = m[i]
            #expect(isClose((p.anchorA - (p.point - xfA.p)).length, 0, 1e-12))
            #expect(isClose((p.anchorB - (p.point - xfB.p)).length, 0, 1e-12))
            #expect(p.separation <= spec)
        }
    }

    /// Points sorted by x, for order-free comparison.
    func sortedPoints(_ m: Manifold) -> [ManifoldPoint] {
        (0..<m.pointCount).map { m[$0] }.sorted { $0.point.x < $1.point.x }
    }

    @Test(arguments: [false, true]) func boxRestingOnFloorTouchesAtItsCornersWithZeroSeparation(onBoundary: Bool) {
        let box = F.box(20, 20)
        let xfBox = F.pose(5, 90)
        let floor = onBoundary ? F.boundary : F.floor
        let xfFloor = onBoundary ? Transform2.identity : F.floorPose
        for swapped in [false, true] {
            let m =
                swapped
                ? collide(floor, xfFloor, box, xfBox, speculativeDistance: spec)
                : collide(box, xfBox, floor, xfFloor, speculativeDistance: spec)
            #expect(m.pointCount == 2)
            expectWellFormed(m, swapped ? xfFloor : xfBox, swapped ? xfBox : xfFloor)
            // A → B: from the box down into the floor, or from the floor up into the box.
            #expect(m.normal == (swapped ? Vec2(0, -1) : Vec2(0, 1)))
            let points = sortedPoints(m)
            guard points.count == 2 else { continue }
            #expect(points[0].separation == 0)
            #expect(points[1].separation == 0)
            #expect(isClose(points[0].point.x, -5, 1e-12) && points[0].point.y == 100)
            #expect(isClose(points[1].point.x, 15, 1e-12) && points[1].point.y == 100)
        }
    }

    @Test func overlappingBoxesReportTheDepthAtBothCorners() {
        let m = collide(F.box(20, 20), F.pose(-3, 91), F.floor, F.floorPose, speculativeDistance: spec)
        #expect(m.pointCount == 2)
        for p in sortedPoints(m) {
            #expect(isClose(p.separation, -1, 1e-12))
            // Midway between the box bottom (101) and the floor top (100).
            #expect(isClose(p.point.y, 100.5, 1e-12))
        }
        let xs = sortedPoints(m).map(\.point.x)
        #expect(xs.count == 2 && isClose(xs[0], -13, 1e-12) && isClose(xs[1], 7, 1e-12))
    }

    @Test func smallBoxOnBigBoxAndBigOnSmallClipToTheSmallerFace() {
        // A 40-wide box on a 20-wide box: the contact spans the small box's top face.
        let small = F.box(20, 20)
        let big = F.box(40, 10)
        let xfSmall = F.pose(0, 10)
        let xfBig = F.pose(7, -5)
        let m = collide(big, xfBig, small, xfSmall, speculativeDistance: spec)
        #expect(m.pointCount == 2)
        #expect(m.normal == Vec2(0, 1))
        let points = sortedPoints(m)
        guard points.count == 2 else { return }
        #expect(isClose(points[0].point.x, -10, 1e-12) && isClose(points[1].point.x, 10, 1e-12))
        #expect(points.allSatisfy { $0.separation == 0 && $0.point.y == 0 })
    }

    @Test func speculativePointsAreKeptWithinTheDistanceAndDroppedBeyond() {
        let near = collide(F.box(20, 20), F.pose(0, 88.5), F.floor, F.floorPose, speculativeDistance: spec)
        #expect(near.pointCount == 2)
        #expect((0..<near.pointCount).allSatisfy { isClose(near[$0].separation, 1.5, 1e-12) })
        let far = collide(F.box(20, 20), F.pose(0, 87.5), F.floor, F.floorPose, speculativeDistance: spec)
        #expect(far.pointCount == 0)
        let farCircle = collide(F.circle(10), F.pose(0, 87.5), F.boundary, .identity, speculativeDistance: spec)
        #expect(farCircle.pointCount == 0)
    }

    @Test func rotatedBoxCornerIntoAFaceMakesOnePointAtTheCorner() {
        let halfDiagonal = 10 * 2.0.squareRoot()
        let xf = F.pose(3, 100 - halfDiagonal + 2, angle: Double.pi / 4)
        for floorCase in [(F.floor, F.floorPose), (F.boundary, Transform2.identity)] {
            let m = collide(F.box(20, 20), xf, floorCase.0, floorCase.1, speculativeDistance: spec)
            expectWellFormed(m, xf, floorCase.1)
            #expect(m.pointCount == 1)
            #expect(isClose(m.normal.x, 0, 1e-12) && isClose(m.normal.y, 1, 1e-12))
            guard m.pointCount == 1 else { continue }
            #expect(isClose(m[0].separation, -2, 1e-9))
            // The corner is at y = 102; midway to the face at 100.
            #expect(isClose(m[0].point.x, 3, 1e-9) && isClose(m[0].point.y, 101, 1e-9))
        }
    }

    @Test func cornerToCornerApproachUsesTheVertexToVertexNormal() {
        // Box B's top-left corner 3 pt right and 4 pt below box A's bottom-right corner.
        let xfA = F.pose(0, 0)
        let xfB = F.pose(23, 24)
        let m = collide(F.box(20, 20), xfA, F.box(20, 20), xfB, speculativeDistance: 6)
        #expect(m.pointCount == 1)
        #expect(isClose(m.normal.x, 0.6, 1e-12) && isClose(m.normal.y, 0.8, 1e-12))
        #expect(isClose(m[0].separation, 5, 1e-12))
        #expect(isClose(m[0].point.x, 11.5, 1e-12) && isClose(m[0].point.y, 12, 1e-12))
    }

    @Test func circleOnBoundaryAndOnFloor() {
        let xfCircle = F.pose(3, 90.5)
        for floorCase in [(F.floor, F.floorPose), (F.boundary, Transform2.identity)] {
            let m = collide(F.circle(10), xfCircle, floorCase.0, floorCase.1, speculativeDistance: spec)
            expectWellFormed(m, xfCircle, floorCase.1)
            #expect(m.pointCount == 1)
            #expect(m.normal == Vec2(0, 1))
            #expect(isClose(m[0].separation, -0.5, 1e-12))
            #expect(isClose(m[0].point.x, 3, 1e-12) && isClose(m[0].point.y, 100.25, 1e-12))
            let swapped = collide(floorCase.0, floorCase.1, F.circle(10), xfCircle, speculativeDistance: spec)
            #expect(swapped.pointCount == 1)
            #expect(swapped.normal == Vec2(0, -1))
            #expect(isClose(swapped[0].separation, -0.5, 1e-12))
            expectWellFormed(swapped, floorCase.1, xfCircle)
        }
    }

    @Test func circleBeyondAPolygonCornerUsesTheCornerNormal() {
        // Corner (10, −10) of a 20 × 20 box; the circle centre is (4, −3) from it: 5 pt away.
        let xfBox = F.pose(100, 200)
        let xfCircle = F.pose(114, 187)
        let m = collide(F.box(20, 20), xfBox, F.circle(4), xfCircle, speculativeDistance: spec)
        #expect(m.pointCount == 1)
        #expect(isClose(m.normal.x, 0.8, 1e-12) && isClose(m.normal.y, -0.6, 1e-12))
        #expect(isClose(m[0].separation, 1, 1e-12))
        // Midway between the corner and the circle's surface (0.5 pt from the corner).
        #expect(isClose(m[0].point.x, 110.4, 1e-12) && isClose(m[0].point.y, 189.7, 1e-12))
        let swapped = collide(F.circle(4), xfCircle, F.box(20, 20), xfBox, speculativeDistance: spec)
        #expect(isClose(swapped.normal.x, -0.8, 1e-12) && isClose(swapped.normal.y, 0.6, 1e-12))
        expectWellFormed(swapped, xfCircle, xfBox)
    }

    @Test func circleInTheCornerOfAFloorAndAWallTouchesBoth() {
        // Floor top at y = 100, wall's left face at x = 50; a circle of radius 10 sunk 0.25 into each.
        let wall = F.box(20, 200)
        let xfWall = F.pose(60, 0)
        let xfCircle = F.pose(40.25, 90.25)
        let onFloor = collide(F.circle(10), xfCircle, F.floor, F.floorPose, speculativeDistance: spec)
        let onWall = collide(F.circle(10), xfCircle, wall, xfWall, speculativeDistance: spec)
        #expect(onFloor.pointCount == 1 && onWall.pointCount == 1)
        #expect(onFloor.normal == Vec2(0, 1))
        #expect(onWall.normal == Vec2(1, 0))
        #expect(isClose(onFloor[0].separation, -0.25, 1e-12))
        #expect(isClose(onWall[0].separation, -0.25, 1e-12))
        #expect(isClose(onWall[0].point.x, 50.125, 1e-12) && isClose(onWall[0].point.y, 90.25, 1e-12))
        #expect(isClose(onFloor[0].point.x, 40.25, 1e-12) && isClose(onFloor[0].point.y, 100.125, 1e-12))
    }

    @Test func circleInsideAPolygonPushesOutThroughTheNearestFace() {
        // Centre 3 pt inside the bottom face (y = 10) of a 20 × 20 box, radius 2.
        let m = collide(F.box(20, 20), .identity, F.circle(2), F.pose(4, 7), speculativeDistance: spec)
        #expect(m.pointCount == 1)
        #expect(m.normal == Vec2(0, 1))
        #expect(isClose(m[0].separation, -5, 1e-12))
    }

    @Test func circlesTouchAlongTheLineOfCentres() {
        // Centres 10 apart along (0.6, 0.8), radii 3 + 6: 1 pt apart.
        let m = collide(F.circle(3), F.pose(1, 2), F.circle(6), F.pose(7, 10), speculativeDistance: spec)
        #expect(m.pointCount == 1)
        #expect(isClose(m.normal.x, 0.6, 1e-12) && isClose(m.normal.y, 0.8, 1e-12))
        #expect(isClose(m[0].separation, 1, 1e-12))
        // Surfaces at 3 and 4 along the line from (1, 2): midway at 3.5.
        #expect(isClose(m[0].point.x, 1 + 0.6 * 3.5, 1e-12) && isClose(m[0].point.y, 2 + 0.8 * 3.5, 1e-12))
        let far = collide(F.circle(3), F.pose(1, 2), F.circle(2), F.pose(7, 10), speculativeDistance: spec)
        #expect(far.pointCount == 0)
    }

    @Test func roundedPolygonRestsOnItsSkin() {
        // Core 20 × 20 with a 2 pt skin: the surface is 2 pt below the core.
        let xf = F.pose(0, 88)
        let m = collide(F.box(20, 20, radius: 2), xf, F.floor, F.floorPose, speculativeDistance: spec)
        #expect(m.pointCount == 2)
        for p in sortedPoints(m) {
            #expect(isClose(p.separation, 0, 1e-12))
            #expect(isClose(p.point.y, 100, 1e-12))
        }
        let sunk = collide(F.box(20, 20, radius: 2), F.pose(0, 89), F.boundary, .identity, speculativeDistance: spec)
        #expect(sunk.pointCount == 2)
        #expect((0..<sunk.pointCount).allSatisfy { isClose(sunk[$0].separation, -1, 1e-12) })
    }

    @Test func segmentsNeverCollideWithEachOther() {
        let m = collide(F.boundary, .identity, F.segment(Vec2(0, 0), Vec2(0, 200)), .identity, speculativeDistance: spec)
        #expect(m.pointCount == 0)
    }

    @Test func featureIDsPersistAcrossSmallMotions() {
        var generator = SeededGenerator(seed: 7)
        for floorCase in [(F.floor, F.floorPose), (F.boundary, Transform2.identity)] {
            let base = collide(F.box(20, 20), F.pose(0, 90), floorCase.0, floorCase.1, speculativeDistance: spec)
            let baseIDs = Set((0..<base.pointCount).map { base[$0].id })
            #expect(baseIDs.count == 2)
            for _ in 0..<100 {
                let dx = Double.random(in: -3...3, using: &generator)
                let dy = Double.random(in: -0.5...0.5, using: &generator)
                let angle = Double.random(in: -0.01...0.01, using: &generator)
                let m = collide(F.box(20, 20), F.pose(dx, 90 + dy, angle: angle), floorCase.0, floorCase.1, speculativeDistance: spec)
                #expect(Set((0..<m.pointCount).map { m[$0].id }) == baseIDs)
            }
        }
    }

    @Test func featureIDsPersistWhenTheReferenceFaceIsOnB() {
        // A corner of a 45°-turned box A into the floor B: the floor's face is the reference.
        var generator = SeededGenerator(seed: 13)
        let halfDiagonal = 10 * 2.0.squareRoot()
        let base = collide(
            F.box(20, 20), F.pose(0, 101 - halfDiagonal, angle: Double.pi / 4), F.floor, F.floorPose, speculativeDistance: spec)
        #expect(base.pointCount == 1)
        for _ in 0..<100 {
            let dx = Double.random(in: -5...5, using: &generator)
            let dy = Double.random(in: -0.5...0.5, using: &generator)
            let angle = Double.pi / 4 + Double.random(in: -0.05...0.05, using: &generator)
            let m = collide(
                F.box(20, 20), F.pose(dx, 101 - halfDiagonal + dy, angle: angle), F.floor, F.floorPose, speculativeDistance: spec)
            #expect(m.pointCount == 1)
            #expect(m.pointCount == 1 && m[0].id == base[0].id)
            #expect(m.normal.y > 0.99)
        }
    }

    @Test func circleFeatureIDsNameTheFaceOrTheVertex() {
        let box = F.box(20, 20)
        // Over the top face at two places: the same id.
        let face1 = collide(box, .identity, F.circle(5), F.pose(-4, -14), speculativeDistance: spec)
        let face2 = collide(box, .identity, F.circle(5), F.pose(6, -14.5), speculativeDistance: spec)
        #expect(face1.pointCount == 1 && face2.pointCount == 1)
        #expect(face1[0].id == face2[0].id)
        // Beyond the top-right corner: a different id.
        let corner = collide(box, .identity, F.circle(5), F.pose(13, -13), speculativeDistance: spec)
        #expect(corner.pointCount == 1)
        #expect(corner[0].id != face1[0].id)
    }

    @Test func deeplyOverlappingBoxesPushApartAlongTheShallowestAxis() {
        // B's centre 4 pt right and 15 pt below A's: overlap 16 in x, 5 in y; the y axis wins.
        let m = collide(F.box(20, 20), .identity, F.box(20, 20), F.pose(4, 15), speculativeDistance: spec)
        #expect(m.normal == Vec2(0, 1))
        #expect(m.pointCount == 2)
        #expect((0..<m.pointCount).allSatisfy { isClose(m[$0].separation, -5, 1e-12) })
    }

    @Test func nonFinitePosesMakeNoContact() {
        let bad = Transform2(p: Vec2(.nan, 0), q: .identity)
        #expect(collide(F.box(20, 20), bad, F.floor, F.floorPose, speculativeDistance: spec).pointCount == 0)
        #expect(
            collide(F.circle(5), .identity, F.boundary, Transform2(p: .zero, q: Rot(c: .infinity, s: 0)), speculativeDistance: spec)
                .pointCount == 0)
        let sweep = Sweep(localCenter: .zero, c1: Vec2(0, .nan), c2: Vec2(0, 200), q1: .identity, q2: .identity)
        let still = Sweep(localCenter: .zero, c1: .zero, c2: .zero, q1: .identity, q2: .identity)
        #expect(timeOfImpact(F.box(10, 10), sweep, F.boundary, still, tMax: 1, target: 0.25, tolerance: 0.06).state == .failed)
    }

    @Test func swappingTheArgumentsReversesTheNormalAndKeepsThePoints() {
        var generator = SeededGenerator(seed: 11)
        let shapes = [F.box(20, 20), F.box(30, 10), F.circle(8), F.box(12, 12, radius: 1)]
        for _ in 0..<500 {
            let a = shapes[Int.random(in: 0..<shapes.count, using: &generator)]
            let b = shapes[Int.random(in: 0..<shapes.count, using: &generator)]
            let xfA = F.pose(
                Double.random(in: -20...20, using: &generator), Double.random(in: -20...20, using: &generator),
                angle: Double.random(in: -3...3, using: &generator))
            let xfB = F.pose(0, 0, angle: Double.random(in: -3...3, using: &generator))
            let ab = collide(a, xfA, b, xfB, speculativeDistance: spec)
            let ba = collide(b, xfB, a, xfA, speculativeDistance: spec)
            expectWellFormed(ab, xfA, xfB)
            expectWellFormed(ba, xfB, xfA)
            #expect(ab.pointCount == ba.pointCount)
            guard ab.pointCount == ba.pointCount, ab.pointCount > 0 else { continue }
            // Within the reference-face tolerance both orders may pick different faces only when
            // the separations agree; the deepest point agrees either way.
            let deepAB = (0..<ab.pointCount).map { ab[$0].separation }.min() ?? 0
            let deepBA = (0..<ba.pointCount).map { ba[$0].separation }.min() ?? 0
            #expect(isClose(deepAB, deepBA, 0.06))
            // The normal points from A towards B for these centrally symmetric shapes.
            #expect(ab.normal.dot(xfB.p - xfA.p) >= -1e-9)
        }
    }
}
