import Foundation
import KinemaGeometry
import KinemaLottie
import Testing

/// Gradient fills and strokes: linear, radial and conic geometry, colour and opacity stops.
@Suite struct LottieGradientTests {
    /// A gradient item of type `t` from `s` to `e` with stop data `k` (`p` colour stops).
    static func gradient(_ ty: String = "gf", t: Int, s: [Double], e: [Double], p: Int, k: [Double], extra: String = "") -> String {
        #"{"ty": "\#(ty)", "t": \#(t), "s": {"a": 0, "k": \#(s)}, "e": {"a": 0, "k": \#(e)}, "o": {"a": 0, "k": 100}, "#
            + #""g": {"p": \#(p), "k": {"a": 0, "k": \#(k)}}\#(extra)}"#
    }

    static func filledSquare(_ gradient: String) -> String {
        LottieJSON.animation([LottieJSON.shapeLayer([LottieJSON.rect(p: [50, 50], s: [100, 100]), gradient])])
    }

    @Test func linearRunsFromStartToEnd() throws {
        let json = Self.filledSquare(Self.gradient(t: 1, s: [0, 50], e: [100, 50], p: 2, k: [0, 1, 0, 0, 1, 0, 0, 1]))
        let frame = try renderLottie(json, frame: 0)
        let middle = frame.probe(50, 50)
        #expect(abs(middle.red - 0.5) < 0.02 && abs(middle.blue - 0.5) < 0.02 && middle.green < 0.01, "\(middle)")
        #expect(frame.probe(1, 50).red > 0.97, "offset 0 at s")
        #expect(frame.probe(98, 50).blue > 0.97, "offset 1 at e")
        #expect(abs(frame.probe(50, 5).red - frame.probe(50, 95).red) < 0.01, "constant across the axis")
    }

    @Test func radialIsACircleAroundStartThroughEnd() throws {
        let json = Self.filledSquare(Self.gradient(t: 2, s: [50, 50], e: [90, 50], p: 2, k: [0, 1, 0, 0, 1, 0, 0, 1]))
        let frame = try renderLottie(json, frame: 0)
        #expect(frame.probe(50, 50).red > 0.97, "stop 0 at the centre")
        // 20 points from the centre, in x and in y: half way, the same.
        let right = frame.probe(70, 50), below = frame.probe(50, 70)
        #expect(abs(right.red - 0.5) < 0.03 && abs(below.red - 0.5) < 0.03, "\(right) \(below)")
        #expect(frame.probe(95, 95).blue > 0.97, "the last stop beyond the radius")
    }

    @Test func opacityStopsKeepTheirOwnOffsets() throws {
        // Red throughout; opacity 1 at 0, 0 at 0.5 (an offset with no colour stop), 0 at 1.
        let k: [Double] = [0, 1, 0, 0, 1, 1, 0, 0, 0, 1, 0.5, 0, 1, 0]
        let json = Self.filledSquare(Self.gradient(t: 1, s: [0, 50], e: [100, 50], p: 2, k: k))
        let frame = try renderLottie(json, frame: 0)
        #expect(abs(frame.probe(25, 50).alpha - 0.5) < 0.03, "\(frame.probe(25, 50))")
        #expect(frame.probe(60, 50).alpha < 0.01)
        #expect(frame.probe(25, 50).red > 0.97, "unpremultiplied colour stays red")
    }

    @Test func gradientStrokePaintsOnlyTheStroke() throws {
        let stroke = Self.gradient(
            "gs", t: 1, s: [0, 50], e: [100, 50], p: 2, k: [0, 1, 0, 0, 1, 0, 0, 1], extra: #", "w": {"a": 0, "k": 10}, "lc": 1, "lj": 1"#)
        let json = LottieJSON.animation([LottieJSON.shapeLayer([LottieJSON.rect(p: [50, 50], s: [60, 60]), stroke])])
        let frame = try renderLottie(json, frame: 0)
        #expect(frame.probe(50, 50).alpha == 0, "inside the outline")
        let left = frame.probe(20, 50), right = frame.probe(80, 50)
        #expect(left.alpha > 0.99 && left.red > left.blue, "\(left)")
        #expect(right.alpha > 0.99 && right.blue > right.red, "\(right)")
    }

    @Test func animatedColoursInterpolate() throws {
        let k = #"[{"t": 0, "s": [0, 1, 0, 0, 1, 1, 0, 0]}, {"t": 30, "s": [0, 0, 0, 1, 1, 0, 0, 1]}]"#
        let item =
            #"{"ty": "gf", "t": 1, "s": {"a": 0, "k": [0, 50]}, "e": {"a": 0, "k": [100, 50]}, "o": {"a": 0, "k": 100}, "g": {"p": 2, "k": {"a": 1, "k": \#(k)}}}"#
        let json = Self.filledSquare(item)
        let frame = try renderLottie(json, frame: 15)
        let c = frame.probe(50, 50)
        #expect(abs(c.red - 0.5) < 0.03 && abs(c.blue - 0.5) < 0.03, "\(c)")
    }

    @Test func radialHighlightIsReportedAndIgnored() throws {
        let item = Self.gradient(t: 2, s: [50, 50], e: [90, 50], p: 2, k: [0, 1, 0, 0, 1, 0, 0, 1], extra: #", "h": {"a": 0, "k": 50}"#)
        let animation = try LottieAnimation(data: Data(Self.filledSquare(item).utf8))
        #expect(animation.unsupportedFeatures.contains { $0.path == "layers[0].shapes[1].h" })
        #expect(try renderLottie(Self.filledSquare(item), frame: 0).probe(50, 50).red > 0.97, "still centred on s")
    }

    @Test func stopDataTooShortIsAnError() {
        let json = Self.filledSquare(Self.gradient(t: 1, s: [0, 0], e: [1, 0], p: 3, k: [0, 1, 0, 0]))
        #expect(throws: LottieError.self) { try LottieAnimation(data: Data(json.utf8)) }
    }
}
