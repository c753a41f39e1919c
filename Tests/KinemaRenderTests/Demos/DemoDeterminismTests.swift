import KinemaGeometry
import KinemaGraphics
import KinemaRender
import KinemaScenes
import TestSupport
import Testing

@Suite("Layers demo frames match their goldens")
struct DemoDeterminismTests {
    static let times = [0.0, 0.75, 1.8, 2.5, 3.9, 5.25]

    /// The frames match their goldens, and one scene advanced through every time gives the same
    /// frames as fresh scenes.
    @Test func demoFramesMatchTheirGoldens() throws {
        try DemoFrames(document: try SceneDocument.decode(DemoScenes.layers), times: Self.times).check(suite: "DemoDeterminismTests")
    }
}
