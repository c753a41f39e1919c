import KinemaScenes
import Testing

/// A scene's dynamics may cost at most ``SceneDocument/maximumDynamicsItemSteps`` in one
/// request: items times steps of 1/120 s, counted from the document before anything runs.
@Suite struct DynamicsBudgetTests {
    /// A scene of `count` small views under gravity, collision and a vortex field (each
    /// behaviour naming every view, or `allSubviewsOf` when `collected`), `extraViews` more
    /// that no behaviour names, and a script step adding a push on `pushed` views.
    static func pile(count: Int, collected: Bool = false, extraViews: Int = 0, pushed: Int = 0) -> String {
        let ids = (0..<count).map { "\"v\($0)\"" }.joined(separator: ",")
        let views = (0..<count).map { i in "{\"id\":\"v\(i)\",\"frame\":[\(i % 50 * 8),\(i / 50 * 8 % 380),6,6]}" }
        let others = (0..<extraViews).map { "{\"id\":\"x\($0)\",\"frame\":[0,0,4,4]}" }
        let pile = "{\"id\":\"pile\",\"frame\":[0,0,400,400],\"subviews\":[\(views.joined(separator: ","))]}"
        let items = collected ? "\"allSubviewsOf\":\"pile\"" : "\"items\":[\(ids)]"
        let pushedIDs = (0..<pushed).map { "\"x\($0)\"" }.joined(separator: ",")
        let script =
            pushed == 0 ? "[]" : "[{\"at\":0.5,\"dynamics\":{\"add\":{\"type\":\"push\",\"items\":[\(pushedIDs)],\"magnitude\":1}}}]"
        return """
            {"kinema":1,"size":[400,400],"views":[\(([pile] + others).joined(separator: ","))],
             "dynamics":{"behaviors":[
               {"type":"gravity",\(items)},
               {"type":"collision",\(items),"translatesReferenceBoundsIntoBoundary":true},
               {"type":"field","kind":"vortex",\(items),"position":[200,200]}]},
             "script":\(script)}
            """
    }

    @Test("the items are the views the behaviours name, each once, script steps included")
    func itemCount() throws {
        #expect(try SceneDocument.decode(Self.pile(count: 1500)).dynamicItemCount == 1500)
        #expect(try SceneDocument.decode(Self.pile(count: 1500, extraViews: 20)).dynamicItemCount == 1500)
        #expect(try SceneDocument.decode(Self.pile(count: 1500, extraViews: 20, pushed: 5)).dynamicItemCount == 1505)
        // allSubviewsOf counts every view inside the container, not the container.
        #expect(try SceneDocument.decode(Self.pile(count: 300, collected: true, extraViews: 7)).dynamicItemCount == 300)
    }

    @Test("1,500 items may be played within the budget, not to 600 s; the error names the option and the budget")
    func budget() throws {
        let document = try SceneDocument.decode(Self.pile(count: 1500))
        // The latest time within the budget, a whole number of steps, and as the message gives it.
        let steps = (SceneDocument.maximumDynamicsItemSteps / 1500)
        let latest = Double(steps) / 120
        let said = (Double(steps) / 12).rounded(.down) / 10
        try document.checkPlayable(to: latest, option: "--at")
        #expect(throws: SceneError.self) { try document.checkPlayable(to: latest + 1.0 / 120, option: "--at") }
        do {
            try document.checkPlayable(to: 600, option: "--to")
            Issue.record("600 s of 1,500 items should be refused")
        } catch {
            #expect(error.issues.count == 1)
            #expect(error.issues.first?.path == "--to")
            let budget = SceneDocument.maximumDynamicsItemSteps
            #expect(
                error.description.contains(
                    "playing this scene to 600.0 s would simulate 1500 dynamic items for 72000 steps of 1/120 s (108000000 item-steps); "
                        + "expected at most \(budget) item-steps in one request (a time of at most \(said) s for 1500 items)"),
                "\(error.description)")
        }
    }

    @Test("the time limit comes first, and a scene without items has only that")
    func timeLimitFirst() throws {
        let document = try SceneDocument.decode(Self.pile(count: 1500))
        #expect(throws: SceneError.self) { try document.checkPlayable(to: 1e9, option: "--at") }
        do { try document.checkPlayable(to: 1e9, option: "--at") } catch {
            #expect(error.description.contains("expected a time of at most 600 s for a scene with dynamics"), "\(error.description)")
        }
        let empty = try SceneDocument.decode(#"{"kinema":1,"size":[10,10],"dynamics":{"behaviors":[]}}"#)
        #expect(empty.dynamicItemCount == 0)
        try empty.checkPlayable(to: 600, option: "--at")
    }
}
