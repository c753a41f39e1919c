import Foundation
import KinemaGeometry
import KinemaLottie
import Testing

/// Masks and track mattes, combined as lottie-ios's Core Animation engine combines them.
@Suite struct LottieMaskAndMatteTests {
    /// A closed four-point path: a square from (x0, y0) to (x1, y1), as mask `pt` JSON.
    static func square(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> String {
        let zero = "[[0,0],[0,0],[0,0],[0,0]]"
        return
            #"{"a": 0, "k": {"c": true, "v": [[\#(x0),\#(y0)],[\#(x1),\#(y0)],[\#(x1),\#(y1)],[\#(x0),\#(y1)]], "i": \#(zero), "o": \#(zero)}}"#
    }

    /// A 100 × 100 red solid with `masks` (JSON objects).
    static func masked(_ masks: [String]) -> String {
        LottieJSON.animation([
            LottieJSON.layer(
                ty: 1,
                extra: ##""sc": "#ff0000", "sw": 100, "sh": 100, "hasMask": true, "masksProperties": [\##(masks.joined(separator: ","))]"##)
        ])
    }

    static func mask(_ mode: String, _ pt: String, inverted: Bool = false) -> String {
        #"{"mode": "\#(mode)", "inv": \#(inverted), "pt": \#(pt), "o": {"a": 0, "k": 100}}"#
    }

    @Test func addKeepsOnlyInsideThePath() throws {
        let frame = try renderLottie(Self.masked([Self.mask("a", Self.square(20, 20, 80, 80))]), frame: 0)
        #expect(frame.probe(50, 50).red > 0.99)
        #expect(frame.probe(10, 10).alpha == 0)
    }

    @Test func subtractCutsThePathOut() throws {
        let frame = try renderLottie(Self.masked([Self.mask("s", Self.square(20, 20, 80, 80))]), frame: 0)
        #expect(frame.probe(50, 50).alpha == 0)
        #expect(frame.probe(10, 10).red > 0.99)
    }

    @Test func invertedAddKeepsOutsideThePath() throws {
        let frame = try renderLottie(Self.masked([Self.mask("a", Self.square(20, 20, 80, 80), inverted: true)]), frame: 0)
        #expect(frame.probe(50, 50).alpha == 0)
        #expect(frame.probe(90, 90).red > 0.99)
    }

    @Test func addThenIntersectKeepsTheOverlap() throws {
        let json = Self.masked([Self.mask("a", Self.square(10, 10, 60, 60)), Self.mask("i", Self.square(40, 40, 90, 90))])
        let frame = try renderLottie(json, frame: 0)
        #expect(frame.probe(50, 50).red > 0.99, "in both")
        #expect(frame.probe(20, 20).alpha == 0, "only in the first")
        #expect(frame.probe(80, 80).alpha == 0, "only in the second")
    }

    @Test func twoAddsUnite() throws {
        let json = Self.masked([Self.mask("a", Self.square(10, 10, 40, 40)), Self.mask("a", Self.square(60, 60, 90, 90))])
        let frame = try renderLottie(json, frame: 0)
        #expect(frame.probe(20, 20).red > 0.99 && frame.probe(80, 80).red > 0.99)
        #expect(frame.probe(50, 50).alpha == 0)
    }

    @Test func addThenSubtractCutsAHole() throws {
        let json = Self.masked([Self.mask("a", Self.square(10, 10, 90, 90)), Self.mask("s", Self.square(40, 40, 60, 60))])
        let frame = try renderLottie(json, frame: 0)
        #expect(frame.probe(20, 20).red > 0.99)
        #expect(frame.probe(50, 50).alpha == 0)
        #expect(frame.probe(5, 5).alpha == 0)
    }

    @Test func invertedIntersectUsesThePlainPathAsLottieIOS() throws {
        let json = Self.masked([Self.mask("a", Self.square(10, 10, 90, 90)), Self.mask("i", Self.square(40, 40, 60, 60), inverted: true)])
        let frame = try renderLottie(json, frame: 0)
        #expect(frame.probe(50, 50).red > 0.99)
        #expect(frame.probe(20, 20).alpha == 0)
    }

    @Test func maskOpacityAndExpansionAreReportedAndIgnored() throws {
        let mask = #"{"mode": "a", "pt": \#(Self.square(20, 20, 80, 80)), "o": {"a": 0, "k": 50}, "x": {"a": 0, "k": 10}}"#
        let json = Self.masked([mask])
        let animation = try LottieAnimation(data: Data(json.utf8))
        let paths = animation.unsupportedFeatures.map(\.path)
        #expect(paths.contains("layers[0].masksProperties[0].o"))
        #expect(paths.contains("layers[0].masksProperties[0].x"))
        let frame = try renderLottie(json, frame: 0)
        #expect(frame.probe(50, 50).alpha > 0.99, "full opacity")
        #expect(frame.probe(15, 50).alpha == 0, "not expanded")
    }

    /// A red square (20…80) matted by a circle (centre 50, 50, radius 20) of `matte` colour in
    /// front of it.
    static func matted(tt: Int, matte: [Double] = [0, 0, 0]) -> String {
        LottieJSON.animation([
            LottieJSON.shapeLayer(ind: 1, [LottieJSON.ellipse(p: [50, 50], s: [40, 40]), LottieJSON.fill(matte)], extra: #""td": 1"#),
            LottieJSON.shapeLayer(
                ind: 2, [LottieJSON.rect(p: [50, 50], s: [60, 60]), LottieJSON.fill([1, 0, 0])], extra: #""tt": \#(tt)"#),
        ])
    }

    @Test func alphaMatteShowsTheLayerWhereTheMatteIsAndNeverDrawsTheMatte() throws {
        let frame = try renderLottie(Self.matted(tt: 1), frame: 0)
        let centre = frame.probe(50, 50)
        #expect(centre.red > 0.99 && centre.alpha > 0.99, "the matted layer, not the black matte")
        #expect(frame.probe(25, 25).alpha == 0, "inside the square, outside the circle")
    }

    @Test func invertedAlphaMatteShowsTheLayerOutsideTheMatte() throws {
        let frame = try renderLottie(Self.matted(tt: 2), frame: 0)
        #expect(frame.probe(50, 50).alpha == 0, "inside the circle: hidden")
        #expect(frame.probe(25, 25).red > 0.99, "outside the circle: shown")
        #expect(frame.probe(10, 10).alpha == 0, "outside the square: nothing to show")
    }

    @Test func lumaMatteLetsLightThroughAndDarkNot() throws {
        let white = try renderLottie(Self.matted(tt: 3, matte: [1, 1, 1]), frame: 0)
        #expect(white.probe(50, 50).red > 0.99 && white.probe(50, 50).alpha > 0.99, "a white matte lets through")
        #expect(white.probe(25, 25).alpha == 0, "no matte: nothing")
        let black = try renderLottie(Self.matted(tt: 3, matte: [0, 0, 0]), frame: 0)
        #expect(black.probe(50, 50).alpha == 0, "a black matte, opaque, lets nothing through")
        let grey = try renderLottie(Self.matted(tt: 3, matte: [0.5, 0.5, 0.5]), frame: 0)
        #expect(abs(grey.probe(50, 50).alpha - 0.5) < 0.02, "grey lets half through: \(grey.probe(50, 50))")
    }

    @Test func invertedLumaMatteIsTheComplement() throws {
        let frame = try renderLottie(Self.matted(tt: 4, matte: [1, 1, 1]), frame: 0)
        #expect(frame.probe(50, 50).alpha == 0)
        #expect(frame.probe(25, 25).red > 0.99)
    }

    @Test func allMatteModesAreDrawnWithoutReports() throws {
        for tt in 1...4 {
            let animation = try LottieAnimation(data: Data(Self.matted(tt: tt).utf8))
            #expect(animation.unsupportedFeatures.isEmpty, "tt \(tt): \(animation.unsupportedFeatures)")
        }
    }
}
