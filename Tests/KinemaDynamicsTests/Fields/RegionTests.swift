import KinemaGeometry
import Testing

@testable import KinemaDynamics

@Suite struct RegionTests {
    @Test func circleIncludesItsBoundaryAndNothingBeyond() {
        let circle = Region(radius: 50)
        #expect(circle.contains(Point(x: 30, y: -40)))  // exactly 50 away
        #expect(circle.contains(.zero))
        #expect(!circle.contains(Point(x: 30, y: -40.001)))
        #expect(!circle.contains(Point(x: 0, y: 50.0.nextUp)))
    }

    @Test func rectangleIsCentredOnTheOrigin() {
        // 200 wide, 60 tall: swapped axes would fail.
        let rect = Region(size: Size(width: 200, height: 60))
        #expect(rect.contains(Point(x: 100, y: 30)))
        #expect(rect.contains(Point(x: -100, y: -30)))
        #expect(!rect.contains(Point(x: 30, y: 100)))
        #expect(!rect.contains(Point(x: 100.0.nextUp, y: 0)))
        #expect(!rect.contains(Point(x: 0, y: -30.000_001)))
    }

    @Test func infiniteHoldsEverythingFiniteAndItsInverseNothing() {
        let far = Point(x: -1e300, y: 7e299)
        #expect(Region.infinite.contains(far))
        #expect(!Region.infinite.inverse().contains(.zero))
        #expect(!Region.infinite.inverse().contains(far))
        #expect(!Region.infinite.contains(Point(x: .nan, y: 0)))
        #expect(!Region.infinite.contains(Point(x: 0, y: .infinity)))
    }

    @Test func inverseSwapsInsideAndOutside() {
        let hole = Region(radius: 10).inverse()
        #expect(!hole.contains(Point(x: 6, y: 8)))
        #expect(hole.contains(Point(x: 6, y: 8.01)))
        #expect(hole.inverse() == Region(radius: 10))
    }

    @Test func unionHoldsPointsOfEither() {
        let wide = Region(size: Size(width: 100, height: 10))
        let tall = Region(size: Size(width: 10, height: 100))
        let cross = wide.union(with: tall)
        #expect(cross.contains(Point(x: 45, y: 0)))
        #expect(cross.contains(Point(x: 0, y: -45)))
        #expect(!cross.contains(Point(x: 45, y: 45)))
        #expect(wide.union(with: .infinite) == .infinite)
        #expect(Region.infinite.union(with: tall) == .infinite)
    }

    @Test func differenceRemovesTheArgumentFromTheReceiver() {
        let annulus = Region(radius: 100).difference(from: Region(radius: 40))
        #expect(annulus.contains(Point(x: 70, y: 0)))
        #expect(annulus.contains(Point(x: 0, y: 100)))
        #expect(!annulus.contains(Point(x: 0, y: 39)))
        #expect(!annulus.contains(Point(x: 0, y: 40)))  // the hole's boundary belongs to the hole
        #expect(!annulus.contains(Point(x: 101, y: 0)))
        // The other way round is empty: the small disc lies inside the big one.
        let empty = Region(radius: 40).difference(from: Region(radius: 100))
        #expect(!empty.contains(.zero))
        #expect(!empty.contains(Point(x: 70, y: 0)))
        #expect(!Region(radius: 5).difference(from: .infinite).contains(.zero))
    }

    @Test func intersectionHoldsPointsOfBoth() {
        let wide = Region(size: Size(width: 100, height: 10))
        let disc = Region(radius: 30)
        let both = wide.intersection(with: disc)
        #expect(both.contains(Point(x: 29, y: 4)))
        #expect(!both.contains(Point(x: 45, y: 0)))  // in the rectangle only
        #expect(!both.contains(Point(x: 0, y: 20)))  // in the disc only
        #expect(wide.intersection(with: .infinite) == wide)
        #expect(!wide.intersection(with: Region.infinite.inverse()).contains(.zero))
    }

    @Test func operationsCompose() {
        // (disc ∪ far rectangle) ∖ small disc, then ∩ right half-plane-ish rectangle.
        let disc = Region(radius: 50)
        let bar = Region(size: Size(width: 400, height: 20))
        let shape = disc.union(with: bar).difference(from: Region(radius: 10))
            .intersection(with: Region(size: Size(width: 1000, height: 1000)).difference(from: Region(size: Size(width: 20, height: 1000))))
        #expect(shape.contains(Point(x: 150, y: 5)))
        #expect(shape.contains(Point(x: 30, y: 30)))
        #expect(!shape.contains(Point(x: 5, y: 0)))  // removed by both small disc and central strip
        #expect(!shape.contains(Point(x: 150, y: 15)))  // outside disc and bar
        #expect(!shape.contains(Point(x: 9, y: 40)))  // inside the removed central strip
    }

    @Test(arguments: [-1.0, .nan, .infinity, -.infinity])
    func invalidRadiusGivesAnEmptyRegion(radius: Double) {
        let region = Region(radius: radius)
        #expect(!region.contains(.zero))
        #expect(region.inverse().contains(.zero))
    }

    @Test func invalidSizeGivesAnEmptyRegion() {
        #expect(!Region(size: Size(width: -4, height: 10)).contains(.zero))
        #expect(!Region(size: Size(width: 4, height: .nan)).contains(.zero))
        #expect(Region(size: Size(width: 0, height: 0)).contains(.zero))  // a point region
    }
}
