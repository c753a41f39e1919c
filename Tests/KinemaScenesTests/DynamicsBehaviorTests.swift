import Foundation
import KinemaGeometry
import KinemaScenes
import TestSupport
import Testing

/// One behaviour built from a scene file and what it does to view `a` (40 × 30 points, centre
/// (40, 35), 0.12 kg at density 1) in a 200 × 300 window. Cases that check an exact velocity set
/// resistance 0: UIKit damps every item by 0.1/s unless told otherwise.
struct BehaviorCase: CustomTestStringConvertible, Sendable {
    let id: String
    /// The `behaviors` array.
    let behaviors: String
    let time: Double
    /// Checks the read-out of `a` at `time`; returns a failure message or `nil`.
    let check: @Sendable (ItemReadout) -> String?
    var testDescription: String { id }

    static let all: [BehaviorCase] = [
        BehaviorCase(
            id: "snap", behaviors: #"[{"type": "snap", "items": ["a"], "snapPoint": [150, 200]}]"#, time: 3,
            check: { isClose($0.center, Point(x: 150, y: 200), 1) ? nil : "snapped to \($0.center), not (150, 200)" }),
        BehaviorCase(
            id: "attachment to an anchor keeps its length",
            behaviors: #"[{"type": "gravity", "items": ["a"]}, {"type": "attachment", "items": ["a"], "anchor": [0, 35]}]"#,
            time: 0.3,
            check: { r in
                let d = ((r.center.x * r.center.x) + (r.center.y - 35) * (r.center.y - 35)).squareRoot()
                return isClose(d, 40, 0.5) && r.center.y > 45 ? nil : "rod of 40 pt: distance \(d), centre \(r.center)"
            }),
        BehaviorCase(
            id: "continuous push",
            behaviors:
                #"[{"type": "push", "items": ["a"], "pushDirection": [0.12, 0]}, {"type": "itemBehavior", "items": ["a"], "resistance": 0}]"#,
            time: 1,
            check: {
                isClose($0.velocity.dx, 100, 2) && isClose($0.velocity.dy, 0, 1e-9) ? nil : "velocity \($0.velocity), expected (100, 0)"
            }),
        BehaviorCase(
            id: "anchored item ignores gravity",
            behaviors: #"[{"type": "gravity", "items": ["a"]}, {"type": "itemBehavior", "items": ["a"], "isAnchored": true}]"#, time: 1,
            check: { $0.center == Point(x: 40, y: 35) ? nil : "moved to \($0.center)" }),
        BehaviorCase(
            id: "segment boundary",
            behaviors: #"""
                [{"type": "gravity", "items": ["a"]},
                 {"type": "collision", "items": ["a"], "boundaries": [{"id": "shelf", "from": [0, 100], "to": [200, 100]}]}]
                """#, time: 2,
            check: { isClose($0.center.y, 85, 0.5) && isClose($0.center.x, 40, 0.5) ? nil : "rests at \($0.center), expected (40, 85)" }),
        BehaviorCase(
            id: "path boundary",
            behaviors: #"""
                [{"type": "gravity", "items": ["a"]},
                 {"type": "collision", "items": ["a"], "boundaries": [{"id": "box", "path": "M0 0 L200 0 L200 150 L0 150 Z"}]}]
                """#, time: 2,
            check: { isClose($0.center.y, 135, 0.5) ? nil : "rests at \($0.center), expected y = 135" }),
        BehaviorCase(
            id: "gravity angle",
            behaviors:
                #"[{"type": "gravity", "items": ["a"], "angle": 0, "magnitude": 0.5}, {"type": "itemBehavior", "items": ["a"], "resistance": 0}]"#,
            time: 0.5,
            check: { isClose($0.velocity.dx, 250, 5) && abs($0.velocity.dy) < 1e-6 ? nil : "velocity \($0.velocity), expected (250, 0)" }),
        BehaviorCase(
            id: "linear gravity field pushes along its direction",
            behaviors: #"[{"type": "field", "kind": "linearGravity", "items": ["a"], "direction": [1, 0]}]"#, time: 0.5,
            check: { $0.velocity.dx > 1 && abs($0.velocity.dy) < 1e-6 ? nil : "velocity \($0.velocity), expected along +x" }),
        BehaviorCase(
            id: "initial velocity from the item behavior",
            behaviors:
                #"[{"type": "itemBehavior", "items": ["a"], "linearVelocity": [-30, 60], "angularVelocity": 1, "resistance": 0, "angularResistance": 0}]"#,
            time: 0.5,
            check: {
                isClose($0.velocity, Vector(dx: -30, dy: 60), 0.5) && isClose($0.angularVelocity, 1, 0.01)
                    ? nil : "velocity \($0.velocity), ω \($0.angularVelocity)"
            }),
    ]
}

@Suite("Dynamics behaviours from scene files")
struct DynamicsBehaviorTests {
    @Test(arguments: BehaviorCase.all)
    func behaviorActs(_ c: BehaviorCase) throws {
        let dynamics = try dynamicsInspection(dynamicsScene(#""behaviors": \#(c.behaviors)"#), at: c.time)
        if let failure = c.check(try ItemReadout(dynamics, view: "a")) { Issue.record("\(failure)") }
    }

    /// The every-view-falls post's crash: zero-size and hidden views among the subviews. They are
    /// left out with a diagnostic, the rest fall.
    @Test func everySubviewSkipsZeroSizeAndHiddenViews() throws {
        let text = #"""
            {"kinema": 1, "size": [200, 300],
             "views": [{"id": "bar", "frame": [0, 0, 200, 40],
                        "subviews": [{"id": "spacer", "frame": [10, 10, 0, 20]}, {"id": "ghost", "frame": [50, 5, 30, 30], "hidden": true},
                                     {"id": "title", "type": "label", "frame": [100, 10, 60, 20], "text": "Hi"}]}],
             "dynamics": {"behaviors": [{"type": "gravity", "allSubviewsOf": "root"},
                                        {"type": "collision", "allSubviewsOf": "root", "translatesReferenceBoundsIntoBoundary": true}]}}
            """#
        let dynamics = try dynamicsInspection(text, at: 2)
        let items = try #require(dynamics["items"]?.asArray)
        #expect(items.compactMap { $0["view"]?.asString } == ["title"])
        #expect(isClose(try ItemReadout(dynamics, view: "title").center.y, 290, 0.5))
        let diagnostics = try #require(dynamics["diagnostics"]?.asArray).compactMap(\.asString)
        #expect(diagnostics.contains { $0.contains("spacer") } && diagnostics.contains { $0.contains("ghost") }, "\(diagnostics)")
    }
}
