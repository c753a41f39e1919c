import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaLottie
import Testing

/// In and out points: a layer is drawn from frame `ip` up to, not including, `op`, in frames of
/// the composition that holds it, whatever its `st` (lottie-web's `checkLayerLimits`,
/// lottie-ios's visibility animation). lottie-ios keeps a layer whose `op` reaches the end of the
/// animation visible on that last frame, where a paused animation can stop.
@Suite struct LottieVisibilityTests {
    typealias J = LottieJSON

    /// A red 40 × 40 square layer.
    private func square(ip: Double, op: Double, st: Double = 0) -> String {
        J.shapes([J.group([J.rect(p: [50, 50], s: [40, 40]), J.fill([1, 0, 0])])], ip: ip, op: op, st: st)
    }

    private func drawn(_ json: String, _ frame: Double) throws -> Bool {
        try renderLottie(json, frame: frame).color(x: 50, y: 50).alpha > 0.99
    }

    private func blank(_ json: String, _ frame: Double) throws -> Bool {
        try renderLottie(json, frame: frame).color(x: 50, y: 50).alpha < Ink.clearAlpha
    }

    /// ip 10, op 20: clear at 9.99, drawn at 10 and 19.99, clear at 20.
    @Test func layerIsDrawnFromItsInPointUpToItsOutPoint() throws {
        let json = J.animation([square(ip: 10, op: 20)])
        #expect(try blank(json, 0))
        #expect(try blank(json, 9.99))
        #expect(try drawn(json, 10))
        #expect(try drawn(json, 15))
        #expect(try drawn(json, 19.99))
        #expect(try blank(json, 20))
        #expect(try blank(json, 29))
    }

    /// A layer from frame 0 is drawn on frame 0, the first frame of the animation, whether or
    /// not it lasts to the end.
    @Test func layerStartingAtFrameZeroIsDrawnOnFrameZero() throws {
        #expect(try drawn(J.animation([square(ip: 0, op: 20)]), 0))
        #expect(try drawn(J.animation([square(ip: 0, op: 30)]), 0))
        #expect(try drawn(J.animation([square(ip: -10, op: 20)]), 0))
    }

    /// A layer whose `op` is the composition's `op` stays visible when the animation is paused
    /// on its last frame (lottie-ios lets the visibility run to the end of the animation).
    @Test func layerEndingWithTheCompositionIsVisibleOnTheLastFrameAsLottieIOS() throws {
        #expect(try drawn(J.animation([square(ip: 0, op: 30)]), 30))
        #expect(try drawn(J.animation([square(ip: 10, op: 30)]), 30))
        #expect(try blank(J.animation([square(ip: 10, op: 30)]), 9.5))
    }

    /// An `op` past the composition's end counts as reaching it.
    @Test func layerEndingAfterTheCompositionIsVisibleOnTheLastFrame() throws {
        #expect(try drawn(J.animation([square(ip: 5, op: 90)]), 30))
    }

    /// The last-frame rule is only for a layer that reaches the end: op 29 ends at frame 29.
    @Test func layerEndingBeforeTheLastFrameIsClearOnIt() throws {
        let json = J.animation([square(ip: 0, op: 29)])
        #expect(try drawn(json, 28.99))
        #expect(try blank(json, 29))
        #expect(try blank(json, 30))
    }

    /// In a composition that starts at frame 10 (time 0 of the tree is its `ip`), a layer from
    /// frame 20 to 30 is clear at 19.99, drawn at 20 and 29.99, clear at 30.
    @Test func inAndOutPointsInACompositionThatStartsLater() throws {
        let json = J.animation([square(ip: 20, op: 30)], ip: 10, op: 40)
        #expect(try blank(json, 10))
        #expect(try blank(json, 19.99))
        #expect(try drawn(json, 20))
        #expect(try drawn(json, 29.99))
        #expect(try blank(json, 30))
    }

    /// A layer's `st` does not move its in and out points: st 10, ip 0, op 10 is drawn over
    /// frames 0…10, not 10…20.
    @Test func startTimeDoesNotMoveInAndOutPoints() throws {
        let json = J.animation([square(ip: 0, op: 10, st: 10)])
        #expect(try drawn(json, 5))
        #expect(try blank(json, 15))
    }

    /// A layer whose span is empty (op ≤ ip) is never drawn.
    @Test func emptySpanIsNeverDrawn() throws {
        let json = J.animation([square(ip: 10, op: 10)])
        #expect(try blank(json, 10))
        #expect(try blank(json, 0))
        #expect(try blank(json, 30))
    }

    /// A hidden layer (`hd: true`) is never drawn.
    @Test func hiddenLayerIsNeverDrawn() throws {
        let json = J.animation([J.shapes([J.group([J.rect(p: [50, 50], s: [40, 40]), J.fill([1, 0, 0])])], hidden: true)])
        #expect(try blank(json, 0))
        #expect(try blank(json, 15))
    }

    /// Layers come and go independently: the front layer (ip 0, op 15) hides the back one
    /// (ip 0, op 30) until frame 15, then the back one shows.
    @Test func backLayerShowsWhenTheFrontLayerEnds() throws {
        let front = J.shapes([J.group([J.rect(p: [50, 50], s: [40, 40]), J.fill([1, 0, 0])])], ind: 1, op: 15)
        let back = J.shapes([J.group([J.rect(p: [50, 50], s: [40, 40]), J.fill([0, 0, 1])])], ind: 2)
        let json = J.animation([front, back])
        expectColor(try renderLottie(json, frame: 14.99), 50, 50, .red)
        expectColor(try renderLottie(json, frame: 15), 50, 50, .blue)
    }
}
