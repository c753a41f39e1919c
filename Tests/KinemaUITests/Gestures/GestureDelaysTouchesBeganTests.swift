import KinemaGeometry
import KinemaUI
import Testing
import UITestSupport

/// `GestureRecognizer.delaysTouchesBegan`: the view hears of a touch only once the recognizer
/// decides.
@Suite struct GestureDelaysTouchesBeganTests {
    @Test func defaultIsFalse() {
        #expect(!TapGestureRecognizer().delaysTouchesBegan)
        #expect(!PanGestureRecognizer().delaysTouchesBegan)
    }

    /// A pan that delays touchesBegan: a touch that moves and lifts without panning reaches the
    /// view when the pan fails (at the lift: began, then ended at once); a pan that begins takes
    /// the touch, and the view never hears of it (no `touchesCancelled` either).
    @Test func viewHearsOnlyOnceTheRecognizerFails() {
        let (window, view) = makeTouchStage()
        view.logsTimes = true
        let pan = PanGestureRecognizer()
        pan.delaysTouchesBegan = true
        view.addGestureRecognizer(pan)
        window.down(1, 100, 150, at: 0.1)
        window.move(1, 104, 150, at: 0.2)
        #expect(view.log.isEmpty)
        window.up(1, 104, 150, at: 0.3)
        #expect(view.log == ["began 1 @0.3", "ended 1 @0.3"])
        #expect(view.locations.first == Point(x: 64, y: 90))

        view.log.removeAll()
        window.down(1, 100, 150, at: 1)
        window.move(1, 100, 170, at: 1.1)
        window.move(1, 100, 190, at: 1.2)
        window.up(1, 100, 190, at: 1.3)
        #expect(view.log.isEmpty)
    }

    /// A recognizer that delays touchesBegan but does not cancel touches in the view releases
    /// them when it recognizes; a second finger coming down after it decided is not delayed.
    @Test func recognizingWithoutCancellingReleasesTheTouch() {
        let (window, view) = makeTouchStage()
        view.logsTimes = true
        view.isMultipleTouchEnabled = true
        let pan = PanGestureRecognizer()
        pan.delaysTouchesBegan = true
        pan.cancelsTouchesInView = false
        view.addGestureRecognizer(pan)
        window.down(1, 100, 150, at: 0.1)
        window.move(1, 100, 170, at: 0.2)
        #expect(view.log == ["began 1 @0.2"])
        window.down(2, 150, 150, at: 0.25)
        #expect(view.log == ["began 1 @0.2", "began 2 @0.25"])
    }
}
