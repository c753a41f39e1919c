import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaLottie
import KinemaLottieUI
import KinemaRender
import KinemaUI
import Testing

/// `LottieAnimationView` in a window: which frame it shows as the window's clock runs, for each
/// loop mode, speed and range, and where it draws.
@MainActor
@Suite struct LottieAnimationViewTests {
    /// 100 × 100 at 30 fps, frames 0…30 (one second): a 20-point red square whose centre moves
    /// linearly from x 10 to x 70 (x = 10 + 2 × frame).
    static let moving = LottieJSON.animation([
        LottieJSON.shapeLayer(
            ks: #"{"p": {"a": 1, "k": [{"t": 0, "s": [10, 50]}, {"t": 30, "s": [70, 50]}]}}"#,
            [LottieJSON.group([LottieJSON.rect(p: [0, 0], s: [20, 20]), LottieJSON.fill([1, 0, 0])])])
    ])

    let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let view: LottieAnimationView

    init() throws {
        view = LottieAnimationView(animation: try LottieAnimation(data: Data(Self.moving.utf8)))
        window.addSubview(view)
        window.makeKeyAndVisible()
        window.advance(to: 0)
    }

    func frame(at t: Double) -> Double {
        window.advance(to: t)
        return view.currentFrame
    }

    @Test func playOnceRunsAtTheFileRateAndStopsOnTheLastFrame() {
        var finished: [Bool] = []
        view.play { finished.append($0) }
        #expect(view.isAnimationPlaying)
        #expect(abs(frame(at: 0.5) - 15) < 1e-9)
        #expect(finished.isEmpty)
        #expect(frame(at: 2) == 30)
        #expect(finished == [true])
        #expect(!view.isAnimationPlaying)
    }

    @Test func loopStartsAgainAtEachEnd() {
        view.loopMode = .loop
        view.play()
        #expect(abs(frame(at: 1.25) - 7.5) < 1e-9)
        #expect(view.isAnimationPlaying)
    }

    @Test func autoReverseComesBack() {
        view.loopMode = .autoReverse
        view.play()
        #expect(abs(frame(at: 1.5) - 15) < 1e-9)
        #expect(abs(frame(at: 1.9) - 3) < 1e-9)
    }

    @Test func repeatBackwardsEndsOnTheFirstFrame() {
        var finished: [Bool] = []
        view.play(fromFrame: 0, toFrame: 30, loopMode: .repeatBackwards(1)) { finished.append($0) }
        #expect(abs(frame(at: 1.5) - 15) < 1e-9)
        #expect(frame(at: 2.5) == 0)
        #expect(finished == [true])
    }

    @Test func negativeSpeedPlaysBackwards() {
        view.animationSpeed = -2
        view.play(fromFrame: 0, toFrame: 30)
        // Twice as fast, from frame 30 down: 6 frames in 0.1 s.
        #expect(abs(frame(at: 0.1) - 24) < 1e-9)
    }

    @Test func pauseKeepsTheFrameAndTellsTheCompletion() {
        var finished: [Bool] = []
        view.play { finished.append($0) }
        _ = frame(at: 0.2)
        view.pause()
        #expect(finished == [false])
        #expect(abs(frame(at: 0.8) - 6) < 1e-9)
    }

    @Test func progressRangeAndSettingTheProgress() {
        view.play(fromProgress: 0.5, toProgress: 1)
        #expect(abs(frame(at: 0.25) - 22.5) < 1e-9)
        view.currentProgress = 0.25
        #expect(!view.isAnimationPlaying)
        #expect(view.currentFrame == 7.5)
        view.stop()
        #expect(view.currentFrame == 0)
    }

    @Test func playFromTheMiddleFinishesTheFirstLoopThenLoopsWhole() {
        view.currentFrame = 15
        view.loopMode = .loop
        view.play()
        #expect(abs(frame(at: 0.25) - 22.5) < 1e-9)
        #expect(abs(frame(at: 0.75) - 7.5) < 1e-9)
    }

    @Test func drawsTheFrameItShowsScaledToFitItsBounds() throws {
        // A 200 × 100 view: the 100 × 100 animation is fitted at scale 1 and centred (x 50…150).
        view.frame = Rect(x: 0, y: 0, width: 200, height: 100)
        view.currentFrame = 15
        window.frame = Rect(x: 0, y: 0, width: 200, height: 100)
        window.advance(to: 0.1)
        window.layoutIfNeeded()
        let bitmap = try Renderer().render(window.layer.renderTree(at: 0.1), size: Size(width: 200, height: 100), scale: 1)
        // Frame 15: the square's centre at animation x 40, so view x 90.
        let centre = bitmap.color(x: 90, y: 50)
        #expect(centre.red > 0.99 && centre.alpha > 0.99, "\(centre)")
        #expect(bitmap.color(x: 75, y: 50).alpha == 0, "left of the square")
        #expect(bitmap.color(x: 105, y: 50).alpha == 0, "right of the square")
    }
}
