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

    /// A pan with a finger down, a scroll view's content touch waiting for its delay and a
    /// button held down, each dropped part way.
    static let fingersDown = """
        {
          "kinema": 1, "size": [320, 240],
          "views": [
            { "id": "puck", "frame": [40, 130, 40, 40], "backgroundColor": "#FF9500",
              "gestures": [{ "id": "pan", "type": "pan", "drags": true,
                "onEnded": [{ "springDuration": 0.5, "bounce": 0.3, "changes": [{ "view": "puck", "center": [60, 150] }] }] }] },
            { "id": "go", "type": "button", "frame": [200, 20, 100, 40], "title": "Go" }
          ],
          "script": [
            { "at": 1, "drag": { "from": [60, 150], "to": [160, 150], "duration": 1, "holdBeforeRelease": 0.5 } },
            { "at": 3, "drag": { "from": [250, 40], "to": [252, 40], "duration": 1, "holdBeforeRelease": 0.5 } }
          ]
        }
        """

    @Test(arguments: [1.0, 1.5, 2.2, 3.0, 3.5, 4.2, 5])
    func aSceneDroppedWithAFingerDownIsFreed(at t: Double) throws {
        let document = try SceneDocument.decode(Self.fingersDown)
        weak var scene: Scene?
        weak var window: Window?
        weak var context: LayerContext?
        do {
            let built = Scene(document: document)
            built.advance(to: t)
            scene = built
            window = built.window
            context = built.context
        }
        #expect(scene == nil)
        #expect(window == nil)
        #expect(context == nil)
    }

    /// Every demo dropped at times when animations run and fingers are down (the zoom demo's
    /// drag), as the fuzz target drops the scenes it plays.
    @Test(arguments: DemoScenes.names)
    func aDemoDroppedPartWayIsFreed(name: String) throws {
        let document = try #require(try DemoScenes.document(named: name))
        // Twelve times through the demo, and the middle of the views demo's drag.
        let times = Array(stride(from: 0.0, through: document.duration, by: document.duration / 12)) + [5.2]
        for t in times {
            weak var scene: Scene?
            weak var window: Window?
            weak var context: LayerContext?
            do {
                let built = Scene(document: document)
                built.advance(to: t)
                scene = built
                window = built.window
                context = built.context
            }
            #expect(scene == nil && window == nil && context == nil, "\(name) dropped at \(t) s")
        }
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
