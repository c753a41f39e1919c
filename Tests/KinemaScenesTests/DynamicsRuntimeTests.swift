import Foundation
import KinemaGeometry
import KinemaScenes
import KinemaUI
import TestSupport
import Testing

/// The `"dynamics"` object `kinema inspect` gives for `text` at `t`.
func dynamicsInspection(_ text: String, at t: Double) throws -> JSONValue {
    let document = try SceneDocument.decode(text)
    return try #require(SceneInspector(document: document).inspect(at: t)["dynamics"], "no dynamics in the inspection")
}

/// One item's read-out in a dynamics inspection.
struct ItemReadout {
    let center: Point
    let rotation: Double
    let velocity: Vector
    let angularVelocity: Double
    let atRest: Bool

    init(_ dynamics: JSONValue, view id: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let items = try #require(dynamics["items"]?.asArray, sourceLocation: sourceLocation)
        let item = try #require(items.first { $0["view"] == .string(id) }, "no item '\(id)'", sourceLocation: sourceLocation)
        let c = try #require(item["center"]?.asNumbers, sourceLocation: sourceLocation)
        let v = try #require(item["velocity"]?.asNumbers, sourceLocation: sourceLocation)
        center = Point(x: c[0], y: c[1])
        rotation = try #require(item["rotation"]?.asNumber, sourceLocation: sourceLocation)
        velocity = Vector(dx: v[0], dy: v[1])
        angularVelocity = try #require(item["angularVelocity"]?.asNumber, sourceLocation: sourceLocation)
        atRest = item["atRest"] == .bool(true)
    }
}

@Suite("Dynamics in scenes")
struct DynamicsRuntimeTests {
    /// `a` (40 × 30 at (20, 20)) and `b` (30 × 30 at (120, 50)) under gravity, colliding with the
    /// window's edges (200 × 300).
    static let fallingScene = dynamicsScene(
        #"""
        "behaviors": [
          {"type": "gravity", "items": ["a", "b"]},
          {"type": "collision", "items": ["a", "b"], "translatesReferenceBoundsIntoBoundary": true}
        ]
        """#)

    @Test func viewsFallAtGravityOneAndRestOnTheBottomEdge() throws {
        // Free fall at 1000 pt/s² in 1/120 s steps: after n = 24 steps (0.2 s) the velocity is
        // n·g·h = 200 pt/s and the drop g·h²·n(n+1)/2 = 20.8 pt (20 pt exactly in continuous time).
        let early = try dynamicsInspection(Self.fallingScene, at: 0.2)
        let a0 = try ItemReadout(early, view: "a")
        #expect(isClose(a0.center.x, 40, 1e-9) && isClose(a0.center.y, 35 + 20.83, 1.0), "\(a0.center)")
        #expect(isClose(a0.velocity.dy, 200, 9) && isClose(a0.velocity.dx, 0, 1e-9), "\(a0.velocity)")
        #expect(early["running"] == .bool(true))

        // Both land (a 250 pt drop takes 0.71 s) and rest with their bottom edges on y = 300.
        let late = try dynamicsInspection(Self.fallingScene, at: 3)
        let a = try ItemReadout(late, view: "a")
        let b = try ItemReadout(late, view: "b")
        #expect(isClose(a.center.x, 40, 0.5) && isClose(a.center.y, 300 - 15, 0.5), "a rests at \(a.center)")
        #expect(isClose(b.center.x, 135, 0.5) && isClose(b.center.y, 300 - 15, 0.5), "b rests at \(b.center)")
        for item in [a, b] {
            #expect(abs(item.rotation) < 0.01 && item.velocity.length < 1 && abs(item.angularVelocity) < 0.05 && item.atRest)
        }
        #expect(late["running"] == .bool(false), "the animator pauses once everything rests")
        // The views were moved: their window frames are where the bodies are.
        let views = try #require(SceneInspector(document: try SceneDocument.decode(Self.fallingScene)).inspect(at: 3)["views"]?.asArray)
        let frame = try #require(views.first { $0["id"] == .string("a") }?["windowFrame"]?.asNumbers)
        expectNumbers(frame, [20, 270, 40, 30], tolerance: 0.5)
    }

    /// Gravity added at 0.5 s, halved at 1 s, removed at 1.5 s; an instantaneous push at 2 s.
    /// The item behaviour keeps `a` in the animator throughout, undamped.
    @Test func scriptStepsAddSetAndRemoveBehaviors() throws {
        let text = dynamicsScene(
            #""behaviors": [{"type": "itemBehavior", "id": "material", "items": ["a"], "resistance": 0}]"#,
            script: #"""
                [{"at": 0.5, "dynamics": {"add": {"type": "gravity", "id": "g", "items": ["a"]}}},
                 {"at": 1, "dynamics": {"set": {"id": "g", "magnitude": 0.5}}},
                 {"at": 1.5, "dynamics": {"remove": "g"}},
                 {"at": 2, "dynamics": {"add": {"type": "push", "id": "kick", "items": ["a"], "mode": "instantaneous",
                                                "pushDirection": [0.12, 0]}}}]
                """#, size: "[200, 3000]")
        let before = try ItemReadout(try dynamicsInspection(text, at: 0.5), view: "a")
        #expect(before.center == Point(x: 40, y: 35) && before.velocity.length == 0)
        // 0.5 s at 1000 pt/s², then 0.5 s at 500 pt/s², then none.
        let fast = try ItemReadout(try dynamicsInspection(text, at: 1), view: "a")
        #expect(isClose(fast.velocity.dy, 500, 9), "\(fast.velocity)")
        let slower = try ItemReadout(try dynamicsInspection(text, at: 1.5), view: "a")
        #expect(isClose(slower.velocity.dy, 750, 9), "\(slower.velocity)")
        let coasting = try ItemReadout(try dynamicsInspection(text, at: 1.9), view: "a")
        #expect(isClose(coasting.velocity.dy, slower.velocity.dy, 1e-6), "no gravity after the remove: \(coasting.velocity)")
        #expect(isClose(coasting.center.y - slower.center.y, 0.4 * slower.velocity.dy, 0.5))
        // An impulse of 0.12 N·s on 0.12 kg (40 × 30 pt at density 1): Δv = 1 m/s = 100 pt/s.
        let pushed = try ItemReadout(try dynamicsInspection(text, at: 2.2), view: "a")
        #expect(isClose(pushed.velocity.dx, 100, 1), "\(pushed.velocity)")
        #expect(isClose(pushed.velocity.dy, slower.velocity.dy, 1e-6))
    }

    /// A reference view scrolled by 10 points inside the window: read-outs are in its bounds'
    /// coordinates, and its bounds are the collision boundary.
    @Test func inspectReportsReferenceViewCoordinates() throws {
        func scene(_ behaviors: String, reference: String?) -> String {
            #"""
            {"kinema": 1, "size": [200, 300],
             "views": [{"id": "stage", "center": [105, 140], "bounds": [0, 10, 150, 200],
                        "subviews": [{"id": "a", "frame": [20, 20, 40, 30]}]}],
             "dynamics": {\#(reference.map { #""referenceView": "\#($0)", "# } ?? "")"behaviors": \#(behaviors)}}
            """#
        }
        let still = #"[{"type": "collision", "items": ["a"]}]"#
        let inStage = try dynamicsInspection(scene(still, reference: "stage"), at: 0.1)
        #expect(inStage.objectKeys == ["referenceView", "running", "elapsedTime", "items", "diagnostics"])
        #expect(inStage["referenceView"] == .string("stage"))
        let items = try #require(inStage["items"]?.asArray)
        #expect(items.count == 1)
        #expect(items.first?.objectKeys == ["view", "center", "rotation", "velocity", "angularVelocity", "atRest"])
        #expect(try ItemReadout(inStage, view: "a").center == Point(x: 40, y: 35))
        // The same view read in the window's coordinates: the stage's origin is (30, 40), scrolled by 10.
        let inWindow = try dynamicsInspection(scene(still, reference: nil), at: 0.1)
        #expect(inWindow["referenceView"] == .string("root"))
        #expect(try ItemReadout(inWindow, view: "a").center == Point(x: 70, y: 65))

        // Falling inside the stage onto its bounds' bottom edge, y = 210 in stage coordinates.
        let falling = scene(
            #"[{"type": "gravity", "items": ["a"]}, {"type": "collision", "items": ["a"], "translatesReferenceBoundsIntoBoundary": true}]"#,
            reference: "stage")
        let rest = try ItemReadout(try dynamicsInspection(falling, at: 2.5), view: "a")
        #expect(isClose(rest.center.x, 40, 0.5) && isClose(rest.center.y, 195, 0.5), "\(rest.center)")
        let views = try #require(SceneInspector(document: try SceneDocument.decode(falling)).inspect(at: 2.5)["views"]?.asArray)
        let frame = try #require(views.first { $0["id"] == .string("a") }?["windowFrame"]?.asNumbers)
        expectNumbers(frame, [50, 210, 40, 30], tolerance: 0.5)
    }

    @Test func elapsedTimeAndTextForm() throws {
        let dynamics = try dynamicsInspection(Self.fallingScene, at: 0.5)
        #expect(isClose(dynamics["elapsedTime"]?.asNumber ?? -1, 0.5, 1e-9))
        let text = SceneInspector.text(SceneInspector(document: try SceneDocument.decode(Self.fallingScene)).inspect(at: 3))
        #expect(text.contains("dynamics paused elapsedTime="), "\(text)")
        let line = text.split(separator: "\n").first { $0.hasPrefix("  a center=[") }
        #expect(line?.hasSuffix(" atRest") == true, "\(text)")
    }

    /// However a scene is sampled (fresh scenes at each time, or one scene through many
    /// frames), the simulation gives the same read-out: the animator is fed every 1/120 s.
    @Test func samplingDoesNotChangeTheSimulation() throws {
        let document = try SceneDocument.decode(Self.fallingScene)
        let fresh = SceneInspector(document: document).inspect(at: 1.25)["dynamics"]
        let scene = Scene(document: document)
        for frame in 1...75 { scene.advance(to: Double(frame) / 60) }
        let inspector = SceneInspector(document: document)
        for t in stride(from: 0.1, through: 1.2, by: 0.1) { _ = inspector.inspect(at: t) }
        let stepped = inspector.inspect(at: 1.25)["dynamics"]
        let a1 = try ItemReadout(try #require(fresh), view: "a")
        let a2 = try ItemReadout(try #require(stepped), view: "a")
        #expect(isClose(a1.center.y, a2.center.y, 1e-6) && isClose(a1.velocity.dy, a2.velocity.dy, 1e-6), "\(a1.center) vs \(a2.center)")
        let view = try #require(scene.views["a"])
        #expect(isClose(view.center.y, a1.center.y, 1e-6), "the played scene's view is where the fresh read-out says")
    }

    /// The every-view-falls post on the demo screen: at 3.4 s (the pile) and at 5.9 s (after the
    /// scatter) every item is inside the screen, and no two items overlap by more than 1 pt.
    @Test(arguments: [3.4, 5.9])
    func collapseDemoPilesWithoutOverlapOrSinking(at t: Double) throws {
        let text = try #require(DemoScenes.scene(named: "collapse"))
        let document = try SceneDocument.decode(text)
        let scene = Scene(document: document)
        let dynamics = try #require(SceneInspector(document: document).inspect(at: t)["dynamics"])
        let items = try #require(dynamics["items"]?.asArray)
        #expect(items.count >= 30, "the every-subview collection found \(items.count) items")
        var boxes: [(id: String, corners: [Point])] = []
        for item in items {
            let id = try #require(item["view"]?.asString)
            let readout = try ItemReadout(dynamics, view: id)
            let size = try #require(scene.views[id]).bounds.size
            let corners = orientedCorners(center: readout.center, size: size, angle: readout.rotation)
            for c in corners {
                #expect(c.x >= -0.5 && c.x <= 375.5 && c.y >= -0.5 && c.y <= 667.5, "\(id) corner \(c) is off screen at \(t) s")
            }
            boxes.append((id, corners))
        }
        for i in boxes.indices {
            for j in boxes.indices where j > i {
                let depth = penetration(boxes[i].corners, boxes[j].corners)
                #expect(depth <= 1.0, "\(boxes[i].id) and \(boxes[j].id) overlap by \(depth) pt at \(t) s")
            }
        }
        // The pile is on the floor: something touches y = 667.
        let lowest = boxes.flatMap { $0.corners.map(\.y) }.max() ?? 0
        #expect(isClose(lowest, 667, 1), "the lowest corner is at \(lowest)")
    }
}

/// The corners of a `size` rectangle centred at `center`, turned by `angle` radians (y down).
func orientedCorners(center: Point, size: Size, angle: Double) -> [Point] {
    let c = cos(angle), s = sin(angle)
    return [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)].map { sx, sy in
        let x = sx * size.width / 2, y = sy * size.height / 2
        return Point(x: center.x + c * x - s * y, y: center.y + s * x + c * y)
    }
}

/// How far two convex quadrilaterals overlap along their axis of least overlap (separating
/// axis theorem): 0 or less when they are apart.
func penetration(_ a: [Point], _ b: [Point]) -> Double {
    var least = Double.infinity
    for polygon in [a, b] {
        for k in polygon.indices {
            let p = polygon[k], q = polygon[(k + 1) % polygon.count]
            let length = ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot()
            guard length > 0 else { continue }
            let nx = -(q.y - p.y) / length, ny = (q.x - p.x) / length
            let pa = a.map { $0.x * nx + $0.y * ny }, pb = b.map { $0.x * nx + $0.y * ny }
            let overlap = min(pa.max()!, pb.max()!) - max(pa.min()!, pb.min()!)
            least = min(least, overlap)
        }
    }
    return least
}
