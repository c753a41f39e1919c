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

    @Test func anUnknownAnimationTypeNamesEveryTypeInTheTable() throws {
        let json = sceneJSON(layers: #"[{"id": "box", "animations": [{"type": "wobble", "keyPath": "opacity"}]}]"#)
        let issues = try #require(decodeIssues(json))
        let names = SceneAnimationType.allCases.map(\.rawValue)
        #expect(issues.map(\.message) == ["unknown value 'wobble' (expected one of \(names.joined(separator: ", ")))"])
    }
}
