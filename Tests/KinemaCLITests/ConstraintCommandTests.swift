import Foundation
import Testing

/// Scenes with Auto Layout constraints.
enum ConstraintScenes {
    /// A card with two required heights (one is broken), and a view `loose` whose constraints
    /// leave its horizontal place and width open.
    static let unsatisfiable = #"""
        {"kinema": 1, "size": [375, 300],
         "views": [
           {"id": "card", "constraints": ["card.top == superview.top + 20", "card.left == superview.left", "card.width == 100",
                                          {"id": "h", "constraint": "card.height == 80"}, {"id": "h2", "constraint": "card.height == 120"}]},
           {"id": "loose", "constraints": ["loose.top == card.bottom", "loose.height == 10"]}]}
        """#

    /// A card pinned to the safe area whose height grows in an animated step.
    static let card = #"""
        {"kinema": 1, "size": [200, 200], "safeAreaInsets": [20, 0, 0, 0],
         "views": [{"id": "card", "constraints": ["card.top == safeArea.top", "card.leading == superview.leading + 10",
                                                  "card.trailing == superview.trailing - 10", {"id": "h", "constraint": "card.height == 50"}]}],
         "script": [{"at": 1, "animate": {"duration": 1, "curve": "linear", "changes": [{"constraint": "h", "constant": 150}]}}]}
        """#
}

@Suite("kinema with constraints")
struct ConstraintCommandTests {
    @Test("validate prints ok, then the layout's problems as warnings, and exits 0")
    func validateWarns() throws {
        let files = try SceneFiles()
        let result = try Kinema.run(["validate", try files.write(ConstraintScenes.unsatisfiable)])
        #expect(result.status == 0 && !result.crashed, "\(result)")
        #expect(
            result.stdout.split(separator: "\n").map(String.init) == [
                "ok",
                "warning: views[0].constraints[4]: unsatisfiable: <LayoutConstraint 'h2' View:'card'.height == 120> conflicts with other required constraints; the layout breaks it (ignores it)",
                "warning: views[1].constraints: ambiguous layout: the constraints of 'loose' leave its frame undetermined (they need to fix its position and size on both axes)",
            ], "\(result)")
        // The engine's own log is kept for render and play; validate says it once, as warnings.
        #expect(result.stderr.isEmpty, "\(result)")
    }

    @Test("validate reports a malformed constraint as an error with its path")
    func validateRejects() throws {
        let files = try SceneFiles()
        let scene = ConstraintScenes.card.replacingOccurrences(of: "card.top == safeArea.top", with: "card.top safeArea.top")
        let result = try Kinema.run(["validate", try files.write(scene)])
        #expect(result.status == 1 && !result.crashed, "\(result)")
        #expect(
            result.stderrLines.contains(
                #"views[0].constraints[0]: expected a relation "==", "<=" or ">=" after "card.top", got "safeArea.top""#), "\(result)")
    }

    @Test("inspect shows the frames after layout, mid-animation, and the layout block")
    func inspect() throws {
        let files = try SceneFiles()
        let result = try Kinema.run(["inspect", try files.write(ConstraintScenes.card), "--at", "1.5"])
        #expect(result.status == 0 && !result.crashed, "\(result)")
        let object = try #require(parsedJSON(result.stdout) as? [String: Any])
        let views = try #require(object["views"] as? [[String: Any]])
        #expect(views.first?["frame"] as? [Double] == [10, 20, 180, 150])
        #expect(views.first?["windowFrame"] as? [Double] == [10, 20, 180, 100])
        let layout = try #require(object["layout"] as? [String: Any])
        #expect(layout["brokenConstraints"] as? [String] == [] && layout["ambiguousViews"] as? [String] == [])
        let broken = try Kinema.run(["inspect", try files.write(ConstraintScenes.unsatisfiable, as: "bad.json"), "--at", "0"])
        let brokenLayout = (parsedJSON(broken.stdout) as? [String: Any])?["layout"] as? [String: Any]
        #expect(brokenLayout?["brokenConstraints"] as? [String] == ["<LayoutConstraint 'h2' View:'card'.height == 120>"])
        #expect(brokenLayout?["ambiguousViews"] as? [String] == ["loose"])
    }
}
