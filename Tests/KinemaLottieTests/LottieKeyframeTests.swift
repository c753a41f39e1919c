import Foundation
import KinemaGeometry
import KinemaLottie
import Testing

/// Keyframes and easing. Segment k → k + 1 eases along the cubic bezier from (0, 0) through
/// k's `o` and `i` handles to (1, 1), x the fraction of time and y the fraction of change (y may
/// overshoot); `h: 1` holds the value until the next keyframe; before the first and after the
/// last keyframe the end values hold (the Lottie specification at lottie.github.io). lottie-ios
/// turns each segment into a `CAMediaTimingFunction`, and moves positions with spatial
/// tangents along a `CAKeyframeAnimation` path.
@Suite struct LottieKeyframeTests {
    typealias J = LottieJSON

    /// A 10 × 10 red square on a layer positioned by `p` (property JSON).
    private func movingSquare(_ p: String, size: Double = 10) -> String {
        J.animation([J.shapes([J.group([J.rect(p: [0, 0], s: [size, size]), J.fill([1, 0, 0])])], ks: J.transform(p: p))])
    }

    private func centre(_ json: String, _ frame: Double, sourceLocation: SourceLocation = #_sourceLocation) throws -> Point {
        try #require(try renderLottie(json, frame: frame).inkCentroid, sourceLocation: sourceLocation)
    }

    /// Position x 20 → 80 over frames 0…30 with `o` (0.42, 0) and `i` (0.58, 1), the CSS
    /// ease-in-out curve: at frame 7.5 (a quarter of the time) the curve gives 0.129 of the
    /// way, x = 27.750; at 15, x = 50; at 22.5, x = 72.250.
    @Test func bezierEasingOfAPosition() throws {
        let json = movingSquare(J.animated([J.keyframe(0, [20, 50], o: (0.42, 0), i: (0.58, 1)), J.keyframe(30, [80, 50])]))
        expectNear(try centre(json, 7.5).x, 27.750, 0.1)
        expectNear(try centre(json, 15).x, 50, 0.1)
        expectNear(try centre(json, 22.5).x, 72.250, 0.1)
        // The square spans 22.75…32.75 at frame 7.5: probe both sides of each edge.
        let frame = try renderLottie(json, frame: 7.5)
        expectClear(frame, 21, 50)
        expectColor(frame, 23, 50, .red)
        expectColor(frame, 31, 50, .red)
        expectClear(frame, 33, 50, "linear timing would put the square at 30…40")
    }

    /// Without `o` and `i` a segment is linear (lottie-ios's default handles (0, 0) and (1, 1)).
    @Test func missingEasingHandlesAreLinear() throws {
        let json = movingSquare(J.animated([J.keyframe(0, [20, 50]), J.keyframe(30, [80, 50])]))
        expectNear(try centre(json, 7.5).x, 35, 0.1)
        expectNear(try centre(json, 15).x, 50, 0.1)
    }

    /// Before the first keyframe and after the last the end values hold: keyframes at frames
    /// 10 and 20 give x 20 at frame 5 and x 80 at frame 25.
    @Test func endValuesHoldOutsideTheKeyframes() throws {
        let json = movingSquare(J.linear([(10, [20, 50]), (20, [80, 50])]))
        expectNear(try centre(json, 0).x, 20, 0.05)
        expectNear(try centre(json, 5).x, 20, 0.05)
        expectNear(try centre(json, 15).x, 50, 0.1)
        expectNear(try centre(json, 25).x, 80, 0.05)
        expectNear(try centre(json, 30).x, 80, 0.05)
    }

    /// An easing handle's y may leave 0…1 (Core Animation timing functions overshoot too):
    /// `o` (0.2, 0), `i` (0.4, 1.6) at 70 % of the time is 1.130 of the way, so x 20 → 60 is at
    /// 65.204 at frame 21, beyond the end value.
    @Test func easingOvershoots() throws {
        let json = movingSquare(J.animated([J.keyframe(0, [20, 50], o: (0.2, 0), i: (0.4, 1.6)), J.keyframe(30, [60, 50])]))
        expectNear(try centre(json, 21).x, 65.204, 0.1)
        expectNear(try centre(json, 30).x, 60, 0.05)
    }

    /// Easing handles with one entry per component use entry 0 for every component, as
    /// lottie-ios does (lottie-web eases each component on its own curve): x and y both follow
    /// the ease-in-out curve, 27.75 at frame 7.5 (y would be 35 with its own linear handles).
    @Test func perComponentEasingUsesTheFirstEntryAsLottieIOS() throws {
        let p = """
            {"a": 1, "k": [{"t": 0, "s": [20, 20], "o": {"x": [0.42, 0], "y": [0, 0]}, "i": {"x": [0.58, 1], "y": [1, 1]}},
                           {"t": 30, "s": [80, 80]}]}
            """
        let c = try centre(movingSquare(p), 7.5)
        expectNear(c.x, 27.750, 0.1)
        expectNear(c.y, 27.750, 0.1)
    }

    /// Each segment has its own easing: linear 20 → 50 over frames 0…10, then ease-in-out
    /// 50 → 80 over 10…30 (a quarter of that segment's time is 0.129 of its change, so
    /// x = 53.875 at frame 15).
    @Test func eachSegmentEasesOnItsOwn() throws {
        let json = movingSquare(
            J.animated([
                J.keyframe(0, [20, 50], o: (0, 0), i: (1, 1)), J.keyframe(10, [50, 50], o: (0.42, 0), i: (0.58, 1)),
                J.keyframe(30, [80, 50]),
            ]))
        expectNear(try centre(json, 5).x, 35, 0.1)
        expectNear(try centre(json, 10).x, 50, 0.1)
        expectNear(try centre(json, 15).x, 53.875, 0.1)
        expectNear(try centre(json, 20).x, 65, 0.1)
    }

    /// A hold keyframe (`h: 1`) keeps its value until the next keyframe, then jumps: opacity
    /// 100 (hold) at 0, 0 (hold) at 10, 100 at 20: opaque at 9.9, clear at 10 and 19.9,
    /// opaque at 20.
    @Test func holdKeyframesJumpAtTheNextKeyframe() throws {
        let o = J.animated([J.keyframe(0, [100], hold: true), J.keyframe(10, [0], hold: true), J.keyframe(20, [100])])
        let json = J.animation([J.shapes([J.group([J.rect(p: [50, 50], s: [40, 40]), J.fill([1, 0, 0])])], ks: J.transform(o: o))])
        expectColor(try renderLottie(json, frame: 0), 50, 50, .red)
        expectColor(try renderLottie(json, frame: 9.9), 50, 50, .red)
        expectClear(try renderLottie(json, frame: 10), 50, 50)
        expectClear(try renderLottie(json, frame: 19.9), 50, 50)
        expectColor(try renderLottie(json, frame: 20), 50, 50, .red)
        expectColor(try renderLottie(json, frame: 29), 50, 50, .red)
    }

    /// A held position does not move along the way: at frame 9.9 it is still at the start.
    @Test func holdPositionJumps() throws {
        let json = movingSquare(J.animated([J.keyframe(0, [20, 50], hold: true), J.keyframe(10, [80, 50])]))
        expectNear(try centre(json, 5).x, 20, 0.05)
        expectNear(try centre(json, 9.9).x, 20, 0.05)
        expectNear(try centre(json, 10).x, 80, 0.05)
    }

    /// Two keyframes at the same frame make a jump (allowed by the Lottie specification).
    @Test func keyframesAtTheSameFrameJump() throws {
        let json = movingSquare(J.linear([(0, [20, 50]), (10, [20, 50]), (10, [80, 50]), (20, [80, 50])]))
        expectNear(try centre(json, 9.9).x, 20, 0.05)
        expectNear(try centre(json, 10.1).x, 80, 0.05)
    }

    /// Scale animates in percent: 100 → 200 over frames 0…30 makes a 20-point square 30 wide
    /// at frame 15.
    @Test func animatedScale() throws {
        let ks = J.transform(a: J.value([50, 50]), p: J.value([50, 50]), s: J.linear([(0, [100, 100]), (30, [200, 200])]))
        let json = J.animation([J.shapes([J.group([J.rect(p: [50, 50], s: [20, 20]), J.fill([1, 0, 0])])], ks: ks)])
        expectNear(try renderLottie(json, frame: 15).inkWidth(row: 50), 30, 0.1)
        expectNear(try renderLottie(json, frame: 30).inkWidth(row: 50), 40, 0.1)
    }

    /// Rotation animates in degrees: 0 → 90 over frames 0…30 is 45° (clockwise) at frame 15, so
    /// a bar pointing right from (50, 50) points down-right.
    @Test func animatedRotation() throws {
        let ks = J.transform(a: J.value([50, 50]), p: J.value([50, 50]), r: J.linear([(0, [0]), (30, [90])]))
        let json = J.animation([J.shapes([J.group([J.rect(p: [65, 50], s: [30, 4]), J.fill([1, 0, 0])])], ks: ks)])
        let start = try renderLottie(json, frame: 0)
        expectColor(start, 70, 50, .red)
        let middle = try renderLottie(json, frame: 15)
        expectColor(middle, 64, 64, .red, "on the 45° diagonal down-right")
        expectClear(middle, 64, 35, "not up-right")
        expectClear(middle, 70, 50)
        let end = try renderLottie(json, frame: 30)
        expectColor(end, 50, 70, .red)
    }

    /// Opacity animates 0–100: 100 → 0 over frames 0…30 is alpha 0.5 at frame 15.
    @Test func animatedOpacity() throws {
        let ks = J.transform(o: J.linear([(0, [100]), (30, [0])]))
        let json = J.animation([J.shapes([J.group([J.rect(p: [50, 50], s: [40, 40]), J.fill([0, 0, 1])])], ks: ks)])
        expectColor(try renderLottie(json, frame: 15), 50, 50, Color(red: 0, green: 0, blue: 1, alpha: 0.5))
    }

    /// A position with spatial tangents moves along the curve v₀, v₀ + `to`, v₁ + `ti`, v₁.
    /// lottie-ios hands that curve to `CAKeyframeAnimation.path`, and Core Animation moves along
    /// a path segment by its curve parameter, not at constant speed: from (10, 50) to (90, 50)
    /// with `to` (0, 0), `ti` (−80, 40), linear, the square is at the curve's midpoint
    /// (20, 65) at frame 15 (constant speed, as lottie-web moves, would give about (46.8, 66.3)).
    @Test func spatialPositionMovesByCurveParameterAsCoreAnimation() throws {
        let json = movingSquare(
            J.animated([J.keyframe(0, [10, 50], o: (0, 0), i: (1, 1), to: [0, 0], ti: [-80, 40]), J.keyframe(30, [90, 50])]),
            size: 6)
        let c = try centre(json, 15)
        expectNear(c.x, 20, 0.15)
        expectNear(c.y, 65, 0.15)
        // The square spans 17…23 × 62…68: probe both sides of its edges.
        let frame = try renderLottie(json, frame: 15)
        expectColor(frame, 18, 63, .red)
        expectColor(frame, 22, 67, .red)
        expectClear(frame, 15, 65)
        expectClear(frame, 25, 65)
        expectClear(frame, 20, 60)
        expectClear(frame, 20, 70)
        // A quarter of the way along the curve: (11.25, 55.625).
        let quarter = try centre(json, 7.5)
        expectNear(quarter.x, 11.25, 0.15)
        expectNear(quarter.y, 55.625, 0.15)
        // The ends are the keyframes' values.
        expectNear(try centre(json, 30).x, 90, 0.05)
        expectNear(try centre(json, 0).x, 10, 0.05)
    }

    /// Along a spatial path the segment's easing sets the curve parameter: with ease-in-out
    /// timing, at frame 7.5 the parameter is 0.129, and the curve (10, 50), (10, 50), (10, 90),
    /// (90, 50) is at (10.172, 51.743) there.
    @Test func spatialPositionFollowsTheSegmentEasing() throws {
        let json = movingSquare(
            J.animated([J.keyframe(0, [10, 50], o: (0.42, 0), i: (0.58, 1), to: [0, 0], ti: [-80, 40]), J.keyframe(30, [90, 50])]),
            size: 6)
        let c = try centre(json, 7.5)
        expectNear(c.x, 10.172, 0.15)
        expectNear(c.y, 51.743, 0.15)
        let middle = try centre(json, 15)
        expectNear(middle.x, 20, 0.15)
        expectNear(middle.y, 65, 0.15)
    }

    /// Spatial keyframes after a curved segment: a straight second segment (no tangents)
    /// from (90, 50) to (90, 90) over frames 30…40 is at (90, 70) at frame 35; the key times
    /// of the segments stay the keyframes' frames.
    @Test func spatialPathWithSeveralSegments() throws {
        let json = J.animation(
            [
                J.shapes(
                    [J.group([J.rect(p: [0, 0], s: [6, 6]), J.fill([1, 0, 0])])],
                    ks: J.transform(
                        p: J.animated([
                            J.keyframe(0, [10, 50], o: (0, 0), i: (1, 1), to: [0, 0], ti: [-80, 40]),
                            J.keyframe(30, [90, 50], o: (0, 0), i: (1, 1), to: [0, 0], ti: [0, 0]), J.keyframe(40, [90, 90]),
                        ])), op: 40)
            ], op: 40)
        let first = try #require(try renderLottie(json, frame: 15).inkCentroid)
        expectNear(first.x, 20, 0.15)
        expectNear(first.y, 65, 0.15)
        let second = try #require(try renderLottie(json, frame: 35).inkCentroid)
        expectNear(second.x, 90, 0.15)
        expectNear(second.y, 70, 0.15)
    }

    /// A layer's `st` does not shift its own keyframes (they count frames of the composition
    /// that holds the layer): with `st` 10, keyframes at 0 and 30 still put x at 50 at frame 15.
    @Test func startTimeDoesNotShiftALayersOwnKeyframes() throws {
        let json = J.animation([
            J.shapes(
                [J.group([J.rect(p: [0, 0], s: [10, 10]), J.fill([1, 0, 0])])],
                ks: J.transform(p: J.linear([(0, [20, 50]), (30, [80, 50])])), st: 10)
        ])
        expectNear(try centre(json, 15).x, 50, 0.1)
    }

    /// A time stretch `sr` only retimes precompositions (Bodymovin bakes it into other layers'
    /// keyframes); on a shape layer the keyframes play as written.
    @Test func stretchDoesNotRetimeAShapeLayerAsLottieIOS() throws {
        let json = J.animation([
            J.shapes(
                [J.group([J.rect(p: [0, 0], s: [10, 10]), J.fill([1, 0, 0])])],
                ks: J.transform(p: J.linear([(0, [20, 50]), (30, [80, 50])])),
                sr: 2)
        ])
        expectNear(try centre(json, 15).x, 50, 0.1)
    }

    /// Keyframe times count frames of the composition, and the composition's `ip` is time 0 of
    /// the tree: in a composition from frame 10 to 40, keyframes at 10 and 40 put x at 50 at
    /// frame 25.
    @Test func keyframesInACompositionThatStartsLater() throws {
        let json = J.animation(
            [
                J.shapes(
                    [J.group([J.rect(p: [0, 0], s: [10, 10]), J.fill([1, 0, 0])])],
                    ks: J.transform(p: J.linear([(10, [20, 50]), (40, [80, 50])])), ip: 10, op: 40)
            ], ip: 10, op: 40)
        let animation = try #require(decodeLottie(json))
        #expect(animation.time(forFrame: 25) == 0.5)
        expectNear(try centre(json, 25).x, 50, 0.1)
        expectNear(try centre(json, 10).x, 20, 0.05)
    }
}
