import KinemaGeometry
import KinemaUI
import TestSupport
import Testing
import UITestSupport

/// A controller that logs the touches that reach it as `"began (x, y)"`, with the location of
/// the first touch in its own view.
final class TouchLoggingController: ViewController {
    var log: [String] = []
    /// The hit view of the first touch at each call.
    var touchViews: [View?] = []
    /// Whether `didReceiveMemoryWarning()` was called (Kinema never calls it).
    var receivedMemoryWarning = false

    private func note(_ phase: String, _ touches: Set<Touch>) {
        let p = touches.first.map { $0.location(in: view) } ?? Point(x: .nan, y: .nan)
        log.append("\(phase) (\(p.x), \(p.y))")
        touchViews.append(touches.first?.view)
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { note("began", touches) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { note("moved", touches) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { note("ended", touches) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { note("cancelled", touches) }
    override func didReceiveMemoryWarning() { receivedMemoryWarning = true }
}

/// A view that logs the phases it receives and then passes them on with `super` or not.
final class PassingView: View {
    var log: [String] = []
    var callsSuper = true

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        log.append("began")
        if callsSuper { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        log.append("moved")
        if callsSuper { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        log.append("ended")
        if callsSuper { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        log.append("cancelled")
        if callsSuper { super.touchesCancelled(touches, with: event) }
    }
}

/// A view that accepts first-responder status.
final class FocusableView: View {
    var refusesToResign = false
    override var canBecomeFirstResponder: Bool { true }
    override var canResignFirstResponder: Bool { !refusesToResign }
}

/// A controller that accepts first-responder status.
final class FocusableController: ViewController {
    override var canBecomeFirstResponder: Bool { true }
}

/// A key, visible 375 × 667 window whose root controller (`root`) has a child controller
/// (`child`) whose view sits at (30, 50), 300 × 400, in the root's view; the child's view holds
/// `leaf`, a plain view at (10, 20), 200 × 200. Advanced to time 0.
struct ResponderStage {
    let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
    let root = TouchLoggingController()
    let child = TouchLoggingController()
    let leaf: View

    init(leaf: View = View()) {
        self.leaf = leaf
        window.rootViewController = root
        root.addChild(child)
        child.view.frame = Rect(x: 30, y: 50, width: 300, height: 400)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        leaf.frame = Rect(x: 10, y: 20, width: 200, height: 200)
        child.view.addSubview(leaf)
        window.makeKeyAndVisible()
        window.advance(to: 0)
    }
}

/// The responders met by following `next` from `start` (at most 20).
private func chain(from start: Responder) -> [Responder] {
    var result: [Responder] = []
    var node: Responder? = start
    while let responder = node, result.count < 20 {
        result.append(responder)
        node = responder.next
    }
    return result
}

@Suite struct ResponderChainTests {
    struct ChainCase: CustomTestStringConvertible, Sendable {
        let name: String
        /// Builds a hierarchy; returns where to start and the chain expected from there.
        let build: @Sendable () -> (start: Responder, expected: [Responder])
        var testDescription: String { name }
    }

    nonisolated static let chainCases: [ChainCase] = [
        ChainCase(name: "plain view inside a controller's view") {
            let s = ResponderStage()
            return (s.leaf, [s.leaf, s.child.view, s.child, s.root.view, s.root, s.window])
        },
        ChainCase(name: "a child controller's root view") {
            let s = ResponderStage()
            return (s.child.view, [s.child.view, s.child, s.root.view, s.root, s.window])
        },
        ChainCase(name: "window's root controller") {
            let s = ResponderStage()
            return (s.root, [s.root, s.window])
        },
        ChainCase(name: "window alone") {
            let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            return (window, [window])
        },
        ChainCase(name: "view outside any hierarchy") {
            let view = View()
            return (view, [view])
        },
        ChainCase(name: "controller whose view is not in a hierarchy") {
            let controller = ViewController()
            return (controller, [controller])
        },
        ChainCase(name: "presented controller and its view") {
            let s = ResponderStage()
            let presented = ViewController()
            s.root.present(presented, animated: false)
            s.window.advance(to: 0.1)
            return (presented.view, [presented.view, presented, s.root, s.window])
        },
        ChainCase(name: "controller presented over a presented controller") {
            let s = ResponderStage()
            let first = ViewController()
            let second = ViewController()
            s.root.present(first, animated: false)
            s.window.advance(to: 0.1)
            first.present(second, animated: false)
            s.window.advance(to: 0.2)
            return (second, [second, first, s.root, s.window])
        },
        ChainCase(name: "root controller whose view a full-screen presentation removed") {
            let s = ResponderStage()
            let presented = ViewController()
            presented.modalPresentationStyle = .fullScreen
            s.root.present(presented, animated: false)
            s.window.advance(to: 0.1)
            // The presenter's view left the window; its controller still leads to the window.
            return (s.root, s.root.view.superview == nil ? [s.root, s.window] : [])
        },
        ChainCase(name: "dismissed controller") {
            let s = ResponderStage()
            let presented = ViewController()
            s.root.present(presented, animated: false)
            s.window.advance(to: 0.1)
            presented.dismiss(animated: false)
            s.window.advance(to: 0.2)
            return (presented, [presented])
        },
        ChainCase(name: "replaced root controller") {
            let s = ResponderStage()
            s.window.rootViewController = ViewController()
            return (s.root, [s.root])
        },
    ]

    @Test(arguments: chainCases)
    func nextFollowsUIKitsChain(_ c: ChainCase) {
        let (start, expected) = c.build()
        let actual = chain(from: start)
        #expect(!expected.isEmpty)
        #expect(actual.count == expected.count)
        for (a, e) in zip(actual, expected) {
            #expect(a === e, "got \(type(of: a)), expected \(type(of: e))")
        }
    }

    @Test func readingNextDoesNotLoadTheView() {
        let controller = ViewController()
        #expect(controller.next == nil)
        #expect(!controller.isViewLoaded)
    }

    @Test func touchOnAPlainSubviewReachesItsControllerWithItsLocation() {
        let s = ResponderStage()
        // The child's view is at (30, 50) in the window: window (100, 150) is (70, 100) in it.
        s.window.down(1, 100, 150, at: 0.1)
        s.window.move(1, 104, 157, at: 0.2)
        s.window.up(1, 106, 161, at: 0.3)
        #expect(s.child.touchViews.count == 3 && s.child.touchViews.allSatisfy { $0 === s.leaf })
        #expect(s.child.log == ["began (70.0, 100.0)", "moved (74.0, 107.0)", "ended (76.0, 111.0)"])
        // The child handled them without calling super: its parent heard nothing.
        #expect(s.root.log.isEmpty)
    }

    struct RecognizerCase: CustomTestStringConvertible, Sendable {
        let cancelsTouchesInView: Bool
        /// The last call the controller gets.
        let last: String
        var testDescription: String { "cancelsTouchesInView \(cancelsTouchesInView)" }
    }

    @Test(arguments: [
        RecognizerCase(cancelsTouchesInView: true, last: "cancelled"),
        RecognizerCase(cancelsTouchesInView: false, last: "ended"),
    ])
    func aRecognizerThatTakesTheTouchCancelsItAtTheController(_ c: RecognizerCase) {
        let s = ResponderStage()
        let pan = PanGestureRecognizer()
        pan.cancelsTouchesInView = c.cancelsTouchesInView
        s.leaf.addGestureRecognizer(pan)
        s.window.down(1, 100, 150, at: 0.1)
        let end = s.window.drag(1, from: Point(x: 100, y: 150), to: Point(x: 160, y: 150), start: 0.1, duration: 0.1)
        s.window.up(1, 160, 150, at: end + 0.01)
        let phases = s.child.log.map { $0.split(separator: " ")[0] }
        #expect(phases.first == "began")
        #expect(phases.last.map(String.init) == c.last)
        #expect(phases.filter { $0 == "cancelled" || $0 == "ended" }.count == 1)
        if c.cancelsTouchesInView {
            // The pan began past its 10-point hysteresis: no move reached the controller after it.
            #expect(phases.filter { $0 == "moved" }.count < 3)
        }
    }

    @Test(arguments: [true, false])
    func anOverrideForwardsOnlyWhenItCallsSuper(callsSuper: Bool) {
        let view = PassingView()
        view.callsSuper = callsSuper
        let s = ResponderStage(leaf: view)
        s.window.down(1, 100, 150, at: 0.1)
        s.window.move(1, 110, 150, at: 0.2)
        s.window.up(1, 110, 150, at: 0.3)
        #expect(view.log == ["began", "moved", "ended"])
        #expect(s.child.log == (callsSuper ? ["began (70.0, 100.0)", "moved (80.0, 100.0)", "ended (80.0, 100.0)"] : []))
    }

    @Test func cancelledForwardsThroughAnOverrideThatCallsSuper() {
        let view = PassingView()
        let s = ResponderStage(leaf: view)
        let pan = PanGestureRecognizer()
        view.addGestureRecognizer(pan)
        s.window.down(1, 100, 150, at: 0.1)
        s.window.drag(1, from: Point(x: 100, y: 150), to: Point(x: 100, y: 200), start: 0.1, duration: 0.1)
        #expect(view.log.last == "cancelled")
        #expect(s.child.log.last?.hasPrefix("cancelled") == true)
    }

    @Test func memoryWarningsAreNeverSent() {
        let s = ResponderStage()
        s.window.advance(to: 10)
        #expect(!s.root.receivedMemoryWarning && !s.child.receivedMemoryWarning)
        s.root.didReceiveMemoryWarning()
        #expect(s.root.receivedMemoryWarning)
    }
}

@Suite struct FirstResponderTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        /// Builds a window and runs the scenario; returns what happened and what should have.
        let run: @Sendable () -> (actual: [Bool], expected: [Bool])
        var testDescription: String { name }
    }

    nonisolated static let cases: [Case] = [
        Case(name: "a view that can become one, in a window") {
            let s = ResponderStage(leaf: FocusableView())
            let became = s.leaf.becomeFirstResponder()
            return ([became, s.leaf.isFirstResponder, s.child.view.isFirstResponder], [true, true, false])
        },
        Case(name: "a plain view refuses") {
            let s = ResponderStage()
            return ([s.leaf.becomeFirstResponder(), s.leaf.isFirstResponder], [false, false])
        },
        Case(name: "a view outside any window refuses") {
            let view = FocusableView()
            return ([view.becomeFirstResponder(), view.isFirstResponder], [false, false])
        },
        Case(name: "a second responder takes over") {
            let s = ResponderStage(leaf: FocusableView())
            let other = FocusableView()
            s.root.view.addSubview(other)
            return (
                [s.leaf.becomeFirstResponder(), other.becomeFirstResponder(), s.leaf.isFirstResponder, other.isFirstResponder],
                [true, true, false, true]
            )
        },
        Case(name: "the first responder refuses to resign") {
            let leaf = FocusableView()
            leaf.refusesToResign = true
            let s = ResponderStage(leaf: leaf)
            let other = FocusableView()
            s.root.view.addSubview(other)
            return (
                [leaf.becomeFirstResponder(), other.becomeFirstResponder(), leaf.isFirstResponder, other.isFirstResponder],
                [true, false, true, false]
            )
        },
        Case(name: "resigning") {
            let s = ResponderStage(leaf: FocusableView())
            return ([s.leaf.becomeFirstResponder(), s.leaf.resignFirstResponder(), s.leaf.isFirstResponder], [true, true, false])
        },
        Case(name: "a view that leaves the window") {
            let s = ResponderStage(leaf: FocusableView())
            let became = s.leaf.becomeFirstResponder()
            s.leaf.removeFromSuperview()
            return ([became, s.leaf.isFirstResponder], [true, false])
        },
        Case(name: "a controller, through its view's window") {
            let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
            let controller = FocusableController()
            window.rootViewController = controller
            return (
                [controller.becomeFirstResponder(), controller.isFirstResponder, controller.view.isFirstResponder], [true, true, false]
            )
        },
    ]

    @Test(arguments: cases)
    func firstResponderStatus(_ c: Case) {
        let (actual, expected) = c.run()
        #expect(actual == expected)
    }
}
