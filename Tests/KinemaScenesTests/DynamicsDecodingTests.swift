import KinemaGeometry
import Testing

@testable import KinemaScenes

/// A 200 × 300 scene with a container `stage` (holding `a` and `b`) and a view `c` outside it,
/// the given `"dynamics"` section (an object's members, or none) and script.
func dynamicsScene(_ dynamics: String? = nil, script: String = "[]", size: String = "[200, 300]") -> String {
    let views = #"""
        [{"id": "stage", "frame": [0, 0, 200, 300],
          "subviews": [{"id": "a", "frame": [20, 20, 40, 30], "backgroundColor": "#FF0000"},
                       {"id": "b", "frame": [120, 50, 30, 30], "backgroundColor": "#0000FF"}]},
         {"id": "c", "frame": [80, 200, 20, 20]}]
        """#
    let section = dynamics.map { #", "dynamics": {\#($0)}"# } ?? ""
    return #"{"kinema": 1, "size": \#(size), "views": \#(views)\#(section), "script": \#(script)}"#
}

/// A dynamics case that must fail with exactly one issue at `path` with `message`.
struct InvalidDynamics: CustomTestStringConvertible, Sendable {
    let id: String
    let json: String
    let path: String
    let message: String
    var testDescription: String { id }

    /// A scene whose dynamics section has the single behaviour `behavior` (an object's members).
    static func behavior(_ behavior: String) -> String {
        dynamicsScene(#""behaviors": [{"type": "gravity", "items": ["a"]}, {\#(behavior)}]"#)
    }

    /// A scene with a gravity behaviour `g` and the script `steps`.
    static func steps(_ steps: String) -> String {
        dynamicsScene(#""behaviors": [{"type": "gravity", "id": "g", "items": ["a"]}]"#, script: "[\(steps)]")
    }

    static let all: [InvalidDynamics] = [
        InvalidDynamics(
            id: "number expected", json: behavior(#""type": "push", "items": ["a"], "magnitude": "strong""#),
            path: "dynamics.behaviors[1].magnitude", message: "expected a number, got a string"),
        InvalidDynamics(
            id: "unknown type with suggestion", json: behavior(#""type": "gravty", "items": ["a"]"#), path: "dynamics.behaviors[1].type",
            message:
                "unknown value 'gravty' (expected one of gravity, collision, push, snap, attachment, itemBehavior, field); did you mean 'gravity'?"
        ),
        InvalidDynamics(
            id: "missing type", json: behavior(#""items": ["a"]"#), path: "dynamics.behaviors[1]",
            message: "missing \"type\" (one of gravity, collision, push, snap, attachment, itemBehavior, field)"),
        InvalidDynamics(
            id: "missing items", json: behavior(#""type": "gravity""#), path: "dynamics.behaviors[1]",
            message: "missing \"items\" (an array of view ids) or \"allSubviewsOf\" (a view id)"),
        InvalidDynamics(
            id: "items and allSubviewsOf", json: behavior(#""type": "gravity", "items": ["a"], "allSubviewsOf": "stage""#),
            path: "dynamics.behaviors[1]", message: "give either \"items\" (view ids) or \"allSubviewsOf\" (a view id), not both"),
        InvalidDynamics(
            id: "unknown view with suggestion", json: behavior(#""type": "gravity", "items": ["stag"]"#),
            path: "dynamics.behaviors[1].items[0]", message: "unknown view id 'stag' (did you mean 'stage'?)"),
        InvalidDynamics(
            id: "item listed twice", json: behavior(#""type": "gravity", "items": ["a", "b", "a"]"#),
            path: "dynamics.behaviors[1].items[2]", message: "'a' is listed twice"),
        InvalidDynamics(
            id: "parameter of another type", json: behavior(#""type": "gravity", "items": ["a"], "elasticity": 0.5"#),
            path: "dynamics.behaviors[1].elasticity",
            message: "'elasticity' is a parameter of itemBehavior behaviors, not of a gravity behavior"),
        InvalidDynamics(
            id: "unknown key with suggestion", json: behavior(#""type": "gravity", "items": ["a"], "magnitud": 2"#),
            path: "dynamics.behaviors[1].magnitud", message: "unknown key 'magnitud' in a gravity behavior (did you mean 'magnitude'?)"),
        InvalidDynamics(
            id: "negative friction", json: behavior(#""type": "itemBehavior", "items": ["a"], "friction": -1"#),
            path: "dynamics.behaviors[1].friction", message: "expected a number ≥ 0.0, got -1.0"),
        InvalidDynamics(
            id: "zero density", json: behavior(#""type": "itemBehavior", "items": ["a"], "density": 0"#),
            path: "dynamics.behaviors[1].density", message: "expected a number > 0.0, got 0.0"),
        InvalidDynamics(
            id: "snap damping above 1", json: behavior(#""type": "snap", "items": ["a"], "snapPoint": [1, 2], "damping": 1.5"#),
            path: "dynamics.behaviors[1].damping", message: "expected a number ≤ 1.0, got 1.5"),
        InvalidDynamics(
            id: "snap without a point", json: behavior(#""type": "snap", "items": ["a"]"#), path: "dynamics.behaviors[1]",
            message: "missing \"snapPoint\" ([x, y], where the item snaps to)"),
        InvalidDynamics(
            id: "snap with two items", json: behavior(#""type": "snap", "items": ["a", "b"], "snapPoint": [1, 2]"#),
            path: "dynamics.behaviors[1].items", message: "a snap behavior takes exactly 1 item, got 2"),
        InvalidDynamics(
            id: "collision mode typo", json: behavior(#""type": "collision", "items": ["a"], "collisionMode": "item""#),
            path: "dynamics.behaviors[1].collisionMode",
            message: "unknown value 'item' (expected one of items, boundaries, everything); did you mean 'items'?"),
        InvalidDynamics(
            id: "boundary without id",
            json: behavior(#""type": "collision", "items": ["a"], "boundaries": [{"from": [0, 0], "to": [1, 0]}]"#),
            path: "dynamics.behaviors[1].boundaries[0]", message: "missing \"id\" (the boundary's identifier)"),
        InvalidDynamics(
            id: "boundary of zero length",
            json: behavior(#""type": "collision", "items": ["a"], "boundaries": [{"id": "x", "from": [5, 5], "to": [5, 5]}]"#),
            path: "dynamics.behaviors[1].boundaries[0].to", message: "expected a point other than \"from\" (a segment needs a length)"),
        InvalidDynamics(
            id: "boundaries on gravity", json: behavior(#""type": "gravity", "items": ["a"], "boundaries": []"#),
            path: "dynamics.behaviors[1].boundaries",
            message: "'boundaries' is a parameter of collision behaviors, not of a gravity behavior"),
        InvalidDynamics(
            id: "attachment anchor missing", json: behavior(#""type": "attachment", "items": ["a"]"#), path: "dynamics.behaviors[1]",
            message: "missing \"anchor\" ([x, y], the point the item hangs from)"),
        InvalidDynamics(
            id: "pin with one item", json: behavior(#""type": "attachment", "kind": "pin", "items": ["a"], "anchor": [0, 0]"#),
            path: "dynamics.behaviors[1].items", message: "a pin attachment takes 2 items, got 1"),
        InvalidDynamics(
            id: "attachment range without 0",
            json: behavior(#""type": "attachment", "items": ["a"], "anchor": [0, 0], "attachmentRange": [1, 2]"#),
            path: "dynamics.behaviors[1].attachmentRange", message: "expected a range [minimum, maximum] that contains 0, got [1.0, 2.0]"),
        InvalidDynamics(
            id: "field without kind", json: behavior(#""type": "field", "items": ["a"]"#), path: "dynamics.behaviors[1]",
            message:
                "missing \"kind\" (one of linearGravity, radialGravity, velocity, noise, turbulence, spring, drag, vortex, electric, magnetic)"
        ),
        InvalidDynamics(
            id: "item outside the reference view",
            json: dynamicsScene(#""referenceView": "stage", "behaviors": [{"type": "gravity", "items": ["c"]}]"#),
            path: "dynamics.behaviors[0].items[0]", message: "'c' is not inside the reference view 'stage'"),
        InvalidDynamics(
            id: "reference view as item",
            json: dynamicsScene(#""referenceView": "stage", "behaviors": [{"type": "gravity", "items": ["stage"]}]"#),
            path: "dynamics.behaviors[0].items[0]", message: "'stage' is the reference view; it cannot be an item"),
        InvalidDynamics(
            id: "duplicate behavior id",
            json: dynamicsScene(
                #""behaviors": [{"type": "gravity", "id": "g", "items": ["a"]}, {"type": "push", "id": "g", "items": ["a"]}]"#),
            path: "dynamics.behaviors[1].id", message: "duplicate behavior id 'g'"),
        InvalidDynamics(
            id: "unknown section key", json: dynamicsScene(#""behaviours": []"#), path: "dynamics.behaviours",
            message: "unknown key 'behaviours' in the dynamics section (did you mean 'behaviors'?)"),
        // Script steps
        InvalidDynamics(
            id: "step remove unknown id", json: steps(#"{"at": 1, "dynamics": {"remove": "q"}}"#), path: "script[0].dynamics.remove",
            message: "unknown behavior id 'q' (did you mean 'g'?)"),
        InvalidDynamics(
            id: "step set after remove",
            json: steps(#"{"at": 2, "dynamics": {"set": {"id": "g", "magnitude": 2}}}, {"at": 1, "dynamics": {"remove": "g"}}"#),
            path: "script[0].dynamics.set.id", message: "unknown behavior id 'g' (it is not in the animator at this time)"),
        InvalidDynamics(
            id: "step set of a fixed parameter",
            json: steps(
                #"{"at": 1, "dynamics": {"add": {"type": "push", "id": "p", "items": ["a"]}}}, {"at": 2, "dynamics": {"set": {"id": "p", "mode": "continuous"}}}"#
            ),
            path: "script[1].dynamics.set.mode", message: "'mode' is fixed when the behavior is made (remove it and add a new one)"),
        InvalidDynamics(
            id: "step set wrong type", json: steps(#"{"at": 1, "dynamics": {"set": {"id": "g", "magnitude": true}}}"#),
            path: "script[0].dynamics.set.magnitude", message: "expected a number, got a Boolean"),
        InvalidDynamics(
            id: "step set parameter of another type", json: steps(#"{"at": 1, "dynamics": {"set": {"id": "g", "snapPoint": [1, 1]}}}"#),
            path: "script[0].dynamics.set.snapPoint", message: "'snapPoint' is a parameter of snap behaviors, not of a gravity behavior"),
        InvalidDynamics(
            id: "step set without id", json: steps(#"{"at": 1, "dynamics": {"set": {"magnitude": 2}}}"#), path: "script[0].dynamics.set",
            message: "missing \"id\" (the id of the behavior to change)"),
        InvalidDynamics(
            id: "empty dynamics step", json: steps(#"{"at": 1, "dynamics": {}}"#), path: "script[0].dynamics",
            message: "expected \"add\" (a behavior), \"remove\" (a behavior id) or \"set\" ({\"id\": behavior id, …parameters})"),
        InvalidDynamics(
            id: "step add invalid", json: steps(#"{"at": 1, "dynamics": {"add": {"type": "gravity", "items": ["a"], "angle": "down"}}}"#),
            path: "script[0].dynamics.add.angle", message: "expected a number, got a string"),
    ]
}

@Suite("Dynamics section decoding")
struct DynamicsDecodingTests {
    @Test(arguments: InvalidDynamics.all)
    func invalid(_ c: InvalidDynamics) {
        guard let issues = decodeIssues(c.json) else {
            Issue.record("decoded without an issue")
            return
        }
        #expect(issues.map(\.description) == ["\(c.path): \(c.message)"])
    }

    @Test func validSectionDecodesEveryBehavior() throws {
        let text = dynamicsScene(
            #"""
            "referenceView": "stage",
            "behaviors": [
              {"type": "gravity", "id": "g", "items": ["a", "b"], "magnitude": 0.5, "angle": 1.2},
              {"type": "collision", "id": "walls", "allSubviewsOf": "stage", "translatesReferenceBoundsIntoBoundary": true,
               "collisionMode": "boundaries", "boundaryInsets": [1, 2, 3, 4],
               "boundaries": [{"id": "floor", "from": [0, 250], "to": [200, 260]}, {"id": "bowl", "path": "M0 0 L10 10 L20 0"}]},
              {"type": "push", "items": ["a"], "mode": "instantaneous", "pushDirection": [3, -4], "active": false},
              {"type": "snap", "items": ["b"], "snapPoint": [100, 150], "damping": 0.2},
              {"type": "attachment", "kind": "sliding", "items": ["a", "b"], "anchor": [50, 50], "axisOfTranslation": [1, 0],
               "attachmentRange": [-20, 30]},
              {"type": "itemBehavior", "items": ["a"], "elasticity": 0.7, "density": 2, "isAnchored": false, "linearVelocity": [10, -20]},
              {"type": "field", "kind": "radialGravity", "items": ["a", "b"], "position": [100, 100], "region": {"radius": 80},
               "strength": 2, "falloff": 1}
            ]
            """#)
        let document = try SceneDocument.decode(text)
        let dynamics = try #require(document.dynamics)
        #expect(dynamics.referenceView == "stage")
        #expect(dynamics.behaviors.map(\.type) == [.gravity, .collision, .push, .snap, .attachment, .itemBehavior, .field])
        #expect(dynamics.behaviors.map(\.id) == ["g", "walls", nil, nil, nil, nil, nil])
        #expect(dynamics.behaviors[0].items == .items(["a", "b"]))
        #expect(dynamics.behaviors[0].value(of: .magnitude) == .number(0.5))
        #expect(dynamics.behaviors[0].value(of: .angle) == .number(1.2))
        let collision = dynamics.behaviors[1]
        #expect(collision.items == .allSubviews(of: "stage"))
        #expect(collision.value(of: .collisionMode) == .name("boundaries"))
        #expect(collision.value(of: .boundaryInsets) == .insets(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)))
        #expect(collision.boundaries.map(\.id) == ["floor", "bowl"])
        if case .segment(let from, let to) = collision.boundaries[0].shape {
            #expect(from == Point(x: 0, y: 250) && to == Point(x: 200, y: 260))
        } else {
            Issue.record("the floor is not a segment")
        }
        #expect(dynamics.behaviors[2].value(of: .pushDirection) == .vector(Point(x: 3, y: -4)))
        #expect(dynamics.behaviors[2].value(of: .mode) == .name("instantaneous"))
        #expect(dynamics.behaviors[3].value(of: .damping) == .number(0.2))
        #expect(dynamics.behaviors[4].value(of: .attachmentRange) == .range(-20, 30))
        #expect(dynamics.behaviors[5].value(of: .linearVelocity) == .vector(Point(x: 10, y: -20)))
        #expect(dynamics.behaviors[6].value(of: .region) == .region(.radius(80)))
    }

    @Test func scriptStepsDecodeAddSetRemoveInTimeOrder() throws {
        let text = InvalidDynamics.steps(
            #"""
            {"at": 3, "dynamics": {"remove": "g"}},
            {"at": 1, "dynamics": {"add": {"type": "push", "id": "p", "items": ["b"], "magnitude": 2}}},
            {"at": 2, "dynamics": {"set": {"id": "p", "angle": 0.5, "active": true}}}
            """#)
        let document = try SceneDocument.decode(text)
        #expect(document.script.map(\.at) == [1, 2, 3])
        var described: [String] = []
        for step in document.script {
            for action in step.actions {
                guard let dynamics = action.body as? DynamicsAction else { continue }
                switch dynamics.change {
                case .add(let spec): described.append("add \(spec.id ?? "") \(spec.type.rawValue)")
                case .set(let id, let parameters): described.append("set \(id) \(parameters.map(\.name.rawValue).joined(separator: ","))")
                case .remove(let id): described.append("remove \(id)")
                }
            }
        }
        #expect(described == ["add p push", "set p angle,active", "remove g"])
    }

    @Test func allSubviewsOfRootIsTheWindow() throws {
        let document = try SceneDocument.decode(dynamicsScene(#""behaviors": [{"type": "gravity", "allSubviewsOf": "root"}]"#))
        #expect(document.dynamics?.behaviors.first?.items == .allSubviews(of: "root"))
        #expect(document.dynamics?.referenceView == nil)
    }

    @Test func theCollapseDemoDecodes() throws {
        let document = try SceneDocument.decode(try #require(DemoScenes.scene(named: "collapse")))
        #expect(DemoScenes.names.contains("collapse"))
        #expect(document.duration == 6)
        #expect(document.script.map(\.at) == [0.5, 0.5, 0.5, 3.5])
    }
}
