import KinemaGeometry
import KinemaUI
import TestSupport
import Testing
import UITestSupport

/// Two-finger recognizers in the arbitration: simultaneous recognition, `shouldReceive`, and
/// touches a recognizer ignores.
@Suite struct GestureMultiTouchTests {
    static let center = Point(x: 140, y: 210)

    struct Simultaneity: CustomTestStringConvertible, Sendable {
        /// Which recognizer has the delegate: "pinch", "rotation" or "none".
        let delegateOn: String
        let allows: Bool
        /// Whether the pinch and the rotation cross their thresholds in the same event.
        let sameEvent: Bool
        var testDescription: String {
            "delegate on \(delegateOn) \(allows ? "allows" : "refuses"), \(sameEvent ? "same event" : "one after the other")"
        }
    }

    @Test(arguments: [
        Simultaneity(delegateOn: "none", allows: false, sameEvent: false),
        Simultaneity(delegateOn: "none", allows: false, sameEvent: true),
        Simultaneity(delegateOn: "pinch", allows: false, sameEvent: false),
        Simultaneity(delegateOn: "pinch", allows: true, sameEvent: false),
        Simultaneity(delegateOn: "pinch", allows: true, sameEvent: true),
        Simultaneity(delegateOn: "rotation", allows: true, sameEvent: false),
        Simultaneity(delegateOn: "rotation", allows: true, sameEvent: true),
    ])
    func pinchAndRotationAreExclusiveUnlessADelegateAllows(_ c: Simultaneity) {
        let (window, view) = makeTouchStage()
        let pinch = PinchGestureRecognizer()
        let rotate = RotationGestureRecognizer()
        view.addGestureRecognizer(pinch)
        view.addGestureRecognizer(rotate)
        let delegate = MultiTouchDelegate()
        delegate.simultaneous = c.allows
        if c.delegateOn == "pinch" { pinch.delegate = delegate }
        if c.delegateOn == "rotation" { rotate.delegate = delegate }
        let pinchLog = GestureLog(pinch, in: window)
        let rotateLog = GestureLog(rotate, in: window)
        window.pair(.began, FingerPair(center: Self.center, distance: 100), at: 0)
        if !c.sameEvent {
            // The distance changes first (the pinch begins), then the line turns.
            window.pair(.moved, FingerPair(center: Self.center, distance: 110), at: 0.01)
        }
        window.pair(.moved, FingerPair(center: Self.center, distance: 120, angle: 0.2), at: 0.02)
        window.pair(.moved, FingerPair(center: Self.center, distance: 130, angle: 0.4), at: 0.03)
        #expect(pinchLog.states == (c.sameEvent ? [.began, .changed] : [.began, .changed, .changed]))
        #expect(rotateLog.states == (c.allows ? [.began, .changed] : [.failed]))
        if c.allows {
            #expect(isClose(pinch.scale, 1.3, 1e-12))
            #expect(isClose(rotate.rotation, 0.4, 1e-12))
        }
    }

    @Test(arguments: [false, true])
    func aRefusedSecondFingerKeepsThePinchFromBeginning(_ refuses: Bool) {
        let (window, view) = makeTouchStage()
        view.isMultipleTouchEnabled = true
        let pinch = PinchGestureRecognizer()
        view.addGestureRecognizer(pinch)
        let delegate = MultiTouchDelegate()
        if refuses { delegate.refused = [2] }
        pinch.delegate = delegate
        let log = GestureLog(pinch, in: window)
        window.pair(.began, FingerPair(center: Self.center, distance: 100), at: 0)
        window.pair(.moved, FingerPair(center: Self.center, distance: 150), at: 0.01)
        #expect(pinch.numberOfTouches == (refuses ? 1 : 2))
        #expect(log.states == (refuses ? [] : [.began]))
        #expect(view.log == (refuses ? ["began 1,2", "moved 1,2"] : ["began 1,2", "cancelled 1,2"]))
    }

    /// Apple documents that touches a recognizer ignores are not cancelled in its view: a third
    /// finger on a pinch that has begun goes to the view, and does not change the scale.
    @Test func aThirdFingerIsIgnoredAndReachesTheView() {
        let (window, view) = makeTouchStage()
        view.isMultipleTouchEnabled = true
        let pinch = PinchGestureRecognizer()
        view.addGestureRecognizer(pinch)
        let log = GestureLog(pinch, in: window)
        window.pair(.began, FingerPair(center: Self.center, distance: 100), at: 0)
        window.pair(.moved, FingerPair(center: Self.center, distance: 150), at: 0.01)
        window.down(3, 60, 300, at: 0.02)
        window.move(3, 200, 100, at: 0.03)
        window.up(3, 200, 100, at: 0.04)
        #expect(pinch.numberOfTouches == 2)
        #expect(log.states == [.began])  // finger 3 moving is not a change of the pinch
        #expect(isClose(pinch.scale, 1.5, 1e-12))
        #expect(view.log == ["began 1,2", "cancelled 1,2", "began 3", "moved 3", "ended 3"])
    }
}
