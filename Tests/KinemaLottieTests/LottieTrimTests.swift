import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaLottie
import Testing

/// Trim paths (`tm`): start `s` and end `e` in percent of the path's length, offset `o` in
/// degrees (a full turn is the whole path), as lottie-ios sets `strokeStart` and `strokeEnd`.
/// What a trim shows depends on where shapes start and which way they run: a rectangle starts
/// at its top-right corner going down (clockwise on screen), an ellipse at its top going
/// clockwise, and `d` 3 reverses both (lottie-ios's rectangle and ellipse nodes).
@Suite struct LottieTrimTests {
    typealias J = LottieJSON

    private func render(_ items: [String], frame: Double = 0) throws -> Bitmap {
        try renderLottie(J.animation([J.shapes([J.group(items)])]), frame: frame)
    }

    /// A stroke 4 wide with butt caps.
    private let stroke = J.strokeItem([0, 0, 1], width: 4, cap: 1)

    /// The square (30, 30)…(70, 70), 160 long, trimmed to `s`…`e` with offset `o`.
    private func square(_ s: Double, _ e: Double, offset: Double = 0, d: Int = 1) throws -> Bitmap {
        try render([J.rect(p: [50, 50], s: [40, 40], d: d), J.trim(s, e, offset: offset), stroke])
    }

    /// Which sides of the square are drawn: right, bottom, left, top (probed at their middles).
    private func sides(_ frame: Bitmap) -> [Bool] {
        [(70, 50), (50, 70), (30, 50), (50, 30)].map { frame.color(x: $0.0, y: $0.1).alpha > 0.99 }
    }

    /// 0…25 % of a rectangle is its right side: it starts at the top-right corner and runs
    /// down (clockwise).
    @Test func rectangleStartsAtTopRightGoingDown() throws {
        let frame = try square(0, 25)
        #expect(sides(frame) == [true, false, false, false])
        expectColor(frame, 70, 32, .blue, "from the top-right corner")
        expectClear(frame, 70, 27, "not above it")
        expectColor(frame, 70, 68, .blue, "to the bottom-right corner")
    }

    /// The next quarter is the bottom side, then the left, then the top.
    @Test func rectangleRunsClockwise() throws {
        #expect(sides(try square(25, 50)) == [false, true, false, false])
        #expect(sides(try square(50, 75)) == [false, false, true, false])
        #expect(sides(try square(75, 100)) == [false, false, false, true])
    }

    /// `d` 3 reverses the rectangle: from the top-right corner, the first quarter is the top.
    @Test func reversedRectangleStartsAlongTheTop() throws {
        #expect(sides(try square(0, 25, d: 3)) == [false, false, false, true])
        #expect(sides(try square(25, 50, d: 3)) == [false, false, true, false])
    }

    /// The offset moves the span by `o`/360 of the path: 0…25 % turned by 90° is the bottom
    /// side, and by −90° the top side (the span wraps back to 75…100 %).
    @Test func offsetTurnsTheSpan() throws {
        #expect(sides(try square(0, 25, offset: 90)) == [false, true, false, false])
        #expect(sides(try square(0, 25, offset: -90)) == [false, false, false, true])
    }

    /// A span that runs past the end wraps to the start: 75…100 % turned by 90° is the top
    /// side and then the right side.
    @Test func spanWrapsPastTheEnd() throws {
        let frame = try square(75, 100, offset: 90)
        #expect(sides(frame) == [true, false, false, false])
        let wide = try square(50, 100, offset: 90)
        #expect(sides(wide) == [true, false, false, true], "75…125 %: the top, then the right side")
    }

    /// Start and end may be given the other way round; s = e draws nothing; 0…100 draws the
    /// whole path whatever the offset.
    @Test func startAfterEndEqualEndsAndFullSpans() throws {
        #expect(sides(try square(25, 0)) == [true, false, false, false])
        let empty = try square(40, 40)
        #expect(empty.inkCentroid == nil, "s = e draws nothing")
        #expect(sides(try square(0, 100, offset: 45)) == [true, true, true, true])
    }

    /// The circle of radius 40 about (50, 50), stroked 6 wide and trimmed.
    private func circle(_ s: Double, _ e: Double, d: Int = 1) throws -> Bitmap {
        try render([J.ellipse(p: [50, 50], s: [80, 80], d: d), J.trim(s, e), J.strokeItem([0, 0, 1], width: 6, cap: 1)])
    }

    /// Which quadrants' middles are drawn: top-right, bottom-right, bottom-left, top-left.
    private func quadrants(_ frame: Bitmap) -> [Bool] {
        [(78, 21), (78, 78), (21, 78), (21, 21)].map { frame.color(x: $0.0, y: $0.1).alpha > 0.99 }
    }

    /// An ellipse starts at its top and runs clockwise: 0…25 % is the top-right quarter, from
    /// (50, 10) to (90, 50).
    @Test func ellipseStartsAtTheTopGoingClockwise() throws {
        let frame = try circle(0, 25)
        #expect(quadrants(frame) == [true, false, false, false])
        expectColor(frame, 51, 10, .blue, "just after the start at the top")
        expectClear(frame, 48, 10, "just before it")
        expectColor(frame, 90, 48, .blue, "just before the end at the right")
        expectClear(frame, 90, 52, "just after it")
        #expect(quadrants(try circle(25, 50)) == [false, true, false, false])
    }

    /// `d` 3 reverses the ellipse: 0…25 % is the top-left quarter.
    @Test func reversedEllipseRunsCounterClockwise() throws {
        #expect(quadrants(try circle(0, 25, d: 3)) == [false, false, false, true])
    }

    /// The line (10, 50) → (90, 50), stroked 10 wide with butt caps and trimmed.
    private func line(_ trim: String, frame: Double = 0) throws -> Bitmap {
        try render([J.line([10, 50], [90, 50]), trim, J.strokeItem([0, 0, 1], width: 10, cap: 1)], frame: frame)
    }

    /// 0…50 % of the line turned by 90° (a quarter) is 25…75 %: x 30…70.
    @Test func lineTrimWithOffset() throws {
        let frame = try line(J.trim(0, 50, offset: 90))
        expectClear(frame, 27, 50)
        expectColor(frame, 32, 50, .blue)
        expectColor(frame, 67, 50, .blue)
        expectClear(frame, 72, 50)
        expectNear(frame.inkWidth(row: 50), 40, 0.1)
    }

    /// On an open path a span past the end continues from the start: 50…100 % turned by 90°
    /// is 75…125 %, x 70…90 and 10…30.
    @Test func openPathSpanWrapsToTheStart() throws {
        let frame = try line(J.trim(50, 100, offset: 90))
        expectColor(frame, 80, 50, .blue)
        expectColor(frame, 20, 50, .blue)
        expectClear(frame, 50, 50)
        expectNear(frame.inkWidth(row: 50), 40, 0.1)
    }

    /// A negative offset turns the other way: 0…50 % turned by −90° is −25…25 %, x 70…90 and
    /// 10…30.
    @Test func negativeOffsetWraps() throws {
        let frame = try line(J.trim(0, 50, offset: -90))
        expectColor(frame, 80, 50, .blue)
        expectColor(frame, 20, 50, .blue)
        expectClear(frame, 50, 50)
    }

    /// The end animates: 0 → 100 % over frames 0…30 draws x 10…30 at frame 7.5 and 10…50 at 15.
    @Test func animatedTrimEnd() throws {
        let trim = J.trim(s: J.value(0), e: J.linear([(0, [0]), (30, [100])]))
        let quarter = try line(trim, frame: 7.5)
        expectColor(quarter, 27, 50, .blue)
        expectClear(quarter, 33, 50)
        let half = try line(trim, frame: 15)
        expectColor(half, 45, 50, .blue)
        expectClear(half, 55, 50)
        expectNear(half.inkWidth(row: 50), 40, 0.15)
        let start = try line(trim, frame: 0)
        #expect(start.inkCentroid == nil, "0…0 % draws nothing")
    }

    /// The offset animates: 0…25 % with the offset turning 0° → 360° over frames 0…30 is at
    /// 50…75 % (x 50…70) at frame 15.
    @Test func animatedTrimOffset() throws {
        let trim = J.trim(s: J.value(0), e: J.value(25), o: J.linear([(0, [0]), (30, [360])]))
        let frame = try line(trim, frame: 15)
        expectClear(frame, 45, 50)
        expectColor(frame, 60, 50, .blue)
        expectClear(frame, 75, 50)
    }

    /// Start and end animating across each other: s 0 → 100 and e 100 → 0 over frames 0…30
    /// show the middle span |s − e| wide: at frame 10, 33…67 %, x 36.7…63.3.
    @Test func startAndEndCrossing() throws {
        let trim = J.trim(s: J.linear([(0, [0]), (30, [100])]), e: J.linear([(0, [100]), (30, [0])]))
        let frame = try line(trim, frame: 10)
        expectClear(frame, 34, 50)
        expectColor(frame, 39, 50, .blue)
        expectColor(frame, 60, 50, .blue)
        expectClear(frame, 65, 50)
        let later = try line(trim, frame: 20)
        expectColor(later, 39, 50, .blue, "the same span once they have crossed")
        expectClear(later, 34, 50)
    }

    /// A trim only affects the paths before it: in [A, trim, B, stroke], B is drawn whole.
    @Test func trimAffectsOnlyEarlierPaths() throws {
        let frame = try render([
            J.line([10, 30], [90, 30]), J.trim(0, 50), J.line([10, 70], [90, 70]), J.strokeItem([0, 0, 1], width: 10),
        ])
        expectColor(frame, 30, 30, .blue)
        expectClear(frame, 70, 30, "A is trimmed to its first half")
        expectColor(frame, 70, 70, .blue, "B is not trimmed")
    }

    /// A trim in a group reaches into the groups before it.
    @Test func trimReachesIntoEarlierGroups() throws {
        let inner = J.group([J.line([10, 50], [90, 50])])
        let frame = try render([inner, J.trim(0, 50), J.strokeItem([0, 0, 1], width: 10)])
        expectColor(frame, 30, 50, .blue)
        expectClear(frame, 70, 50)
    }

    /// lottie-ios trims every path of a group on its own (it gives each path its own layer
    /// with `strokeStart`/`strokeEnd`): 0…50 % of two lines keeps the first half of each,
    /// where trimming them as one path would keep the first line whole.
    @Test func trimAppliesToEachPathOnItsOwnAsLottieIOS() throws {
        let frame = try render([
            J.line([10, 30], [90, 30]), J.line([10, 70], [90, 70]), J.trim(0, 50), J.strokeItem([0, 0, 1], width: 10),
        ])
        expectColor(frame, 30, 30, .blue)
        expectClear(frame, 70, 30)
        expectColor(frame, 30, 70, .blue)
        expectClear(frame, 70, 70)
    }

    /// "Trim multiple shapes individually" (`m` 2) is trimmed path by path as well, as
    /// lottie-ios does; the mode is reported at its path.
    @Test func individualTrimModeTrimsEachPathOnItsOwnAsLottieIOS() throws {
        let trim = J.trim(s: J.value(0), e: J.value(50), m: 2)
        let json = J.animation([
            J.shapes([J.group([J.line([10, 30], [90, 30]), J.line([10, 70], [90, 70]), trim, J.strokeItem([0, 0, 1], width: 10)])])
        ])
        let animation = try #require(decodeLottie(json))
        #expect(jsonPaths(animation.unsupportedFeatures) == ["layers[0].shapes[0].it[2].m"])
        let frame = try renderLottie(json, frame: 0)
        expectColor(frame, 30, 30, .blue)
        expectClear(frame, 70, 30)
        expectColor(frame, 30, 70, .blue)
        expectClear(frame, 70, 70)
    }

    /// lottie-ios never trims fills (it reports a compatibility issue): the square stays filled
    /// and the trim is listed.
    @Test func trimDoesNotTrimFillsAsLottieIOS() throws {
        let json = J.animation([J.shapes([J.group([J.rect(p: [50, 50], s: [40, 40]), J.trim(0, 25), J.fill([1, 0, 0])])])])
        let animation = try #require(decodeLottie(json))
        #expect(!animation.unsupportedFeatures.isEmpty)
        let frame = try renderLottie(json, frame: 0)
        expectColor(frame, 50, 50, .red)
        expectColor(frame, 35, 35, .red)
    }
}
