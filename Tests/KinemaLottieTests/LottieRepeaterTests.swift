import Foundation
import KinemaGeometry
import KinemaLottie
import Testing

/// Repeaters (`rp`), as lottie-ios's Core Animation engine draws them: copy i moved by i × p and
/// turned by i × r about the anchor, every copy scaled by s (not compounded).
@Suite struct LottieRepeaterTests {
    /// A 10 × 10 red square at (20, 50) repeated by a repeater with `tr` fields and `extra`.
    static func repeated(copies: Int, tr: String, extra: String = "") -> String {
        let repeater = #"{"ty": "rp", "c": {"a": 0, "k": \#(copies)}, "o": {"a": 0, "k": 0}, "m": 1, "tr": \#(tr)\#(extra)}"#
        return LottieJSON.animation([
            LottieJSON.shapeLayer([LottieJSON.rect(p: [20, 50], s: [10, 10]), LottieJSON.fill([1, 0, 0]), repeater])
        ])
    }

    @Test func copiesStepByThePosition() throws {
        let frame = try renderLottie(Self.repeated(copies: 3, tr: #"{"p": {"a": 0, "k": [20, 0]}}"#), frame: 0)
        for x in [20.0, 40, 60] { #expect(frame.probe(x, 50).red > 0.99, "a copy at x \(x)") }
        #expect(frame.probe(80, 50).alpha == 0, "no fourth copy")
        #expect(frame.probe(30, 50).alpha == 0, "gaps between copies")
    }

    @Test func copiesTurnAboutTheAnchor() throws {
        // Turning by 90° per copy about (50, 50): the square at (20, 50) goes to (50, 20), then (80, 50).
        let tr = #"{"a": {"a": 0, "k": [50, 50]}, "p": {"a": 0, "k": [0, 0]}, "r": {"a": 0, "k": 90}}"#
        let frame = try renderLottie(Self.repeated(copies: 3, tr: tr), frame: 0)
        #expect(frame.probe(20, 50).red > 0.99)
        #expect(frame.probe(50, 20).red > 0.99)
        #expect(frame.probe(80, 50).red > 0.99)
        #expect(frame.probe(50, 80).alpha == 0, "only three copies")
    }

    @Test func scaleIsTheSameOnEveryCopyAsLottieIOS() throws {
        // Scale 200 % about (20, 50) on every copy, copies 30 apart: each square is 20 wide.
        let tr = #"{"a": {"a": 0, "k": [20, 50]}, "p": {"a": 0, "k": [30, 0]}, "s": {"a": 0, "k": [200, 200]}}"#
        let frame = try renderLottie(Self.repeated(copies: 2, tr: tr), frame: 0)
        #expect(frame.probe(12, 50).red > 0.99 && frame.probe(28, 50).red > 0.99, "the first copy scaled too")
        #expect(frame.probe(42, 50).red > 0.99 && frame.probe(58, 50).red > 0.99, "the second, not 400 %")
        #expect(frame.probe(65, 50).alpha == 0)
    }

    @Test func offsetAndOpacitiesAreReportedAndIgnored() throws {
        let tr = #"{"p": {"a": 0, "k": [20, 0]}, "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 20}}"#
        let json = Self.repeated(copies: 2, tr: tr).replacingOccurrences(of: #""o": {"a": 0, "k": 0}"#, with: #""o": {"a": 0, "k": 1}"#)
        let animation = try LottieAnimation(data: Data(json.utf8))
        let paths = animation.unsupportedFeatures.map(\.path)
        #expect(paths.contains("layers[0].shapes[2].o") && paths.contains("layers[0].shapes[2].tr"), "\(paths)")
        let frame = try renderLottie(json, frame: 0)
        #expect(frame.probe(20, 50).red > 0.99 && frame.probe(40, 50).alpha > 0.99, "no offset, full opacity")
    }
}
