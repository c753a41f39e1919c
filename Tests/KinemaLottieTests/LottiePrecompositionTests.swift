import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaLottie
import Testing

/// Precompositions (`ty` 0): a layer showing an asset's layers, whose inner frame at a frame F
/// of the holding composition is (F − `st`) / `sr` (lottie-web's `CompElement`, lottie-ios's
/// precomp layer), clipped to the layer's `w × h`. The precomp layer's own transform,
/// opacity, keyframes and in/out points stay in the holding composition's frames.
@Suite struct LottiePrecompositionTests {
    typealias J = LottieJSON

    /// A 10 × 10 red square on a layer whose x goes 20 → 80 over inner frames 0…10 (y 50).
    private let moving = J.shapes(
        [J.group([J.rect(p: [0, 0], s: [10, 10]), J.fill([1, 0, 0])])], ks: J.transform(p: J.linear([(0, [20, 50]), (10, [80, 50])])),
        op: 100)

    private func centre(_ json: String, _ frame: Double, sourceLocation: SourceLocation = #_sourceLocation) throws -> Point {
        try #require(try renderLottie(json, frame: frame).inkCentroid, sourceLocation: sourceLocation)
    }

    /// `st` 10 and `sr` 2: root frame 20 shows inner frame (20 − 10) / 2 = 5, where x = 50;
    /// root frame 15 shows inner frame 2.5 (x = 35), root frame 30 inner frame 10 (x = 80).
    @Test func startTimeAndStretchRetimeTheInnerComposition() throws {
        let json = J.animation([J.precomp("inner", st: 10, sr: 2)], assets: [J.asset("inner", [moving])])
        expectNear(try centre(json, 20).x, 50, 0.1)
        expectNear(try centre(json, 15).x, 35, 0.1)
        expectNear(try centre(json, 12).x, 26, 0.1)
        expectNear(try centre(json, 30).x, 80, 0.1)
    }

    /// The inner composition's frame 0 is drawn where it falls: root frame 10 under `st` 10
    /// is inner frame 0, where an inner layer from frame 0 shows its first value (x = 20); with
    /// `st` 0 that is root frame 0.
    @Test func innerFrameZeroIsDrawn() throws {
        let delayed = J.animation([J.precomp("inner", st: 10, sr: 2)], assets: [J.asset("inner", [moving])])
        expectNear(try renderLottie(delayed, frame: 10).inkCentroid?.x, 20, 0.1)
        let immediate = J.animation([J.precomp("inner")], assets: [J.asset("inner", [moving])])
        expectNear(try renderLottie(immediate, frame: 0).inkCentroid?.x, 20, 0.1)
    }

    /// Before the inner layer's in point (inner frame 0 = root frame 10) nothing is drawn: root
    /// frame 5 is inner frame −2.5.
    @Test func innerLayerIsHiddenBeforeItsInPointInInnerFrames() throws {
        let json = J.animation([J.precomp("inner", st: 10, sr: 2)], assets: [J.asset("inner", [moving])])
        #expect(try renderLottie(json, frame: 5).inkCentroid == nil)
        #expect(try renderLottie(json, frame: 10.5).inkCentroid != nil)
    }

    /// Inner in and out points count inner frames: ip 2, op 6 under `st` 10, `sr` 2 show the
    /// layer from root frame 14 to root frame 22.
    @Test func innerInAndOutPointsCountInnerFrames() throws {
        let inner = J.shapes([J.group([J.rect(p: [50, 50], s: [40, 40]), J.fill([1, 0, 0])])], ip: 2, op: 6)
        let json = J.animation([J.precomp("inner", st: 10, sr: 2)], assets: [J.asset("inner", [inner])])
        expectClear(try renderLottie(json, frame: 13.9), 50, 50)
        expectColor(try renderLottie(json, frame: 14.1), 50, 50, .red)
        expectColor(try renderLottie(json, frame: 21.9), 50, 50, .red)
        expectClear(try renderLottie(json, frame: 22.1), 50, 50)
    }

    /// A stretch below 1 plays faster: `sr` 0.5 shows inner frame 10 at root frame 5.
    @Test func stretchBelowOnePlaysFaster() throws {
        let json = J.animation([J.precomp("inner", sr: 0.5)], assets: [J.asset("inner", [moving])])
        expectNear(try centre(json, 2.5).x, 50, 0.1)
        expectNear(try centre(json, 5).x, 80, 0.1)
    }

    /// A negative start time starts the inner composition part way: `st` −5 shows inner frame
    /// 5 at root frame 0.
    @Test func negativeStartTime() throws {
        let json = J.animation([J.precomp("inner", st: -5)], assets: [J.asset("inner", [moving])])
        expectNear(try centre(json, 0).x, 50, 0.1)
    }

    /// Nested precompositions compose outward in: st 4, sr 2 around st 3 gives inner frame
    /// ((20 − 4) / 2) − 3 = 5 at root frame 20.
    @Test func nestedPrecompositionsComposeTheirTiming() throws {
        let json = J.animation(
            [J.precomp("middle", st: 4, sr: 2)],
            assets: [J.asset("middle", [J.precomp("inner", op: 100, st: 3)]), J.asset("inner", [moving])])
        expectNear(try centre(json, 20).x, 50, 0.1)
        expectNear(try centre(json, 24).x, 62, 0.1, "((24 − 4) / 2) − 3 = 7")
    }

    /// The content is clipped to the precomp layer's `w × h` (lottie-ios clips it): a square
    /// over x 30…70 in a precomp 50 wide is cut at x = 50.
    @Test func contentIsClippedToTheLayersSize() throws {
        let inner = J.shapes([J.group([J.rect(p: [50, 50], s: [40, 40]), J.fill([1, 0, 0])])])
        let clipped = try renderLottie(J.animation([J.precomp("inner", w: 50, h: 100)], assets: [J.asset("inner", [inner])]), frame: 15)
        expectColor(clipped, 45, 50, .red)
        expectClear(clipped, 55, 50)
        expectNear(clipped.inkWidth(row: 50), 20, 0.05)
        let whole = try renderLottie(J.animation([J.precomp("inner", w: 100, h: 100)], assets: [J.asset("inner", [inner])]), frame: 15)
        expectColor(whole, 55, 50, .red)
    }

    /// The precomp layer's transform moves the content and its clip together: p [20, 0]
    /// moves a 40-wide clip to x 20…60.
    @Test func transformMovesTheContentAndItsClip() throws {
        let inner = J.shapes([J.group([J.rect(p: [30, 50], s: [40, 40]), J.fill([1, 0, 0])])])
        let json = J.animation(
            [J.precomp("inner", w: 40, h: 100, ks: J.transform(p: J.value([20, 0])))], assets: [J.asset("inner", [inner])])
        let frame = try renderLottie(json, frame: 15)
        expectColor(frame, 35, 50, .red)
        expectColor(frame, 58, 50, .red)
        expectClear(frame, 62, 50, "clipped at x = 60")
        expectClear(frame, 25, 50)
    }

    /// The precomp layer's opacity fades its content as a unit: two overlapping opaque
    /// layers inside a 50 % precomp give alpha 0.5 where they overlap.
    @Test func opacityFadesTheContentAsAUnit() throws {
        let a = J.shapes([J.group([J.rect(p: [40, 50], s: [40, 40]), J.fill([1, 0, 0])])], ind: 1)
        let b = J.shapes([J.group([J.rect(p: [60, 50], s: [40, 40]), J.fill([1, 0, 0])])], ind: 2)
        let json = J.animation([J.precomp("inner", ks: J.transform(o: J.value(50)))], assets: [J.asset("inner", [a, b])])
        let frame = try renderLottie(json, frame: 15)
        expectColor(frame, 50, 50, Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        expectColor(frame, 25, 50, Color(red: 1, green: 0, blue: 0, alpha: 0.5))
    }

    /// The precomp layer's own keyframes count root frames, untouched by its `st` and `sr`:
    /// its position 0 → 60 over root frames 0…30 is 30 at root frame 15.
    @Test func precompLayersOwnKeyframesCountRootFrames() throws {
        let inner = J.shapes([J.group([J.rect(p: [20, 50], s: [10, 10]), J.fill([1, 0, 0])])], op: 100)
        let ks = J.transform(p: J.linear([(0, [0, 0]), (30, [60, 0])]))
        let json = J.animation([J.precomp("inner", w: 200, ks: ks, st: 10, sr: 2)], assets: [J.asset("inner", [inner])])
        expectNear(try centre(json, 15).x, 50, 0.1)
    }

    /// The precomp layer's in and out points count root frames: op 15 hides it from root
    /// frame 15 on, whatever its inner layers' spans.
    @Test func precompLayersInAndOutPointsCountRootFrames() throws {
        let json = J.animation([J.precomp("inner", op: 15, st: 10, sr: 2)], assets: [J.asset("inner", [moving])])
        #expect(try renderLottie(json, frame: 14.9).inkCentroid != nil)
        #expect(try renderLottie(json, frame: 15).inkCentroid == nil)
    }

    /// An inner layer whose out point maps to the end of the animation stays visible on the
    /// last frame, as lottie-ios's visibility runs to the end: op 10 under `st` 10, `sr` 2 is
    /// root frame 30, the composition's `op`.
    @Test func innerLayerEndingWithTheAnimationIsVisibleOnTheLastFrameAsLottieIOS() throws {
        let inner = J.shapes([J.group([J.rect(p: [50, 50], s: [40, 40]), J.fill([1, 0, 0])])], op: 10)
        let json = J.animation([J.precomp("inner", st: 10, sr: 2)], assets: [J.asset("inner", [inner])])
        expectColor(try renderLottie(json, frame: 29.9), 50, 50, .red)
        expectColor(try renderLottie(json, frame: 30), 50, 50, .red)
    }

    /// Inner layers keep their own stacking (index 0 on top) and parenting.
    @Test func innerLayersStackAndParent() throws {
        let parent = J.null(ind: 1, ks: J.transform(p: J.value([30, 0])))
        let front = J.shapes([J.group([J.rect(p: [10, 50], s: [40, 40]), J.fill([1, 0, 0])])], ind: 2, parent: 1)
        let back = J.shapes([J.group([J.rect(p: [60, 50], s: [40, 40]), J.fill([0, 0, 1])])], ind: 3)
        let json = J.animation([J.precomp("inner")], assets: [J.asset("inner", [parent, front, back])])
        let frame = try renderLottie(json, frame: 15)
        expectColor(frame, 50, 50, .red, "the front layer, moved by its parent, over the back one")
        expectColor(frame, 75, 50, .blue)
        expectClear(frame, 15, 50)
    }

    /// The same asset can be shown twice with different timing.
    @Test func oneAssetShownTwice() throws {
        let first = J.precomp("inner", ind: 1, ks: J.transform(p: J.value([0, -25])))
        let second = J.precomp("inner", ind: 2, ks: J.transform(p: J.value([0, 25])), st: -10)
        let json = J.animation([first, second], assets: [J.asset("inner", [moving])])
        let frame = try renderLottie(json, frame: 5)
        // The first shows inner frame 5 (x 50) at y 25, the second inner frame 15 (x 80) at y 75.
        expectColor(frame, 50, 25, .red)
        expectColor(frame, 80, 75, .red)
        expectClear(frame, 50, 75)
    }
}
