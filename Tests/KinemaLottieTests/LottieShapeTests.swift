import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaLottie
import Testing

/// Shape layers: groups, rectangles, ellipses, polystars and bezier paths, fills, group
/// transforms (with skew) and group opacity, and the stacking order (index 0 on top), as the
/// Lottie specification (lottie.github.io) describes them and lottie-ios draws them.
@Suite struct LottieShapeTests {
    typealias J = LottieJSON

    /// One group of `items` with the transform item `tr`, in a 100 × 100 composition.
    private func render(_ items: [String], transform tr: String = "{\"ty\": \"tr\"}", frame: Double = 0) throws -> Bitmap {
        try renderLottie(J.animation([J.shapes([J.group(items, transform: tr)])]), frame: frame)
    }

    /// A rectangle's `p` is its centre and `s` its size: p [50, 50], s [40, 20] covers x 30…70,
    /// y 40…60.
    @Test func rectangleCoversItsCentreAndSize() throws {
        let frame = try render([J.rect(p: [50, 50], s: [40, 20]), J.fill([1, 0, 0])])
        expectColor(frame, 35, 45, .red)
        expectColor(frame, 30, 40, .red, "the top-left pixel inside")
        expectColor(frame, 69, 59, .red, "the bottom-right pixel inside")
        expectClear(frame, 50, 65)
        expectClear(frame, 29, 50)
        expectClear(frame, 70, 50)
        expectNear(frame.inkWidth(row: 50), 40, 0.05)
        expectNear(frame.inkHeight(column: 50), 20, 0.05)
    }

    /// Items render bottom-up: index 0 is on top, for groups in a layer and for layers in a
    /// composition alike.
    @Test func earlierGroupIsOnTop() throws {
        let frame = try renderLottie(
            J.animation([
                J.shapes([
                    J.group([J.rect(p: [40, 50], s: [40, 40]), J.fill([1, 0, 0])]),
                    J.group([J.rect(p: [60, 50], s: [40, 40]), J.fill([0, 0, 1])]),
                ])
            ]), frame: 0)
        expectColor(frame, 50, 50, .red, "the overlap shows the first group")
        expectColor(frame, 75, 50, .blue)
    }

    @Test func earlierLayerIsOnTop() throws {
        let frame = try renderLottie(
            J.animation([
                J.shapes([J.group([J.rect(p: [40, 50], s: [40, 40]), J.fill([1, 0, 0])])], ind: 1),
                J.shapes([J.group([J.rect(p: [60, 50], s: [40, 40]), J.fill([0, 0, 1])])], ind: 2),
            ]), frame: 0)
        expectColor(frame, 50, 50, .red, "the overlap shows the first layer")
        expectColor(frame, 25, 50, .red)
        expectColor(frame, 75, 50, .blue)
    }

    /// Within one group, a fill listed earlier paints over a later fill's paths too.
    @Test func earlierFillInAGroupIsOnTop() throws {
        let frame = try render([
            J.rect(p: [40, 50], s: [40, 40]), J.fill([1, 0, 0]), J.rect(p: [60, 50], s: [40, 40]), J.fill([0, 0, 1]),
        ])
        expectColor(frame, 50, 50, .red)
        expectColor(frame, 75, 50, .blue)
    }

    /// A group's `tr` moves its items: anchor [0, 0] and position [70, 30] put a rectangle
    /// centred on the origin at (70, 30).
    @Test func groupTransformMovesItsItems() throws {
        let frame = try render(
            [J.rect(p: [0, 0], s: [10, 10]), J.fill([1, 0, 0])], transform: J.groupTransform(a: J.value([0, 0]), p: J.value([70, 30])))
        let centre = try #require(frame.inkCentroid)
        expectNear(centre.x, 70, 0.05)
        expectNear(centre.y, 30, 0.05)
    }

    /// Group transforms follow T(p)·R(r)·S(s)·T(−a): a 40 × 20 rectangle scaled to 25 % × 200 %
    /// about its centre is 10 × 40, and turned 90° it is 40 × 10. (Rotating before scaling would
    /// give 5 × 80.)
    @Test func groupTransformScalesBeforeRotating() throws {
        let tr = J.groupTransform(a: J.value([50, 50]), p: J.value([50, 50]), s: J.value([25, 200]), r: J.value(90))
        let frame = try render([J.rect(p: [50, 50], s: [40, 20]), J.fill([1, 0, 0])], transform: tr)
        expectColor(frame, 35, 50, .red)
        expectClear(frame, 50, 40)
        expectClear(frame, 50, 25)
        expectNear(frame.inkWidth(row: 50), 40, 0.2)
        expectNear(frame.inkHeight(column: 50), 10, 0.2)
    }

    /// Nested groups compose their transforms: p [20, 0] outside, p [0, 30] inside, a
    /// rectangle at (30, 20) lands at (50, 50).
    @Test func nestedGroupTransformsCompose() throws {
        let inner = J.group(
            [J.rect(p: [30, 20], s: [10, 10]), J.fill([1, 0, 0])], transform: J.groupTransform(p: J.value([0, 30])))
        let frame = try render([inner], transform: J.groupTransform(p: J.value([20, 0])))
        let centre = try #require(frame.inkCentroid)
        expectNear(centre.x, 50, 0.05)
        expectNear(centre.y, 50, 0.05)
    }

    /// A group's `o` fades the group as a unit (lottie-ios sets the group layer's `opacity`,
    /// and Core Animation composites a layer with its sublayers as one, `allowsGroupOpacity`):
    /// where two opaque rectangles in a 50 % group overlap, the alpha stays 0.5, not 0.75.
    @Test func groupOpacityFadesTheGroupAsAUnit() throws {
        let a = J.group([J.rect(p: [40, 50], s: [40, 40]), J.fill([1, 0, 0])])
        let b = J.group([J.rect(p: [60, 50], s: [40, 40]), J.fill([1, 0, 0])])
        let frame = try render([a, b], transform: J.groupTransform(o: J.value(50)))
        let half = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
        expectColor(frame, 50, 50, half, "the overlap")
        expectColor(frame, 25, 50, half)
        expectColor(frame, 75, 50, half)
    }

    /// Nested group opacities multiply: 50 % inside 50 % is 25 %.
    @Test func nestedGroupOpacitiesMultiply() throws {
        let inner = J.group([J.rect(p: [50, 50], s: [40, 40]), J.fill([0, 0, 1])], transform: J.groupTransform(o: J.value(50)))
        let frame = try render([inner], transform: J.groupTransform(o: J.value(50)))
        expectColor(frame, 50, 50, Color(red: 0, green: 0, blue: 1, alpha: 0.25))
    }

    /// A fill's `o` (0–100) is its alpha.
    @Test func fillOpacityIsItsAlpha() throws {
        let frame = try render([J.rect(p: [50, 50], s: [40, 40]), J.fill([0, 1, 0], opacity: 50)])
        expectColor(frame, 50, 50, Color(red: 0, green: 1, blue: 0, alpha: 0.5))
    }

    /// lottie-ios gives each rectangle, ellipse and polystar of a group its own
    /// `CAShapeLayer` (only `sh` paths are combined into one `CGPath`), so where two rectangles
    /// under one 50 % fill overlap the fill is drawn twice: alpha 0.75, not the 0.5 of one
    /// union path.
    @Test func overlappingRectanglesUnderOneTranslucentFillDoubleUpAsLottieIOS() throws {
        let frame = try render([J.rect(p: [40, 50], s: [40, 40]), J.rect(p: [60, 50], s: [40, 40]), J.fill([1, 0, 0], opacity: 50)])
        expectColor(frame, 25, 50, Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        expectColor(frame, 50, 50, Color(red: 1, green: 0, blue: 0, alpha: 0.75), "the overlap, drawn once per rectangle")
    }

    /// Several `sh` paths under one fill are one combined path in lottie-ios (so that even-odd
    /// works across them): a 50 % fill over two overlapping clockwise squares stays 0.5 where
    /// they overlap.
    @Test func overlappingBezierPathsUnderOneFillAreOnePath() throws {
        let a = J.path([[20, 30], [60, 30], [60, 70], [20, 70]])
        let b = J.path([[40, 30], [80, 30], [80, 70], [40, 70]])
        let frame = try render([a, b, J.fill([1, 0, 0], opacity: 50)])
        expectColor(frame, 50, 50, Color(red: 1, green: 0, blue: 0, alpha: 0.5), "the overlap")
        expectColor(frame, 30, 50, Color(red: 1, green: 0, blue: 0, alpha: 0.5))
    }

    /// Fill rule `r` 2 is even-odd: the overlap of two `sh` paths in one fill is a hole; `r` 1
    /// (non-zero) fills it.
    @Test func evenOddFillRuleLeavesOverlapsOfPathsEmpty() throws {
        let a = J.path([[20, 30], [60, 30], [60, 70], [20, 70]])
        let b = J.path([[40, 30], [80, 30], [80, 70], [40, 70]])
        let evenOdd = try render([a, b, J.fill(color: J.value([1, 0, 0]), evenOdd: true)])
        expectClear(evenOdd, 50, 50, "the overlap")
        expectColor(evenOdd, 30, 50, .red)
        expectColor(evenOdd, 70, 50, .red)
        let nonZero = try render([a, b, J.fill(color: J.value([1, 0, 0]), evenOdd: false)])
        expectColor(nonZero, 50, 50, .red)
    }

    /// A fill colour animates component by component: red → blue over frames 0…30 (linear) is
    /// (0.5, 0, 0.5) at frame 15.
    @Test func animatedFillColorInterpolatesComponents() throws {
        let color = J.linear([(0, [1, 0, 0]), (30, [0, 0, 1])])
        let items = [J.rect(p: [50, 50], s: [40, 40]), J.fill(color: color)]
        expectColor(try render(items, frame: 0), 50, 50, .red)
        expectColor(try render(items, frame: 15), 50, 50, Color(red: 0.5, green: 0, blue: 0.5))
        expectColor(try render(items, frame: 30), 50, 50, .blue)
    }

    /// A fill's opacity animates: 0 → 100 over frames 0…30 is alpha 0.25 at frame 7.5.
    @Test func animatedFillOpacity() throws {
        let items = [J.rect(p: [50, 50], s: [40, 40]), J.fill(color: J.value([1, 0, 0]), opacity: J.linear([(0, [0]), (30, [100])]))]
        expectClear(try render(items, frame: 0), 50, 50)
        expectColor(try render(items, frame: 7.5), 50, 50, Color(red: 1, green: 0, blue: 0, alpha: 0.25))
        expectColor(try render(items, frame: 30), 50, 50, .red)
    }

    /// An ellipse `el` p [50, 50] s [60, 30]: x 20…80 on its middle row, y 35…65 on its middle
    /// column, and not the corners of its bounding box.
    @Test func ellipseCoversItsBoundsButNotTheirCorners() throws {
        let frame = try render([J.ellipse(p: [50, 50], s: [60, 30]), J.fill([1, 0, 0])])
        expectColor(frame, 50, 36, .red)
        expectClear(frame, 50, 33)
        expectColor(frame, 21, 50, .red)
        expectClear(frame, 18, 50)
        expectClear(frame, 24, 38, "outside the ellipse, inside its bounds")
        expectClear(frame, 75, 61, "outside the ellipse, inside its bounds")
        expectNear(frame.inkWidth(row: 49) + frame.inkWidth(row: 50), 2 * 60, 0.3)
    }

    /// A rectangle's roundness `r` rounds its corners with radius r: a 40 × 40 square with
    /// r 10 leaves its corner pixels clear and its sides straight.
    @Test func roundedRectangleCorners() throws {
        let frame = try render([J.rect(p: [50, 50], s: [40, 40], r: 10), J.fill([1, 0, 0])])
        expectClear(frame, 30, 30)
        expectClear(frame, 31, 31)
        expectClear(frame, 68, 68)
        expectColor(frame, 40, 31, .red)
        expectColor(frame, 31, 40, .red)
        expectColor(frame, 33, 33, .red)
    }

    /// The roundness is limited to half the shorter side (lottie-ios): r 100 on 40 × 20 makes a
    /// capsule with radius 10, which still covers its middle row edge to edge.
    @Test func roundnessIsLimitedToHalfTheShorterSide() throws {
        let frame = try render([J.rect(p: [50, 50], s: [40, 20], r: 100), J.fill([1, 0, 0])])
        expectColor(frame, 31, 50, .red)
        expectColor(frame, 50, 41, .red)
        expectClear(frame, 31, 41)
        expectNear(frame.inkWidth(row: 50), 40, 0.2)
    }

    /// A polystar star (`sy` 1) with 5 points, outer radius 40 and inner radius 20 at (50, 50):
    /// the first outer point is straight up at rotation 0, at (50, 10), then clockwise the inner
    /// point (61.756, 33.820) and the outer point (88.042, 37.639).
    @Test func fivePointStarVertices() throws {
        let frame = try render([J.star(p: [50, 50], points: 5, outer: 40, inner: 20), J.fill([1, 0, 0])])
        expectColor(frame, 50, 14, .red, "just below the top point")
        expectClear(frame, 50, 8, "above the top point (50, 10)")
        expectClear(frame, 67, 25, "in the notch between the top and the right points")
        expectColor(frame, 58, 37, .red, "inside the inner point (61.756, 33.820)")
        expectColor(frame, 85, 38, .red, "just inside the right point (88.042, 37.639)")
        expectColor(frame, 15, 38, .red, "just inside the left point (11.958, 37.639)")
        expectColor(frame, 50, 62, .red)
        expectClear(frame, 50, 71, "below the bottom inner point (50, 70)")
    }

    /// The star's `r` turns it clockwise: at 36° the top point moves into the former notch.
    @Test func starRotationTurnsItClockwise() throws {
        let frame = try render([J.star(p: [50, 50], points: 5, outer: 40, inner: 20, rotation: 36), J.fill([1, 0, 0])])
        expectClear(frame, 50, 14, "the top is now a notch")
        expectColor(frame, 67, 25, .red)
        expectColor(frame, 70, 21, .red, "near the point at (73.511, 17.639)")
    }

    /// A polygon (`sy` 2) with 4 points and outer radius 30 is a diamond at rotation 0 (first
    /// point straight up) and an axis-aligned square of side 42.4 at rotation 45.
    @Test func polygonPointsAndRotation() throws {
        let diamond = try render([J.star(p: [50, 50], points: 4, outer: 30, sy: 2), J.fill([1, 0, 0])])
        expectColor(diamond, 50, 22, .red)
        expectClear(diamond, 50, 18)
        expectClear(diamond, 30, 30)
        let square = try render([J.star(p: [50, 50], points: 4, outer: 30, rotation: 45, sy: 2), J.fill([1, 0, 0])])
        expectColor(square, 30, 30, .red)
        expectClear(square, 50, 22)
        expectClear(square, 27, 50)
    }

    /// A bezier path's tangents are relative to their vertex: from (10, 60) with out tangent
    /// (0, −40) to (90, 60) with in tangent (0, −40) the curve peaks at y = 30 over x = 50.
    @Test func bezierTangentsAreRelativeToTheirVertex() throws {
        let sh = J.path([[10, 60], [90, 60]], inTangents: [[0, 0], [0, -40]], outTangents: [[0, -40], [0, 0]])
        let frame = try render([sh, J.fill([1, 0, 0])])
        expectColor(frame, 50, 32, .red)
        expectClear(frame, 50, 28)
        expectNear(frame.inkHeight(column: 49) + frame.inkHeight(column: 50), 2 * 30, 0.3)
        expectClear(frame, 50, 62, "the closing side is straight")
    }

    /// A fill closes an open path (`c` false) as any fill does.
    @Test func fillClosesAnOpenPath() throws {
        let frame = try render([J.path([[50, 10], [90, 90], [10, 90]], closed: false), J.fill([1, 0, 0])])
        expectColor(frame, 50, 60, .red)
        expectClear(frame, 20, 20)
    }

    /// A group whose transform skews (`sk` 45, axis `sa` 0) shears x by −tan(sk)·y, as
    /// lottie-ios's group transform does (T(p)·R(r)·R(sa)·Shx(−tan sk)·R(−sa)·S·T(−a)): the top
    /// of a 20 × 20 square moves right by 10 and its bottom left by 10.
    @Test func groupSkewShearsAlongItsAxis() throws {
        let tr = J.groupTransform(a: J.value([50, 50]), p: J.value([50, 50]), sk: J.value(45), sa: J.value(0))
        let frame = try render([J.rect(p: [50, 50], s: [20, 20]), J.fill([1, 0, 0])], transform: tr)
        expectColor(frame, 65, 41, .red, "the top row moved right")
        expectColor(frame, 33, 58, .red, "the bottom row moved left")
        expectClear(frame, 35, 41)
        expectClear(frame, 65, 58)
        expectNear(frame.inkWidth(row: 50), 20, 0.1, "a shear keeps each row's width")
    }

    /// With the skew axis at 90° the shear runs along y: the square's right side moves down.
    @Test func groupSkewAxisTurnsTheShear() throws {
        let tr = J.groupTransform(a: J.value([50, 50]), p: J.value([50, 50]), sk: J.value(45), sa: J.value(90))
        let frame = try render([J.rect(p: [50, 50], s: [20, 20]), J.fill([1, 0, 0])], transform: tr)
        expectColor(frame, 58, 65, .red, "the right column moved down")
        expectColor(frame, 41, 33, .red, "the left column moved up")
        expectClear(frame, 41, 65)
        expectClear(frame, 58, 33)
    }

    /// A solid layer (`ty` 1) is a `sw × sh` rectangle of colour `sc` at the layer's origin.
    @Test func solidLayerFillsItsSize() throws {
        let solid = J.fullLayer(
            ty: 1, ind: 1, ks: J.transform(p: J.value([20, 30])), extra: [##""sc": "#00ff00""##, #""sw": 40"#, #""sh": 20"#])
        let frame = try renderLottie(J.animation([solid]), frame: 0)
        expectColor(frame, 21, 31, .green)
        expectColor(frame, 59, 49, .green)
        expectClear(frame, 61, 40)
        expectClear(frame, 40, 51)
    }

    /// A shape layer whose items are not in a group still draws (lottie-ios wraps them in a
    /// placeholder group).
    @Test func itemsOutsideAnyGroupDraw() throws {
        let frame = try renderLottie(J.animation([J.shapes([J.rect(p: [50, 50], s: [20, 20]), J.fill([0, 0, 1])])]), frame: 0)
        expectColor(frame, 50, 50, .blue)
    }

    /// A keyframed bezier path morphs vertex by vertex: a square 20 wide turning into one 60
    /// wide (linear, frames 0…30) is 40 wide at frame 15.
    @Test func keyframedPathMorphsVertexByVertex() throws {
        func square(_ half: Double) -> String {
            let v = [[50 - half, 50 - half], [50 + half, 50 - half], [50 + half, 50 + half], [50 - half, 50 + half]]
            let points = "[" + v.map(J.list).joined(separator: ", ") + "]"
            let zero = "[[0, 0], [0, 0], [0, 0], [0, 0]]"
            return "[{\"c\": true, \"v\": \(points), \"i\": \(zero), \"o\": \(zero)}]"
        }
        let ks = """
            {"a": 1, "k": [{"t": 0, "s": \(square(10)), "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": \(square(30))}]}
            """
        let sh = "{\"ty\": \"sh\", \"ks\": \(ks)}"
        expectNear(try render([sh, J.fill([1, 0, 0])], frame: 0).inkWidth(row: 50), 20, 0.1)
        expectNear(try render([sh, J.fill([1, 0, 0])], frame: 15).inkWidth(row: 50), 40, 0.1)
        expectNear(try render([sh, J.fill([1, 0, 0])], frame: 30).inkWidth(row: 50), 60, 0.1)
    }

    /// A rectangle's size animates: 20 → 60 (linear, frames 0…30) is 40 at frame 15.
    @Test func animatedRectangleSize() throws {
        let rc = "{\"ty\": \"rc\", \"p\": \(J.value([50, 50])), \"s\": \(J.linear([(0, [20, 20]), (30, [60, 60])])), \"r\": \(J.value(0))}"
        let frame = try render([rc, J.fill([1, 0, 0])], frame: 15)
        expectNear(frame.inkWidth(row: 50), 40, 0.1)
        expectNear(frame.inkHeight(column: 50), 40, 0.1)
    }

    /// A rectangle whose position and size have different keyframes (which lottie-ios samples
    /// frame by frame): at frame 5 the position (30 → 50 over 0…10) is 40 and the size
    /// (20 → 50 over 0…30) is 25.
    @Test func rectangleWithPositionAndSizeOnDifferentKeyframes() throws {
        let rc = """
            {"ty": "rc", "p": \(J.linear([(0, [30, 50]), (10, [50, 50])])), "s": \(J.linear([(0, [20, 20]), (30, [50, 50])])), "r": \(J.value(0))}
            """
        let frame = try render([rc, J.fill([1, 0, 0])], frame: 5)
        expectNear(frame.inkWidth(row: 50), 25, 0.1)
        expectNear(frame.inkCentroid?.x, 40, 0.1)
        let later = try render([rc, J.fill([1, 0, 0])], frame: 20)
        expectNear(later.inkWidth(row: 50), 40, 0.1)
        expectNear(later.inkCentroid?.x, 50, 0.1)
    }

    /// An ellipse's size animates: a circle 20 → 60 wide is 40 wide at frame 15.
    @Test func animatedEllipseSize() throws {
        let el = "{\"ty\": \"el\", \"p\": \(J.value([50, 50])), \"s\": \(J.linear([(0, [20, 20]), (30, [60, 60])]))}"
        let frame = try render([el, J.fill([1, 0, 0])], frame: 15)
        expectNear(frame.inkWidth(row: 49) + frame.inkWidth(row: 50), 2 * 40, 0.3)
    }

    /// A group's transform animates: its position 20 → 80 over frames 0…30 is 50 at frame 15,
    /// and its opacity 100 → 0 is 0.5.
    @Test func animatedGroupTransform() throws {
        let tr = J.groupTransform(p: J.linear([(0, [20, 50]), (30, [80, 50])]), o: J.linear([(0, [100]), (30, [0])]))
        let frame = try render([J.rect(p: [0, 0], s: [10, 10]), J.fill([1, 0, 0])], transform: tr, frame: 15)
        expectNear(frame.inkCentroid?.x, 50, 0.1)
        expectColor(frame, 50, 50, Color(red: 1, green: 0, blue: 0, alpha: 0.5))
    }
}
