import KinemaGraphics
import KinemaRender
import KinemaScenes
import Testing

@Suite("Collapse demo frames are deterministic")
struct CollapseDemoTests {
    /// Before the fall, mid-fall, the pile, just after the push, and the end.
    static let times = [0.25, 0.8, 3.4, 3.75, 5.9]

    static func document() throws -> SceneDocument {
        try #require(try DemoScenes.document(named: "collapse"), "the collapse demo is missing")
    }

    /// Two renders of each frame by fresh scenes give the same pixels, one scene advanced through
    /// every time gives them too, and the frames differ from each other (things move).
    @Test func framesAreDeterministic() throws {
        let frames = DemoFrames(document: try Self.document(), times: Self.times)
        let first = try frames.fresh()
        let second = try frames.fresh()
        #expect(first.map(\.contentHash) == second.map(\.contentHash), "two renders differ")
        for (i, frame) in try frames.advanced().enumerated() {
            #expect(frame.hasSamePixels(as: first[i]), "frame at \(Self.times[i]) s differs when advanced through the earlier times")
        }
        #expect(Set(first.map(\.contentHash)).count == Self.times.count, "some frames are identical")
    }
}
