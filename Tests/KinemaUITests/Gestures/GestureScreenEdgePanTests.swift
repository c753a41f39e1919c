import KinemaGeometry
import KinemaUI
import TestSupport
import Testing
import UITestSupport

@Suite struct GestureScreenEdgePanTests {
    /// A 375 × 667 window whose root view fills it, with an edge pan on the root view.
    static func makeStage(edges: RectEdge) -> (Window, RecordingView, ScreenEdgePanGestureRecognizer) {
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let root = RecordingView(frame: window.bounds)
        window.addSubview(root)
        window.advance(to: 0)
        let pan = ScreenEdgePanGestureRecognizer()
        pan.edges = edges
        root.addGestureRecognizer(pan)
        return (window, root, pan)
    }

    struct EdgeCase: CustomTestStringConvertible, Sendable {
        let name: String
        let edges: RectEdge
        let start: Point
        let end: Point
        let begins: Bool
        var testDescription: String { name }
    }

    // Default margin 20 pt; the motion must be within 45° of straight in.
    nonisolated static let cases: [EdgeCase] = [
        EdgeCase(name: "left, from x = 5", edges: .left, start: Point(x: 5, y: 300), end: Point(x: 60, y: 300), begins: true),
        EdgeCase(name: "left, from x = 100", edges: .left, start: Point(x: 100, y: 300), end: Point(x: 155, y: 300), begins: false),
        EdgeCase(name: "left, from x = 20", edges: .left, start: Point(x: 20, y: 300), end: Point(x: 75, y: 300), begins: true),
        EdgeCase(name: "left, from x = 21", edges: .left, start: Point(x: 21, y: 300), end: Point(x: 76, y: 300), begins: false),
        EdgeCase(name: "left, along the edge", edges: .left, start: Point(x: 5, y: 300), end: Point(x: 5, y: 360), begins: false),
        EdgeCase(name: "left, at 45°", edges: .left, start: Point(x: 5, y: 300), end: Point(x: 41, y: 336), begins: true),
        EdgeCase(name: "left, at 50°", edges: .left, start: Point(x: 5, y: 300), end: Point(x: 35, y: 336), begins: false),
        EdgeCase(name: "left, moving out", edges: .left, start: Point(x: 15, y: 300), end: Point(x: -40, y: 300), begins: false),
        EdgeCase(name: "right, from x = 370", edges: .right, start: Point(x: 370, y: 300), end: Point(x: 315, y: 300), begins: true),
        EdgeCase(name: "right, from the left edge", edges: .right, start: Point(x: 5, y: 300), end: Point(x: 60, y: 300), begins: false),
        EdgeCase(name: "right, along the edge", edges: .right, start: Point(x: 370, y: 300), end: Point(x: 370, y: 240), begins: false),
        EdgeCase(name: "top", edges: .top, start: Point(x: 180, y: 8), end: Point(x: 180, y: 60), begins: true),
        EdgeCase(name: "bottom", edges: .bottom, start: Point(x: 180, y: 660), end: Point(x: 190, y: 600), begins: true),
        EdgeCase(name: "no edges (the default)", edges: [], start: Point(x: 5, y: 300), end: Point(x: 60, y: 300), begins: false),
        EdgeCase(name: "all, from a corner, down", edges: .all, start: Point(x: 5, y: 5), end: Point(x: 5, y: 60), begins: true),
        EdgeCase(
            name: "left and right, from the right", edges: [.left, .right], start: Point(x: 360, y: 300),
            end: Point(x: 300, y: 310), begins: true),
    ]

    @Test(arguments: cases)
    func beginsOnlyFromAnAllowedEdgeMovingIn(_ c: EdgeCase) {
        let (window, _, pan) = Self.makeStage(edges: c.edges)
        let log = GestureLog(pan, in: window)
        window.down(1, c.start.x, c.start.y, at: 0.1)
        let end = window.drag(from: c.start, to: c.end, start: 0.1, duration: 0.05)
        window.up(1, c.end.x, c.end.y, at: end + 0.01)
        #expect(log.states.first == (c.begins ? .began : .failed))
        #expect(log.states.last == .possible)
        #expect(log.actions.isEmpty == !c.begins)
    }

    @Test func aTouchAwayFromTheEdgesFailsAtTouchDown() {
        let (window, _, pan) = Self.makeStage(edges: .left)
        let log = GestureLog(pan, in: window)
        window.down(1, 100, 300, at: 0.1)
        #expect(log.states == [.failed])
        #expect(log.failureTime == 0.1)
    }

    @Test func theMarginCanBeWidened() {
        let (window, _, pan) = Self.makeStage(edges: .left)
        pan.edgeMargin = 40
        let log = GestureLog(pan, in: window)
        window.down(1, 35, 300, at: 0.1)
        window.drag(from: Point(x: 35, y: 300), to: Point(x: 80, y: 300), start: 0.1, duration: 0.05)
        #expect(log.states.first == .began)
        pan.edgeMargin = -1  // ignored
        #expect(pan.edgeMargin == 40)
    }

    @Test func translationAndVelocityAreThoseOfAPan() {
        let (window, root, pan) = Self.makeStage(edges: .left)
        var translations: [Point] = []
        pan.addTarget { pan in translations.append(pan.translation(in: root)) }
        window.down(1, 4, 300, at: 0)
        for i in 1...12 { window.move(1, 4 + 6 * Double(i), 300, at: Double(i) / 120) }  // 720 pt/s
        #expect(translations.first == .zero)  // began at 12 pt, no jump
        #expect(translations.last == Point(x: 60, y: 0))
        #expect(isClose(pan.velocity(in: root).x, 720, 1e-6))
    }

    @Test func onlyTheFirstFingerCounts() {
        let (window, root, pan) = Self.makeStage(edges: .left)
        root.isMultipleTouchEnabled = true
        let log = GestureLog(pan, in: window)
        window.down(1, 5, 300, at: 0)
        window.move(1, 30, 300, at: 0.01)
        #expect(log.states == [.began])
        window.down(2, 200, 300, at: 0.02)  // ignored by the pan: the view gets it
        window.move(2, 260, 300, at: 0.03)
        window.up(2, 260, 300, at: 0.04)
        #expect(pan.numberOfTouches == 1)
        #expect(log.states == [.began])
        #expect(root.log == ["began 1", "cancelled 1", "began 2", "moved 2", "ended 2"])
    }
}
