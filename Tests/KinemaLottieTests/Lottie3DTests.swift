import Foundation
import KinemaGeometry
import KinemaLottie
import Testing

/// 3D layers as lottie-ios's Core Animation engine draws them: rotations about x, y and z,
/// without perspective (no camera).
@Suite struct Lottie3DTests {
    /// A 40 × 40 red square centred at (50, 50), its layer turned by `ks` fields.
    static func turned(_ fields: String) -> String {
        LottieJSON.animation([
            LottieJSON.shapeLayer(
                ks: #"{"a": {"a": 0, "k": [50, 50]}, "p": {"a": 0, "k": [50, 50]}\#(fields)}"#,
                [LottieJSON.rect(p: [50, 50], s: [40, 40]), LottieJSON.fill([1, 0, 0])], extra: #""ddd": 1"#)
        ])
    }

    @Test func turningAboutYNarrowsWithoutPerspective() throws {
        let frame = try renderLottie(Self.turned(#", "ry": {"a": 0, "k": 60}"#), frame: 0)
        // 40 × cos 60° = 20 wide, still 40 tall.
        #expect(frame.probe(50, 50).red > 0.99)
        #expect(frame.probe(58, 50).red > 0.99 && frame.probe(63, 50).alpha == 0, "half as wide")
        #expect(frame.probe(50, 32).red > 0.99, "as tall")
    }

    @Test func turningAboutXFlattens() throws {
        let frame = try renderLottie(Self.turned(#", "rx": {"a": 0, "k": 60}"#), frame: 0)
        #expect(frame.probe(50, 58).red > 0.99 && frame.probe(50, 63).alpha == 0, "half as tall")
        #expect(frame.probe(32, 50).red > 0.99, "as wide")
    }

    @Test func animatedRotationAboutY() throws {
        let json = Self.turned(#", "ry": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 30, "s": [120]}]}"#)
        let frame = try renderLottie(json, frame: 15)
        #expect(frame.probe(58, 50).red > 0.99 && frame.probe(63, 50).alpha == 0, "60° half way")
    }

    @Test func orientationIsReported() throws {
        let animation = try LottieAnimation(data: Data(Self.turned(#", "or": {"a": 0, "k": [0, 30, 0]}"#).utf8))
        #expect(animation.unsupportedFeatures.contains { $0.path == "layers[0].ks.or" })
    }
}
