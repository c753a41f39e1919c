import KinemaGeometry
import KinemaScenes
import KinemaTiming
import KinemaUI
import TestSupport
import Testing

@Suite("Scene touches: drags, taps and gestures")
struct SceneTouchTests {
    // MARK: Expansion

    @Test("a 0.3 s drag is began, 36 moves every 1/120 s along the line, the last at the end, then ended after the hold")
    func dragExpansion() {
        let from = Point(x: 10, y: 20), to = Point(x: 70, y: 50)
        let samples = SceneTouch.drag(from: from, to: to, at: 1, duration: 0.3, holdBeforeRelease: 0.25, identifier: 3)
        #expect(samples.count == 38)
        #expect(samples.allSatisfy { $0.identifier == 3 })
        #expect(samples.map(\.phase) == [.began] + Array(repeating: .moved, count: 36) + [.ended])
        #expect(samples[0] == SceneTouch(time: 1, identifier: 3, phase: .began, point: from))
        for k in 1...36 {
            let s = samples[k]
            let f = Double(k) / 36
            #expect(isClose(s.time, 1 + Double(k) / 120, 1e-12), "sample \(k) at \(s.time)")
            #expect(isClose(s.point, Point(x: 10 + 60 * f, y: 20 + 30 * f), 1e-9), "sample \(k) at \(s.point)")
        }
        #expect(samples[36].time == 1.3 && samples[36].point == to)
        #expect(samples[37] == SceneTouch(time: 1.55, identifier: 3, phase: .ended, point: to))
    }

    @Test("a drag that is not a whole number of intervals ends with a shorter one, exactly at its end")
    func dragPartialInterval() {
        let samples = SceneTouch.drag(from: .zero, to: Point(x: 105, y: -21), at: 2, duration: 0.105)
        let moves = samples.filter { $0.phase == .moved }
        #expect(moves.count == 13)
        #expect(isClose(moves[11].time, 2.1, 1e-12))
        #expect(isClose(moves[11].point, Point(x: 100, y: -20), 1e-9))
        #expect(moves[12].time == 2.105 && moves[12].point == Point(x: 105, y: -21))
        #expect(samples.last == SceneTouch(time: 2.105, identifier: 1, phase: .ended, point: Point(x: 105, y: -21)))
    }

    @Test("a drag with no duration, or a negative, infinite or too long one, gives no samples")
    func dragDegenerate() {
        // 1e300 s would be 1.2e302 samples: more than an Int holds, let alone memory.
        for duration in [0, -1, Double.infinity, .nan, 600.5, 1e300] {
            #expect(SceneTouch.drag(from: .zero, to: Point(x: 1, y: 1), at: 0, duration: duration).isEmpty, "\(duration)")
        }
        #expect(SceneTouch.drag(from: .zero, to: Point(x: 1, y: 1), at: 0, duration: 1, holdBeforeRelease: -1).isEmpty)
    }

    @Test("a scene file's drag, tap and touch steps expand into the step's touches")
    func decodedTouches() throws {
        let json = viewScene(
            script: #"""
                [{"at": 0.5, "drag": {"from": [10, 20], "to": [70, 50], "duration": 0.3, "holdBeforeRelease": 0.25, "id": 3}},
                 {"at": 1, "tap": [5, 6]},
                 {"at": 2, "tap": {"point": [7, 8], "duration": 0.1, "id": 2}},
                 {"at": 3, "touch": {"id": 9, "phase": "began", "point": [1, 2]}}]
                """#)
        let script = try SceneDocument.decode(json).script
        #expect(
            script[0].touches
                == SceneTouch.drag(
                    from: Point(x: 10, y: 20), to: Point(x: 70, y: 50), at: 0.5, duration: 0.3, holdBeforeRelease: 0.25, identifier: 3))
        #expect(
            script[1].touches == [
                SceneTouch(time: 1, identifier: 1, phase: .began, point: Point(x: 5, y: 6)),
                SceneTouch(time: 1, identifier: 1, phase: .ended, point: Point(x: 5, y: 6)),
            ])
        #expect(script[2].touches.map(\.time) == [2, 2.1])
        #expect(script[2].touches.map(\.identifier) == [2, 2])
        #expect(script[3].touches == [SceneTouch(time: 3, identifier: 9, phase: .began, point: Point(x: 1, y: 2))])
        #expect(script.allSatisfy { $0.actions.isEmpty })
    }

    // MARK: Buttons

    static let buttonScene = viewScene(
        #"""
        {"id": "b", "type": "button", "frame": [0, 60, 60, 30], "title": "B",
         "onTap": [{"duration": 1, "curve": "linear", "changes": [{"view": "card", "center": [130, 25]}]}]}
        """#,
        script: #"[{"at": 1, "tap": {"point": [30, 75], "duration": 0.25}}, {"at": 3, "tap": [100, 75]}]"#)

    @Test("a scripted tap on a button runs its onTap animations at touch up inside")
    func tapOnButton() throws {
        let times = [1.2, 1.25, 1.75, 2.25, 3.5]
        let x = try sampledValues(Self.buttonScene, layer: "card", key: "position.x", times: times)
        expectSamples(x, [30, 30, 80, 130, 130], times: times, tolerance: 1e-9)
        let highlighted = try playedScene(Self.buttonScene, to: 1.1).views["b"] as? Button
        #expect(highlighted?.isHighlighted == true)
        #expect((try playedScene(Self.buttonScene, to: 1.3).views["b"] as? Button)?.isHighlighted == false)
    }

    @Test("a tap that misses the button, or lands on a disabled one, runs nothing")
    func tapMisses() throws {
        let missed = try sampledValues(
            Self.buttonScene.replacingOccurrences(of: "[30, 75]", with: "[70, 75]"), layer: "card", key: "position.x", times: [1.75])
        #expect(missed == [.number(30)])
        let disabled = try sampledValues(
            Self.buttonScene.replacingOccurrences(of: #""title": "B","#, with: #""title": "B", "enabled": false,"#), layer: "card",
            key: "position.x", times: [1.75])
        #expect(disabled == [.number(30)])
    }

    // MARK: Gestures

    static let panScene = viewScene(
        #"""
        {"id": "puck", "frame": [80, 40, 20, 20], "gestures": [
          {"id": "pan", "type": "pan", "drags": true, "hysteresis": 0,
           "onEnded": [{"springDuration": 0.5, "bounce": 0.3, "changes": [{"view": "puck", "center": [90, 50]}]}]}]}
        """#,
        script: #"[{"at": 1, "drag": {"from": [90, 50], "to": [150, 70], "duration": 0.5, "holdBeforeRelease": 0.2}}]"#)

    @Test("a pan with drags moves the view with the finger; onEnded springs it back from where it was released")
    func panDragsAndSpringsBack() throws {
        // The pan begins at the first move (hysteresis 0) and its translation counts from there,
        // so the view trails the finger by the first 1/120 s step: (60, 20) / 60 = (1, 1/3).
        let lag = Point(x: 1, y: 1.0 / 3)
        let during = try playedScene(Self.panScene, to: 1.25)
        #expect(isClose(try view("puck", in: during).center, Point(x: 120 - lag.x, y: 60 - lag.y), 1e-9))
        let held = try playedScene(Self.panScene, to: 1.6)
        let released = Point(x: 150 - lag.x, y: 70 - lag.y)
        #expect(isClose(try view("puck", in: held).center, released, 1e-9))
        // Released at 1.7 s: the model is home at once, the spring carries the rest.
        let spring = Spring(perceptualDuration: 0.5, bounce: 0.3)
        let times = [1.7, 1.8, 2.0, 2.3]
        let x = try sampledValues(Self.panScene, layer: "puck", key: "position.x", times: times)
        let y = try sampledValues(Self.panScene, layer: "puck", key: "position.y", times: times)
        expectSamples(
            x, times.map { 90 + (released.x - 90) * spring.displacement(at: $0 - 1.7) }, times: times, tolerance: Tolerance.spring)
        expectSamples(
            y, times.map { 50 + (released.y - 50) * spring.displacement(at: $0 - 1.7) }, times: times, tolerance: Tolerance.spring)
    }

    @Test("inspect reports each gesture's state at the time, and the view a point hits")
    func inspectGestureStates() throws {
        let inspector = SceneInspector(document: try SceneDocument.decode(Self.panScene))
        func state(at t: Double) -> String? {
            let views = inspector.inspect(at: t)["views"]?.asArray ?? []
            let puck = views.first { $0["id"] == .string("puck") }
            return puck?["gestures"]?.asArray?.first?["state"]?.asString
        }
        #expect(state(at: 0.5) == "possible")
        #expect(state(at: 1.25) == "changed")
        #expect(state(at: 1.65) == "changed")
        #expect(state(at: 2) == "possible")
        let gesture = inspector.inspect(at: 1.25)["views"]?.asArray?.first { $0["id"] == .string("puck") }?["gestures"]?.asArray?.first
        #expect(gesture?.objectKeys == ["id", "type", "state", "enabled"])
        #expect(gesture?["type"] == .string("pan") && gesture?["id"] == .string("pan") && gesture?["enabled"] == .bool(true))
        #expect(inspector.inspect(at: 0, hit: Point(x: 85, y: 45))["hitView"] == .string("puck"))
        #expect(inspector.inspect(at: 0, hit: Point(x: 20, y: 15))["hitView"] == .string("card"))
        #expect(inspector.inspect(at: 0, hit: Point(x: 199, y: 1))["hitView"] == .null)
    }

    @Test("a tap gesture waiting for a double tap to fail recognizes only when none comes")
    func tapAndDoubleTap() throws {
        let scene = { (script: String) in
            viewScene(
                #"""
                {"id": "pad", "frame": [100, 0, 100, 50], "gestures": [
                  {"id": "single", "type": "tap", "requireToFail": "double",
                   "onRecognized": [{"duration": 0, "changes": [{"view": "pad", "tag": 1}]}]},
                  {"id": "double", "type": "doubleTap",
                   "onRecognized": [{"duration": 0, "changes": [{"view": "pad", "tag": 2}]}]}]}
                """#, script: script)
        }
        let once = try playedScene(scene(#"[{"at": 1, "tap": [150, 25]}]"#), to: 2)
        #expect(try view("pad", in: once).tag == 1)
        let twice = try playedScene(scene(#"[{"at": 1, "tap": [150, 25]}, {"at": 1.2, "tap": [150, 25]}]"#), to: 2)
        #expect(try view("pad", in: twice).tag == 2)
    }

    @Test("a long press begins after its minimum duration and ends when the finger lifts")
    func longPress() throws {
        let json = viewScene(
            #"""
            {"id": "pad", "frame": [100, 0, 100, 50], "gestures": [
              {"id": "hold", "type": "longPress", "minimumPressDuration": 0.4,
               "onRecognized": [{"duration": 0, "changes": [{"view": "pad", "alpha": 0.5}]}],
               "onEnded": [{"duration": 0, "changes": [{"view": "pad", "alpha": 1}, {"view": "pad", "tag": 7}]}]}]}
            """#,
            script: #"""
                [{"at": 1, "touch": {"id": 1, "phase": "began", "point": [150, 25]}},
                 {"at": 2, "touch": {"id": 1, "phase": "ended", "point": [150, 25]}}]
                """#)
        #expect(try view("pad", in: playedScene(json, to: 1.39)).alpha == 1)
        #expect(try view("pad", in: playedScene(json, to: 1.4)).alpha == 0.5)
        let after = try view("pad", in: playedScene(json, to: 2))
        #expect(after.alpha == 1 && after.tag == 7)
    }

    @Test("a fast drag is a swipe in its direction, not the others")
    func swipe() throws {
        let json = { (direction: String) in
            viewScene(
                #"""
                {"id": "pad", "frame": [0, 0, 200, 100], "gestures": [
                  {"id": "s", "type": "swipe", "direction": "\#(direction)",
                   "onRecognized": [{"duration": 0, "changes": [{"view": "pad", "tag": 5}]}]}]}
                """#, script: #"[{"at": 1, "drag": {"from": [20, 50], "to": [180, 55], "duration": 0.1}}]"#)
        }
        #expect(try view("pad", in: playedScene(json("right"), to: 2)).tag == 5)
        #expect(try view("pad", in: playedScene(json("left"), to: 2)).tag == 0)
    }
}
