import Foundation
import KinemaGeometry
import KinemaLottie
import Testing

/// Layer blend modes (`bm`), as lottie-ios maps them onto Core Animation compositing filters.
@Suite struct LottieBlendModeTests {
    /// A 60 × 60 square of `color` with blend mode `bm` over a 100 × 100 solid of `under`.
    static func blended(bm: Int, color: [Double], under: String) -> String {
        LottieJSON.animation([
            LottieJSON.shapeLayer(ind: 1, [LottieJSON.rect(p: [50, 50], s: [60, 60]), LottieJSON.fill(color)], extra: #""bm": \#(bm)"#),
            LottieJSON.layer(ty: 1, ind: 2, extra: ##""sc": "\##(under)", "sw": 100, "sh": 100"##),
        ])
    }

    @Test func multiplyOverWhiteKeepsTheColourAndOverGreyDarkensIt() throws {
        let overWhite = try renderLottie(Self.blended(bm: 1, color: [1, 0, 0], under: "#ffffff"), frame: 0)
        let c = overWhite.probe(50, 50)
        #expect(c.red > 0.99 && c.green < 0.01 && c.blue < 0.01, "\(c)")
        let overGrey = try renderLottie(Self.blended(bm: 1, color: [1, 1, 1], under: "#808080"), frame: 0)
        #expect(abs(overGrey.probe(50, 50).red - 128.0 / 255) < 0.01, "white × grey = grey")
        #expect(abs(overGrey.probe(5, 5).red - 128.0 / 255) < 0.01, "outside the square: the solid")
    }

    @Test func screenLightens() throws {
        let frame = try renderLottie(Self.blended(bm: 2, color: [0.5, 0.5, 0.5], under: "#808080"), frame: 0)
        // 1 − (1 − 0.5)(1 − 0.502) ≈ 0.751.
        #expect(abs(frame.probe(50, 50).red - 0.751) < 0.01, "\(frame.probe(50, 50))")
    }

    @Test func differenceSubtracts() throws {
        let frame = try renderLottie(Self.blended(bm: 10, color: [1, 1, 1], under: "#ff0000"), frame: 0)
        let c = frame.probe(50, 50)
        #expect(c.red < 0.01 && c.green > 0.99 && c.blue > 0.99, "white − red = cyan: \(c)")
    }

    @Test func addAndHardMixAreReportedAndDrawnNormally() throws {
        for bm in [16, 17] {
            let json = Self.blended(bm: bm, color: [0, 0, 1], under: "#ff0000")
            let animation = try LottieAnimation(data: Data(json.utf8))
            #expect(animation.unsupportedFeatures.contains { $0.path == "layers[0].bm" }, "bm \(bm)")
            #expect(try renderLottie(json, frame: 0).probe(50, 50).blue > 0.99, "bm \(bm) drawn over")
        }
    }
}
