import Foundation
import KinemaGeometry
import Testing

@testable import KinemaLottie

/// The Drop Shadow effect and layer style as Core Animation shadows, and rounded corners.
@Suite struct LottieShadowAndCornerTests {
    /// A 40 × 40 red square centred in a 100 × 100 composition, with `extra` layer fields.
    static func square(_ extra: String = "", items: [String] = []) -> String {
        LottieJSON.animation([
            LottieJSON.shapeLayer(items + [LottieJSON.rect(p: [50, 50], s: [40, 40]), LottieJSON.fill([1, 0, 0])], extra: extra)
        ])
    }

    static func dropShadow(direction: Double, distance: Double, softness: Double = 0, opacity: Double = 255) -> String {
        func value(_ name: String, _ v: String) -> String { #"{"ty": 0, "nm": "\#(name)", "v": {"a": 0, "k": \#(v)}}"# }
        let values = [
            value("Shadow Color", "[0, 0, 1, 1]"), value("Opacity", "\(opacity)"), value("Direction", "\(direction)"),
            value("Distance", "\(distance)"), value("Softness", "\(softness)"),
        ]
        return #""ef": [{"ty": 25, "nm": "Drop Shadow", "ef": [\#(values.joined(separator: ","))]}]"#
    }

    @Test func directionOneEightyCastsStraightDown() throws {
        let frame = try renderLottie(Self.square(Self.dropShadow(direction: 180, distance: 10)), frame: 0)
        let below = frame.probe(50, 75)
        #expect(below.blue > 0.99 && below.alpha > 0.99, "the shadow below the square: \(below)")
        #expect(frame.probe(50, 25).alpha == 0, "nothing above")
        #expect(frame.probe(50, 50).red > 0.99, "the square over its shadow")
    }

    @Test func directionNinetyCastsToTheRightAndOpacityIsOutOf255() throws {
        let frame = try renderLottie(Self.square(Self.dropShadow(direction: 90, distance: 10, opacity: 127.5)), frame: 0)
        let right = frame.probe(75, 50)
        #expect(abs(right.alpha - 0.5) < 0.02 && right.blue > 0.99, "\(right)")
        #expect(frame.probe(50, 75).alpha == 0)
    }

    @Test func softnessBlursTheEdge() throws {
        let sharp = try renderLottie(Self.square(Self.dropShadow(direction: 180, distance: 10)), frame: 0)
        let soft = try renderLottie(Self.square(Self.dropShadow(direction: 180, distance: 10, softness: 40)), frame: 0)
        // Just outside the shadow's lower edge (y 80), the soft one has some coverage.
        #expect(sharp.probe(50, 82).alpha == 0)
        #expect(soft.probe(50, 82).alpha > 0.05)
    }

    @Test func layerStyleDropShadowUsesItsOwnUnits() throws {
        let style =
            #""sy": [{"ty": 1, "c": {"a": 0, "k": [0, 0, 1, 1]}, "o": {"a": 0, "k": 100}, "a": {"a": 0, "k": 90}, "s": {"a": 0, "k": 0}, "d": {"a": 0, "k": 10}}]"#
        let frame = try renderLottie(Self.square(style), frame: 0)
        #expect(frame.probe(50, 75).blue > 0.99, "angle 90 is down in the style's reading")
    }

    @Test func otherEffectsAreReported() throws {
        let effect = #""ef": [{"ty": 29, "nm": "Gaussian Blur", "ef": []}]"#
        let animation = try LottieAnimation(data: Data(Self.square(effect).utf8))
        #expect(animation.unsupportedFeatures.contains { $0.path == "layers[0].ef[0]" && $0.message.contains("Gaussian Blur") })
    }

    @Test func roundedCornersRoundTheRectanglesBeforeThem() throws {
        let rounded = LottieJSON.animation([
            LottieJSON.shapeLayer([
                LottieJSON.rect(p: [50, 50], s: [40, 40]), #"{"ty": "rd", "r": {"a": 0, "k": 10}}"#, LottieJSON.fill([1, 0, 0]),
            ])
        ])
        let frame = try renderLottie(rounded, frame: 0)
        #expect(frame.probe(31, 31).alpha == 0, "the corner pixel is cut")
        #expect(frame.probe(50, 31).red > 0.99, "the edge's middle is not")
        let square = try renderLottie(Self.square(), frame: 0)
        #expect(square.probe(31, 31).red > 0.99, "without rounded corners the corner is filled")
    }

    @Test func roundedCornersRoundAPathsSharpCorners() throws {
        let zero = "[[0,0],[0,0],[0,0],[0,0]]"
        let square =
            #"{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[30,30],[70,30],[70,70],[30,70]], "i": \#(zero), "o": \#(zero)}}}"#
        let json = LottieJSON.animation([
            LottieJSON.shapeLayer([square, #"{"ty": "rd", "r": {"a": 0, "k": 10}}"#, LottieJSON.fill([1, 0, 0])])
        ])
        let frame = try renderLottie(json, frame: 0)
        #expect(frame.probe(31, 31).alpha == 0, "the corner is cut")
        #expect(frame.probe(50, 31).red > 0.99 && frame.probe(31, 50).red > 0.99, "the sides are not")
        #expect(frame.probe(34, 34).red > 0.99, "inside the arc")
        let animation = try LottieAnimation(data: Data(json.utf8))
        #expect(animation.unsupportedFeatures.isEmpty, "\(animation.unsupportedFeatures)")
    }

    @Test func roundedCornersLeaveCurvedVerticesAndOpenEndsAlone() {
        let open = LottieBezier(
            isClosed: false, vertices: [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10)],
            inTangents: [.zero, .zero, .zero], outTangents: [.zero, .zero, .zero])
        let rounded = LottieGeometry.roundingCorners(of: open, radius: 2)
        #expect(rounded.vertices == [Point(x: 0, y: 0), Point(x: 8, y: 0), Point(x: 10, y: 2), Point(x: 10, y: 10)])
        var curved = open
        curved.outTangents[1] = Point(x: 1, y: 0)
        #expect(LottieGeometry.roundingCorners(of: curved, radius: 2).vertices.count == 3, "a vertex with a tangent is not a corner")
    }
}
