import Foundation
import KinemaGeometry
import KinemaLottie
import KinemaLottieUI
import KinemaScenes
import KinemaUI
import Testing

/// Scenes with a `lottie` view: the file it names, its settings, playing from the start and
/// from a `set` step, and the problems a bad value or file gives.
@Suite struct LottieViewSceneTests {
    /// 100 × 100 at 30 fps, frames 0…30, one red square moving from x 10 to x 70.
    static let animation = """
        {"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100, "layers": [
          {"ty": 4, "ind": 1, "ip": 0, "op": 30, "st": 0,
           "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [10, 50]}, {"t": 30, "s": [70, 50]}]}},
           "shapes": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}},
                      {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}]}]}
        """

    /// A folder with `square.json` and a scene `scene.json` whose view `spinner` has `settings`.
    final class Files {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kinema-lottie-\(UUID().uuidString)")
        init() throws {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(LottieViewSceneTests.animation.utf8).write(to: directory.appendingPathComponent("square.json"))
        }
        deinit { try? FileManager.default.removeItem(at: directory) }

        func scene(settings: String, script: String = "[]") throws(SceneError) -> SceneDocument {
            let text = """
                {"kinema": 1, "size": [200, 100], "scale": 1, "duration": 3, "layers": [],
                 "views": [{"id": "spinner", "type": "lottie", "frame": [0, 0, 100, 100], \(settings)}], "script": \(script)}
                """
            return try SceneDocument.decode(text, directory: directory.path, checkingFiles: true)
        }
    }

    @Test func playingFromTheStartFollowsTheSceneClock() throws {
        let files = try Files()
        let scene = Scene(document: try files.scene(settings: #""playing": true, "animation": "square.json", "loopMode": "loop""#))
        scene.advance(to: 1.5)
        let view = try #require(scene.views["spinner"] as? LottieAnimationView)
        #expect(view.isAnimationPlaying)
        #expect(abs(view.currentFrame - 15) < 1e-6, "half way through the second loop")
    }

    @Test func setStepsPauseAndMoveTheProgress() throws {
        let files = try Files()
        let script =
            #"[{"at": 0.5, "set": {"view": "spinner", "playing": false}}, {"at": 1, "set": {"view": "spinner", "currentProgress": 0.25}}]"#
        let scene = Scene(document: try files.scene(settings: #""animation": "square.json", "playing": true"#, script: script))
        let view = try #require(scene.views["spinner"] as? LottieAnimationView)
        scene.advance(to: 0.8)
        #expect(!view.isAnimationPlaying)
        #expect(abs(view.currentFrame - 15) < 1e-6, "paused at 0.5 s")
        scene.advance(to: 1.2)
        #expect(view.currentFrame == 7.5)
    }

    @Test func speedAndRepeatCount() throws {
        let files = try Files()
        let settings = #""animation": "square.json", "playing": true, "animationSpeed": 2, "loopMode": {"repeat": 2}"#
        let scene = Scene(document: try files.scene(settings: settings))
        let view = try #require(scene.views["spinner"] as? LottieAnimationView)
        scene.advance(to: 0.75)
        #expect(abs(view.currentFrame - 15) < 1e-6, "second pass, twice as fast")
        scene.advance(to: 1.5)
        #expect(view.currentFrame == 30 && !view.isAnimationPlaying)
    }

    @Test(
        "Refused values",
        arguments: [
            (#""animation": "missing.json""#, "views[0].animation: cannot read the Lottie file 'missing.json'"),
            (#""animation": "scene.json""#, "views[0].animation: cannot read the Lottie file 'scene.json'"),
            (#""loopMode": "forever""#, "views[0].loopMode: expected \"playOnce\", \"loop\", \"autoReverse\""),
            (#""loopMode": {"repeat": -1}"#, "views[0].loopMode.repeat: expected a number of times from 0 to 1000000"),
            (#""currentProgress": 2"#, "views[0].currentProgress"),
            (#""playing": "yes""#, "views[0].playing"),
        ])
    func refusedValues(settings: String, fragment: String) throws {
        let files = try Files()
        do {
            _ = try files.scene(settings: settings)
            Issue.record("expected an error containing \(fragment)")
        } catch {
            #expect(error.description.contains(fragment), "\(error.description)")
        }
    }

    @Test func aBrokenLottieFileIsNamedWithItsFirstProblem() throws {
        let files = try Files()
        try Data(#"{"v": "5.7.4", "ip": 0, "op": 30, "w": 100, "h": 100, "layers": []}"#.utf8)
            .write(to: files.directory.appendingPathComponent("broken.json"))
        do {
            _ = try files.scene(settings: #""animation": "broken.json""#)
            Issue.record("expected an error")
        } catch {
            #expect(
                error.description.contains("views[0].animation: 'broken.json' is not a playable Lottie file: fr: missing"),
                "\(error.description)")
        }
    }

    /// A file of a few hundred bytes whose asset shows itself four times, nested to the
    /// precomposition depth limit (4¹⁶ layers), hung the scene's decoding: it is refused at the
    /// layer budget, naming the layer where it was passed.
    @Test func aLottieFileThatExpandsPastTheLayerLimitIsNamedWithTheLimit() throws {
        let files = try Files()
        let loop = (1...4).map { #"{"ty": 0, "ind": \#($0), "ip": 0, "op": 30, "st": 0, "ks": {}, "refId": "loop", "w": 100, "h": 100}"# }
        let json = """
            {"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100,
             "assets": [{"id": "loop", "layers": [\(loop.joined(separator: ","))]}], "layers": [\(loop[0])]}
            """
        try Data(json.utf8).write(to: files.directory.appendingPathComponent("loop.json"))
        do {
            _ = try files.scene(settings: #""animation": "loop.json""#)
            Issue.record("expected an error")
        } catch {
            #expect(
                error.description.contains("views[0].animation: 'loop.json' is not a playable Lottie file: assets[0].layers["),
                "\(error.description)")
            #expect(error.description.contains("more than \(LottieLimits.maximumLayers) layers"), "\(error.description)")
        }
    }

    @Test func aLottieFileAloneMakesALoopingScene() throws {
        let files = try Files()
        let document = try SceneDocument.playing(lottieFile: files.directory.appendingPathComponent("square.json").path)
        #expect(document.size == Size(width: 100, height: 100) && document.duration == 1)
        let scene = Scene(document: document)
        scene.advance(to: 1.25)
        let view = try #require(scene.views["animation"] as? LottieAnimationView)
        #expect(view.isAnimationPlaying && abs(view.currentFrame - 7.5) < 1e-6, "looping: frame 7.5 at 1.25 s")
        #expect(view.frame == Rect(x: 0, y: 0, width: 100, height: 100))
    }

    @Test func aBrokenLottieFileIsRefusedWithItsProblems() throws {
        let files = try Files()
        let path = files.directory.appendingPathComponent("broken.json")
        try Data(#"{"v": "5.7.4", "ip": 0, "op": 30, "w": 100, "h": 100, "layers": []}"#.utf8).write(to: path)
        #expect { try SceneDocument.playing(lottieFile: path.path) } throws: { error in
            (error as? SceneError)?.description.contains("fr: missing") ?? false
        }
    }
}
