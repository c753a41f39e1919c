import Foundation
import KinemaGeometry
import KinemaLottie
import Testing

/// Numbers a file gives where lottie-ios reads an integer (a layer's index and parent, its type,
/// matte mode and blend mode, a gradient's type, a stroke's cap and join, a repeater's copies)
/// can be any finite JSON number. Too large for an integer, each is an error naming its field,
/// or is handled as a value out of range is; none stops the process. (The fuzzer found a layer
/// index of 7.8 × 10¹¹⁴ stopping it.)
@Suite struct LottieHugeNumberTests {
    static let huge = "7.8e114"

    /// (what, the file, the path of the error it gives).
    static let errors: [(String, String, String)] = [
        (
            "layer index",
            LottieJSON.animation([LottieJSON.layer(ind: 1).replacingOccurrences(of: "\"ind\": 1", with: "\"ind\": \(huge)")]),
            "layers[0].ind"
        ),
        ("parent", LottieJSON.animation([LottieJSON.layer(extra: "\"parent\": -\(huge)")]), "layers[0].parent"),
        ("matte mode", LottieJSON.animation([LottieJSON.layer(extra: "\"tt\": \(huge)")]), "layers[0].tt"),
        (
            "stroke cap",
            LottieJSON.animation([
                LottieJSON.shapeLayer([
                    LottieJSON.rect(p: [50, 50], s: [20, 20]),
                    LottieJSON.stroke([0, 0, 1], width: 2).replacingOccurrences(of: "\"lc\": 1", with: "\"lc\": \(huge)"),
                ])
            ]), "layers[0].shapes[1].lc"
        ),
        (
            "gradient type",
            LottieJSON.animation([
                LottieJSON.shapeLayer([
                    LottieJSON.rect(p: [50, 50], s: [20, 20]),
                    "{\"ty\": \"gf\", \"t\": \(huge), \"o\": {\"a\": 0, \"k\": 100}, \"s\": {\"a\": 0, \"k\": [0, 0]}, "
                        + "\"e\": {\"a\": 0, \"k\": [100, 0]}, \"g\": {\"p\": 2, \"k\": {\"a\": 0, \"k\": [0, 1, 0, 0, 1, 0, 0, 1]}}}",
                ])
            ]), "layers[0].shapes[1].t"
        ),
    ]

    @Test(arguments: errors.indices) func tooLargeForAnIntegerIsAnErrorAtItsField(_ i: Int) {
        let (what, json, path) = Self.errors[i]
        let problems = decodingProblems(json)
        #expect(jsonPaths(problems).contains(path), "\(what): \(problems.map(\.path))")
        #expect(
            problems.contains { $0.message.contains("7.8e+114") || $0.message.contains("7.8e114") }, "\(what): \(problems.map(\.message))")
    }

    /// A layer type too large for an integer is an unknown layer type (reported, kept as a
    /// parent); a blend mode too large is an unknown one (drawn normally, as lottie-ios does); a
    /// repeater's copies are capped at 1,000 as before.
    @Test func tooLargeWhereOutOfRangeIsHandledIsHandledTheSameWay() throws {
        let type = try #require(
            decodeLottie(LottieJSON.animation([LottieJSON.layer().replacingOccurrences(of: "\"ty\": 4", with: "\"ty\": \(Self.huge)")])))
        #expect(jsonPaths(type.unsupportedFeatures) == ["layers[0].ty"])

        let square = [LottieJSON.rect(p: [50, 50], s: [20, 20]), LottieJSON.fill([1, 0, 0])]
        let blend = LottieJSON.animation([LottieJSON.shapeLayer(square, extra: "\"bm\": \(Self.huge)")])
        expectColor(try renderLottie(blend, frame: 0), 50, 50, .red, "a blend mode too large draws normally")

        let repeater = "{\"ty\": \"rp\", \"c\": {\"a\": 0, \"k\": \(Self.huge)}, \"o\": {\"a\": 0, \"k\": 0}, \"tr\": {\"ty\": \"tr\"}}"
        let repeated = LottieJSON.animation([LottieJSON.shapeLayer(square + [repeater])])
        expectColor(try renderLottie(repeated, frame: 0), 50, 50, .red, "copies too many are capped and drawn")
    }
}
