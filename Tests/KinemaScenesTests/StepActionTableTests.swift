import Testing

@testable import KinemaScenes

/// The step action table is the one list of action names: what a step accepts, what the
/// "a step needs one of" message lists, and the order actions are decoded in.
@Suite struct StepActionTableTests {
    @Test func aStepWithoutActionsNamesEveryActionInTheTable() throws {
        let issues = try #require(decodeIssues(sceneJSON(script: #"[{"at": 0}]"#)))
        let issue = try #require(issues.first { $0.message.hasPrefix("a step needs one of") })
        #expect(issue.message == "a step needs one of \(StepAction.all.map(\.name).joined(separator: ", "))")
        for action in StepAction.all {
            #expect(issue.message.contains(action.name), "\(action.name)")
        }
    }

    @Test func everyActionInTheTableIsAStepKey() throws {
        for action in StepAction.all {
            let issues = decodeIssues(sceneJSON(script: #"[{"at": 0, "\#(action.name)": null}]"#)) ?? []
            #expect(!issues.contains { $0.message.hasPrefix("unknown key") }, "\(action.name)")
            #expect(!issues.contains { $0.message.hasPrefix("a step needs one of") }, "\(action.name)")
        }
    }

    @Test func actionNamesAreUniqueAndAllDecoded() {
        #expect(Set(StepAction.names).count == StepAction.all.count)
        #expect(StepAction.inDecodingOrder.map(\.name).sorted() == StepAction.names.sorted())
        #expect(StepAction.inDecodingOrder.first?.name == "addLayer")
        #expect(SceneDocument.stepKeys == ["at", "transaction"] + StepAction.names)
    }

    /// Each decoded action is the type its key names: the name comes from the type that decoded
    /// it and runs it.
    @Test func eachActionIsTheTypeItsKeyNames() throws {
        let json = sceneJSON(
            layers: #"[{"id": "box"}]"#,
            script: #"""
                [{"at": 0, "addLayer": {"parent": "root", "layer": {"id": "dot"}}, "set": {"layer": "box", "opacity": 0.5},
                  "add": {"layer": "dot", "animation": {"type": "basic", "keyPath": "opacity", "toValue": 0, "duration": 1}}},
                 {"at": 1, "pause": "dot"}, {"at": 2, "resume": "dot"},
                 {"at": 3, "remove": {"layer": "dot", "all": true}, "removeLayer": "dot"}]
                """#)
        let document = try SceneDocument.decode(json)
        #expect(
            document.script.map { $0.actions.map(\.name) } == [
                ["addLayer", "set", "add"], ["pause"], ["resume"], ["remove", "removeLayer"],
            ])
        let added = try #require(document.script[0].actions.first?.body as? AddLayerAction)
        #expect(added.addedLayers.map(\.id) == ["dot"] && added.parent == "root")
        #expect(document.script[0].actions.dropFirst().allSatisfy { $0.body.addedLayers.isEmpty })
    }

    @Test func anUnknownAnimationTypeNamesEveryTypeInTheTable() throws {
        let json = sceneJSON(layers: #"[{"id": "box", "animations": [{"type": "wobble", "keyPath": "opacity"}]}]"#)
        let issues = try #require(decodeIssues(json))
        let names = SceneAnimationType.allCases.map(\.rawValue)
        #expect(issues.map(\.message) == ["unknown value 'wobble' (expected one of \(names.joined(separator: ", ")))"])
    }
}
