import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaRender
import KinemaScenes
import TestSupport
import Testing

@Suite("Tutorial demo frames match their goldens")
struct TutorialDemoTests {
    /// Before the tutorial, step 1 springing in, each of the four steps at rest (Compose, a row,
    /// Search, Edit), and after the last tap.
    static let times = [0.0, 0.8, 1.5, 3.8, 5.8, 7.8, 9.5]

    static func document() throws -> SceneDocument {
        try #require(try DemoScenes.document(named: "tutorial"), "the tutorial demo is missing")
    }

    /// The frames match their goldens, and one scene advanced through every time gives the same
    /// frames as fresh scenes.
    @Test func demoFramesMatchTheirGoldens() throws {
        try DemoFrames(document: try Self.document(), times: Self.times).check(suite: "TutorialDemoTests")
    }

    @Test("the taps walk the tutorial through its four steps and finish it")
    func stepsAdvance() throws {
        let inspector = SceneInspector(document: try Self.document())
        func overlay(at t: Double) -> JSONValue? {
            if case .array(let list)? = inspector.inspect(at: t)["overlays"] { return list.first }
            return nil
        }
        #expect(overlay(at: 0.4) == nil)
        for (step, t) in [1.5, 3.8, 5.8, 7.8].enumerated() {
            let o = overlay(at: t)
            #expect(o?["step"] == .number(Double(step)), "at \(t) s")
            #expect(o?["popover"]?["state"] == .string("presented"), "at \(t) s")
        }
        #expect(overlay(at: 9.5)?["popover"]?["state"] == .string("dismissed"))
    }
}
