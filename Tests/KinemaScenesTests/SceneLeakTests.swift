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
        #expect(Self.survivors(of: try SceneDocument.decode(Self.tooltipAndTap), droppedAt: t) == [])
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
        #expect(Self.survivors(of: try SceneDocument.decode(Self.fingersDown), droppedAt: t) == [])
    }

    /// Found by the scene decoder's fuzz target: a tap's spring with a `then`, and a drag still
    /// under way at the scene's end (3 s), inspected as `kinema inspect` does.
    static let dragAtTheEnd = """
        {
          "kinema": 1,
          "size": [320, 200],
          "background": "#F2F2F7",
          "views": [
            { "id": "card", "frame": [20, 20, 120, 80], "backgroundColor": "#FFFFFF", "cornerRadius": 12,
              "subviews": [
                { "id": "title", "type": "label", "frame": [0, 28, 120, 24], "text": "Hello", "textAlignment": "center" } ] },
            { "id": "go", "type": "button", "frame": [200, 140, 100, 40], "title": "Slide", "titleColor": "#FFFFFF",
              "backgroundColor": "#007AFF", "cornerRadius": 8,
              "onTap": [ { "duration": 1, "damping": 0.6, "changes": [ { "view": "card", "center": [242, 60] } ],
                           "then": { "duration": 0.5, "curve": "linear", "changes": [ { "view": "card", "alpha": 0.5 } ] } } ] },
            { "id": "puck", "frame": [40, 130, 40, 40], "backgroundColor": "#FF9500", "cornerRadius": 20,
              "gestures": [
                { "id": "pan", "type": "pan", "drags": true,
                  "onEnded": [ { "springDuration": 0.5, "bounce": 0.3, "changes": [ { "view": "puck", "center": [60, 150] } ] } ] } ] }
          ],
          "script": [
            { "at": 0.5, "tap": [250, 160] },
            { "at": 2, "drag": { "from": [60, 150], "to": [160, 150], "duration": 1.4, "holdBeforeRelease": 0.1 } }
          ]
        }
        """

    @Test func anInspectorDroppedMidDragIsFreed() throws {
        let document = try SceneDocument.decode(Self.dragAtTheEnd)
        weak var context: LayerContext?
        weak var window: Window?
        weak var pan: GestureRecognizer?
        do {
            let inspector = SceneInspector(document: document)
            for t in [0, 0.5, document.duration] { _ = inspector.inspect(at: t) }
            context = inspector.clock.scene.context
            window = inspector.clock.scene.window
            pan = inspector.clock.scene.gestureRecognizers["pan"]
            #expect(pan != nil)
        }
        #expect(pan == nil)
        #expect(window == nil)
        #expect(context == nil)
    }

    /// Every demo dropped at times when animations run and fingers are down (the zoom demo's
    /// drag), as the fuzz target drops the scenes it plays.
    @Test(arguments: DemoScenes.names)
    func aDemoDroppedPartWayIsFreed(name: String) throws {
        let document = try #require(try DemoScenes.document(named: name))
        // Twelve times through the demo, the middle of the views demo's drag, and the zoom
        // demo's first presentation in flight (its tap ends at 4.28 s).
        let times = Array(stride(from: 0.0, through: document.duration, by: document.duration / 12)) + [5.2, 4.3]
        for t in times {
            #expect(Self.survivors(of: document, droppedAt: t) == [], "\(name) dropped at \(t) s")
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

extension SceneLeakTests {
    /// What is still alive after a scene of `document`, played to `t`, is dropped: `scene`,
    /// `window`, `context`, the window's root controller, and the ids of tutorials, tooltips,
    /// gesture recognizers and transitions (with the detail each last presented).
    static func survivors(of document: SceneDocument, droppedAt t: Double) -> [String] {
        var watched: [(name: String, object: WeakObject)] = []
        do {
            let scene = Scene(document: document)
            scene.advance(to: t)
            watched = [("scene", WeakObject(scene)), ("window", WeakObject(scene.window)), ("context", WeakObject(scene.context))]
            for (id, object) in scene.tutorials { watched.append((id, WeakObject(object))) }
            for (id, object) in scene.tooltips { watched.append((id, WeakObject(object))) }
            for (id, object) in scene.gestureRecognizers { watched.append((id, WeakObject(object))) }
            if let root = scene.window.rootViewController { watched.append(("root", WeakObject(root))) }
            for (id, transition) in scene.transitions {
                watched.append((id, WeakObject(transition)))
                if let detail = transition.detail { watched.append(("\(id).detail", WeakObject(detail))) }
            }
        }
        return watched.filter { $0.object.object != nil }.map(\.name).sorted()
    }
}

/// A weak reference to any object, to check that it was freed.
final class WeakObject {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}
