import KinemaLayers
import KinemaUI
import Testing

@testable import KinemaScenes

/// Found by the scene decoder's fuzz target (LeakSanitizer): a scene dropped while a view
/// animation, a tooltip's or a tap's, was still running kept itself alive, its window, its views
/// and their layers, through the work its context still had scheduled.
@Suite struct SceneLeakTests {
    static let tooltipAndTap = """
        {
          "kinema": 1, "size": [320, 200],
          "views": [{"id": "go", "type": "button", "frame": [100, 140, 100, 40], "title": "Go"}],
          "overlays": [{"type": "tooltip", "id": "hint", "source": "go", "text": "Tap to start",
                        "showAt": 2.5, "dismissAt": 3}],
          "script": [{"at": 2, "tap": [20, 20]}, {"at": 0.5, "tap": [150, 160]}]
        }
        """

    @Test(arguments: [0.0, 0.6, 2.0, 2.6, 3.05, 10])
    func aSceneDroppedMidAnimationIsFreed(at t: Double) throws {
        let document = try SceneDocument.decode(Self.tooltipAndTap)
        weak var scene: Scene?
        weak var window: Window?
        weak var context: LayerContext?
        do {
            let built = Scene(document: document)
            built.advance(to: t)
            scene = built
            window = built.window
            context = built.context
            #expect(scene != nil)
        }
        #expect(scene == nil)
        #expect(window == nil)
        #expect(context == nil)
    }

    @Test func anInspectorIsFreedWithItsScenes() throws {
        let document = try SceneDocument.decode(Self.tooltipAndTap)
        weak var context: LayerContext?
        do {
            let inspector = SceneInspector(document: document)
            _ = inspector.inspect(at: 2.6)
            context = inspector.clock.scene.context
            _ = inspector.inspect(at: 0.6)
            #expect(context == nil)
            context = inspector.clock.scene.context
        }
        #expect(context == nil)
    }
}
