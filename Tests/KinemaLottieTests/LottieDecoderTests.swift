import Foundation
import KinemaGeometry
import KinemaLottie
import Testing

/// Decoding Lottie JSON (Bodymovin's export, described at lottie.github.io): the top-level
/// fields, errors that name the JSON path of what is wrong, features that are kept but reported,
/// and the older encodings Bodymovin wrote.
@Suite struct LottieDecoderTests {
    /// The top-level fields map onto lottie-ios's `LottieAnimation` API: `startFrame` = `ip`,
    /// `endFrame` = `op`, `duration` = (op − ip) / fr seconds, `time(forFrame:)` counts seconds
    /// from `ip`, `frameTime(forProgress:)` = ip + (op − ip) · progress.
    @Test func topLevelFields() throws {
        let json = """
            {"v": "5.7.4", "fr": 25, "ip": 10, "op": 60, "w": 200, "h": 120, "layers": [],
             "markers": [{"cm": "intro", "tm": 10, "dr": 5}, {"cm": "outro", "tm": 50}]}
            """
        let animation = try #require(decodeLottie(json))
        #expect(animation.startFrame == 10)
        #expect(animation.endFrame == 60)
        #expect(animation.framerate == 25)
        #expect(animation.duration == 2)
        #expect(animation.size == Size(width: 200, height: 120))
        #expect(animation.markerNames == ["intro", "outro"])
        #expect(animation.markers.map(\.duration) == [5, 0])
        #expect(abs(animation.time(forFrame: 35) - 1) < 1e-12)
        #expect(abs(animation.frameTime(forProgress: 0.5) - 35) < 1e-12)
        #expect(abs(animation.progressTime(forFrame: 60) - 1) < 1e-12)
        #expect(abs(animation.frameTime(forTime: 2) - 60) < 1e-12)
        #expect(animation.unsupportedFeatures.isEmpty)
    }

    /// A file without `fr` cannot be timed: decoding fails naming `fr`.
    @Test func missingFrameRateIsAnErrorAtFr() {
        let json = #"{"v": "5.7.4", "ip": 0, "op": 30, "w": 100, "h": 100, "layers": []}"#
        let problems = decodingProblems(json)
        #expect(jsonPaths(problems) == ["fr"])
        #expect(problems.first?.message.contains("missing") == true)
    }

    /// Every problem is listed at once, each at its own path, not just the first one.
    @Test func everyMissingTopLevelFieldIsReported() {
        let json = #"{"v": "5.7.4", "ip": 0, "op": 30, "layers": []}"#
        let paths = Set(jsonPaths(decodingProblems(json)))
        #expect(paths == ["fr", "w", "h"])
    }

    /// lottie-ios refuses a file without `v` or `layers`.
    @Test func missingVersionAndLayersAreErrors() {
        let json = #"{"fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100}"#
        let paths = Set(jsonPaths(decodingProblems(json)))
        #expect(paths == ["v", "layers"])
    }

    /// Values that make the file unplayable: no frames per second, no frames, no size.
    @Test(arguments: [
        (#""fr": 0, "ip": 0, "op": 30, "w": 100, "h": 100"#, "fr"),
        (#""fr": 30, "ip": 30, "op": 30, "w": 100, "h": 100"#, "op"),
        (#""fr": 30, "ip": 0, "op": 30, "w": -5, "h": 100"#, "w"),
        (#""fr": "thirty", "ip": 0, "op": 30, "w": 100, "h": 100"#, "fr"),
    ])
    func unplayableValuesAreErrorsAtTheirPath(fields: String, path: String) {
        let problems = decodingProblems("{\"v\": \"5.7.4\", \(fields), \"layers\": []}")
        #expect(jsonPaths(problems) == [path])
    }

    /// Text that is not JSON, and JSON that is not an object, fail at the root `$`.
    @Test(arguments: ["{\"v\": ", "[1, 2]", "\u{FF}"])
    func notALottieObjectFailsAtTheRoot(text: String) {
        #expect(jsonPaths(decodingProblems(text)) == ["$"])
    }

    /// lottie-ios requires `ip` and `op` on every layer; the error names the layer.
    @Test func layerWithoutInAndOutPointsIsAnError() {
        let layer = #"{"ty": 4, "ind": 1, "st": 0, "ks": {}, "shapes": []}"#
        let paths = Set(jsonPaths(decodingProblems(LottieJSON.animation([layer]))))
        #expect(paths == ["layers[0].ip", "layers[0].op"])
    }

    /// A layer without `ty` cannot be drawn or kept: an error at `layers[1].ty`.
    @Test func layerWithoutTypeIsAnError() {
        let layer = #"{"ind": 2, "ip": 0, "op": 30, "st": 0, "ks": {}}"#
        let problems = decodingProblems(LottieJSON.animation([LottieJSON.shapeLayer([]), layer]))
        #expect(jsonPaths(problems) == ["layers[1].ty"])
    }

    /// Keyframes must ascend in time (the Lottie specification); the error names the offending
    /// keyframe's `t`.
    @Test func descendingKeyframesAreAnErrorAtTheKeyframe() {
        let p = LottieJSON.animated([LottieJSON.keyframe(10, [0, 0]), LottieJSON.keyframe(5, [10, 10])])
        let json = LottieJSON.animation([LottieJSON.shapes([], ks: LottieJSON.transform(p: p))])
        #expect(jsonPaths(decodingProblems(json)) == ["layers[0].ks.p.k[1].t"])
    }

    /// A property object needs `k`; a value of the wrong type is reported where it is.
    @Test func malformedPropertiesAreErrorsAtTheirPath() {
        let noK = LottieJSON.animation([LottieJSON.shapes([], ks: #"{"o": {"a": 0}}"#)])
        #expect(jsonPaths(decodingProblems(noK)) == ["layers[0].ks.o.k"])
        let rect = #"{"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": "big"}, "r": {"a": 0, "k": 0}}"#
        let badSize = LottieJSON.animation([LottieJSON.shapes([LottieJSON.group([rect, LottieJSON.fill([1, 0, 0])])])])
        #expect(jsonPaths(decodingProblems(badSize)) == ["layers[0].shapes[0].it[0].s.k"])
    }

    /// A bezier path needs as many tangents as vertices.
    @Test func bezierWithMismatchedTangentsIsAnError() {
        let sh = #"{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[0, 0], [10, 0]], "i": [[0, 0]], "o": [[0, 0], [0, 0]]}}}"#
        let json = LottieJSON.animation([LottieJSON.shapes([LottieJSON.group([sh, LottieJSON.fill([1, 0, 0])])])])
        #expect(jsonPaths(decodingProblems(json)) == ["layers[0].shapes[0].it[0].ks.k"])
    }

    /// A layer of a type Kinema does not know is kept, as lottie-ios keeps it: it still moves
    /// its children (here by 30 points to the right), and it is listed at `layers[0].ty`.
    @Test func unknownLayerTypeIsKeptAsAParentAndReported() throws {
        let unknown = LottieJSON.fullLayer(ty: 99, ind: 1, ks: LottieJSON.transform(p: LottieJSON.value([30, 0])))
        let child = LottieJSON.shapes(
            [LottieJSON.group([LottieJSON.rect(p: [20, 50], s: [10, 10]), LottieJSON.fill([1, 0, 0])])], ind: 2, parent: 1)
        let json = LottieJSON.animation([unknown, child])
        let animation = try #require(decodeLottie(json))
        #expect(jsonPaths(animation.unsupportedFeatures) == ["layers[0].ty"])
        let frame = try renderLottie(json, frame: 0)
        expectColor(frame, 50, 50, .red, "the child moved by its unknown parent")
        expectClear(frame, 20, 50, "not where the child would be without its parent")
    }

    /// Text animators, and image layers whose asset is missing, are reported by path; the other
    /// layers still draw.
    @Test func textLayersAndImagesWithoutAssetsAreReportedAndTheRestDraws() throws {
        let document = #"{"t": "Hi", "f": "Sans", "s": 12, "fc": [0, 0, 0]}"#
        let text = LottieJSON.fullLayer(
            ty: 5, ind: 1, extra: [#""t": {"d": {"k": [{"t": 0, "s": \#(document)}]}, "a": [{"nm": "Animator 1", "s": {}, "a": {}}]}"#])
        let image = LottieJSON.fullLayer(ty: 2, ind: 2, extra: [#""refId": "img""#])
        let shape = LottieJSON.shapes(
            [LottieJSON.group([LottieJSON.rect(p: [50, 50], s: [20, 20]), LottieJSON.fill([0, 0, 1])])], ind: 3)
        let json = LottieJSON.animation([text, image, shape])
        let animation = try #require(decodeLottie(json))
        let paths = jsonPaths(animation.unsupportedFeatures)
        #expect(paths.contains("layers[0].t.a"))
        #expect(paths.contains("layers[1].refId"))
        expectColor(try renderLottie(json, frame: 0), 50, 50, .blue)
    }

    /// Audio (6), camera (13) and data (15) layers draw nothing; lottie-ios drops them while
    /// decoding, so they are neither errors nor drawn.
    @Test func audioCameraAndDataLayersAreDropped() throws {
        let camera = LottieJSON.fullLayer(ty: 13, ind: 1, extra: [#""pe": {"a": 0, "k": 600}"#])
        let audio = LottieJSON.fullLayer(ty: 6, ind: 2)
        let data = LottieJSON.fullLayer(ty: 15, ind: 3)
        let shape = LottieJSON.shapes(
            [LottieJSON.group([LottieJSON.rect(p: [50, 50], s: [20, 20]), LottieJSON.fill([0, 0, 1])])], ind: 4)
        let json = LottieJSON.animation([camera, audio, data, shape])
        #expect(decodeLottie(json) != nil)
        let frame = try renderLottie(json, frame: 0)
        expectColor(frame, 50, 50, .blue)
        expectClear(frame, 5, 5)
    }

    /// Shape items Kinema does not draw are reported at their JSON path; the group's other
    /// items still draw. Merge paths (`mm`) are ignored by lottie-ios as well.
    @Test func unsupportedShapeItemIsReportedAtItsPath() throws {
        let merge = #"{"ty": "mm", "mm": 1, "nm": "Merge Paths 1"}"#
        let json = LottieJSON.animation([
            LottieJSON.shapes([
                LottieJSON.group([
                    LottieJSON.rect(p: [30, 50], s: [20, 20]), merge, LottieJSON.rect(p: [70, 50], s: [20, 20]),
                    LottieJSON.fill([0, 1, 0]),
                ])
            ])
        ])
        let animation = try #require(decodeLottie(json))
        #expect(jsonPaths(animation.unsupportedFeatures) == ["layers[0].shapes[0].it[1]"])
        let frame = try renderLottie(json, frame: 0)
        expectColor(frame, 30, 50, .green)
        expectColor(frame, 70, 50, .green)
    }

    /// Expressions (`x`) are not evaluated: lottie-ios ignores them and plays the keyframed
    /// value. Kinema draws that value and lists the expression.
    @Test func expressionsAreReportedAndTheValueIsUsed() throws {
        let p = #"{"a": 0, "k": [70, 50], "x": "wiggle(2, 10)"}"#
        let json = LottieJSON.animation([
            LottieJSON.shapes(
                [LottieJSON.group([LottieJSON.rect(p: [0, 0], s: [10, 10]), LottieJSON.fill([1, 0, 0])])], ks: LottieJSON.transform(p: p))
        ])
        let animation = try #require(decodeLottie(json))
        #expect(jsonPaths(animation.unsupportedFeatures) == ["layers[0].ks.p.x"])
        expectColor(try renderLottie(json, frame: 0), 70, 50, .red)
    }

    /// A precomposition layer whose asset is missing draws nothing and is reported at its
    /// `refId`; it is not an error.
    @Test func missingPrecompositionAssetIsReported() throws {
        let json = LottieJSON.animation([LottieJSON.precomp("nowhere")])
        let animation = try #require(decodeLottie(json))
        #expect(jsonPaths(animation.unsupportedFeatures) == ["layers[0].refId"])
        expectClear(try renderLottie(json, frame: 0), 50, 50)
    }

    /// lottie-ios decides whether a property is animated from the shape of `k` (a list of
    /// keyframe objects), not from `a`: keyframes under `"a": 0` still animate.
    @Test func keyframesAnimateWhateverTheAFlagSays() throws {
        let p = #"{"a": 0, "k": [{"t": 0, "s": [20, 50], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [80, 50]}]}"#
        let json = LottieJSON.animation([
            LottieJSON.shapes(
                [LottieJSON.group([LottieJSON.rect(p: [0, 0], s: [10, 10]), LottieJSON.fill([1, 0, 0])])], ks: LottieJSON.transform(p: p))
        ])
        let centre = try renderLottie(json, frame: 15).inkCentroid
        expectNear(centre?.x, 50, 0.1)
    }

    /// A scalar may be written as a one-element list (`[50]`); lottie-ios takes element 0.
    @Test func scalarWrittenAsAListUsesItsFirstElement() throws {
        let json = LottieJSON.animation([
            LottieJSON.shapes(
                [LottieJSON.group([LottieJSON.rect(p: [50, 50], s: [40, 40]), LottieJSON.fill([1, 0, 0])])],
                ks: LottieJSON.transform(o: #"{"a": 0, "k": [50]}"#))
        ])
        expectColor(try renderLottie(json, frame: 0), 50, 50, Color(red: 1, green: 0, blue: 0, alpha: 0.5))
    }

    /// Bodymovin before 5.0 wrote each segment's end value as `e` and left the last keyframe
    /// with only `t`. Position 20 → 80 over frames 0…30 (linear): x = 50 at frame 15, 80 after.
    @Test func legacyEndValueKeyframesAreRead() throws {
        let p = """
            {"a": 1, "k": [{"t": 0, "s": [20, 50], "e": [80, 50], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30}]}
            """
        let json = LottieJSON.animation(
            version: "4.8.0",
            [
                LottieJSON.shapes(
                    [LottieJSON.group([LottieJSON.rect(p: [0, 0], s: [10, 10]), LottieJSON.fill([1, 0, 0])])],
                    ks: LottieJSON.transform(p: p))
            ])
        expectNear(try renderLottie(json, frame: 15).inkCentroid?.x, 50, 0.1, "half way")
        expectNear(try renderLottie(json, frame: 30).inkCentroid?.x, 80, 0.1, "the end value holds")
    }

    /// Colours were 0–255 before Bodymovin 4.1.9 and 0–1 from then on.
    @Test(arguments: [("4.1.8", [255.0, 0, 127.5]), ("4.1.0", [255.0, 0, 127.5]), ("4.1.9", [1.0, 0, 0.5]), ("5.7.4", [1.0, 0, 0.5])])
    func colorsAre0To255BeforeBodymovin419(version: String, rgb: [Double]) throws {
        let json = LottieJSON.animation(
            version: version,
            [LottieJSON.shapes([LottieJSON.group([LottieJSON.rect(p: [50, 50], s: [40, 40]), LottieJSON.fill(rgb)])])])
        expectColor(try renderLottie(json, frame: 0), 50, 50, Color(red: 1, green: 0, blue: 0.5))
    }

    /// Stroke colours follow the same rule as fills.
    @Test func legacyStrokeColorsAre0To255() throws {
        let json = LottieJSON.animation(
            version: "4.0.0",
            [
                LottieJSON.shapes([
                    LottieJSON.group([LottieJSON.line([10, 50], [90, 50]), LottieJSON.strokeItem([0, 0, 255], width: 10)])
                ])
            ])
        expectColor(try renderLottie(json, frame: 0), 50, 50, .blue)
    }

    /// Hidden shape items (`hd: true`) are left out entirely, as every player does.
    @Test func hiddenShapeItemsAreLeftOut() throws {
        let hiddenRect = #"{"ty": "rc", "hd": true, "p": {"a": 0, "k": [20, 50]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}}"#
        let json = LottieJSON.animation([
            LottieJSON.shapes([LottieJSON.group([hiddenRect, LottieJSON.rect(p: [70, 50], s: [20, 20]), LottieJSON.fill([1, 0, 0])])])
        ])
        let frame = try renderLottie(json, frame: 0)
        expectClear(frame, 20, 50)
        expectColor(frame, 70, 50, .red)
    }

    /// A problem prints as `path: message`.
    @Test func problemDescriptionIsPathThenMessage() {
        #expect(LottieProblem(path: "fr", message: "missing").description == "fr: missing")
        #expect(LottieError("op", "bad").description == "op: bad")
    }
}
