import Foundation
import KinemaGraphics
import Testing

/// A small Lottie animation written for these tests: a 60 × 40 composition at 30 fps, frames 0…30,
/// with a red square that moves from x 10 to x 40 (centre) and nothing else.
enum LottieFiles {
    static func square(extraLayerFields: String = "") -> String {
        """
        {"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 60, "h": 40, "layers": [
          {"ty": 4, "ind": 1, "nm": "square", "ip": 0, "op": 30, "st": 0\(extraLayerFields),
           "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [10, 20]}, {"t": 30, "s": [40, 20]}]}},
           "shapes": [{"ty": "gr", "it": [
             {"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [10, 10]}, "r": {"a": 0, "k": 0}},
             {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}},
             {"ty": "tr"}]}]}]}
        """
    }
}

@Suite("kinema with Lottie files")
struct LottieCommandTests {
    @Test func framePicksACompositionFrameOnATransparentBackground() throws {
        let files = try SceneFiles()
        let input = try files.write(LottieFiles.square(), as: "square.json")
        let output = files.directory.appendingPathComponent("f15.png").path
        let result = try Kinema.run(["render", input, "--frame", "15", "-o", output, "--scale", "2"])
        #expect(result.status == 0, "\(result.stderr)")
        let frame = try Bitmap(pngFile: output)
        #expect(frame.width == 120 && frame.height == 80)
        // Frame 15 of 30: the square's centre is at x 25 (pixel 50 at scale 2).
        #expect(frame.color(x: 50, y: 40).red > 0.99 && frame.color(x: 50, y: 40).alpha > 0.99)
        #expect(frame.color(x: 20, y: 40).alpha == 0, "left of the square: transparent")
        #expect(frame.color(x: 2, y: 2).alpha == 0, "no background in a PNG unless --background")
    }

    @Test func progressIsTheFractionFromInToOutPoint() throws {
        let files = try SceneFiles()
        let input = try files.write(LottieFiles.square(), as: "square.json")
        let byFrame = files.directory.appendingPathComponent("a.png").path
        let byProgress = files.directory.appendingPathComponent("b.png").path
        let byTime = files.directory.appendingPathComponent("c.png").path
        #expect(try Kinema.run(["render", input, "--frame", "15", "-o", byFrame]).status == 0)
        #expect(try Kinema.run(["render", input, "--progress", "0.5", "-o", byProgress]).status == 0)
        #expect(try Kinema.run(["render", input, "--at", "0.5", "-o", byTime]).status == 0)
        let a = try Bitmap(pngFile: byFrame), b = try Bitmap(pngFile: byProgress), c = try Bitmap(pngFile: byTime)
        #expect(a.hasSamePixels(as: b))
        #expect(a.hasSamePixels(as: c))
    }

    @Test func backgroundColoursEveryPixel() throws {
        let files = try SceneFiles()
        let input = try files.write(LottieFiles.square(), as: "square.json")
        let output = files.directory.appendingPathComponent("bg.png").path
        let result = try Kinema.run(["render", input, "--frame", "0", "--background", "#0000FF", "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        let corner = try Bitmap(pngFile: output).color(x: 1, y: 1)
        #expect(corner.blue > 0.99 && corner.alpha > 0.99 && corner.red < 0.01)
    }

    @Test func aWholeRenderRunsAtTheAnimationsOwnFrameRate() throws {
        let files = try SceneFiles()
        let input = try files.write(LottieFiles.square(), as: "square.json")
        let output = files.directory.appendingPathComponent("s.apng").path
        let result = try Kinema.run(["render", input, "-o", output, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        // 30 frames at 30 fps: one second, 30 frames.
        #expect(try MediaProbe.video(output) == MediaInfo(width: 60, height: 40, frames: 30))
    }

    @Test(
        "Refused frame options",
        arguments: [
            (["--frame", "3", "--at", "0.1"], "give one of --at, --frame and --progress"),
            (["--progress", "half"], "--progress: 'half' is not a finite fraction"),
            (["--frame", "nan"], "--frame: 'nan' is not a finite frame number"),
        ])
    func refusedFrameOptions(arguments: [String], message: String) throws {
        let files = try SceneFiles()
        let input = try files.write(LottieFiles.square(), as: "square.json")
        let output = files.directory.appendingPathComponent("x.png").path
        let result = try Kinema.run(["render", input, "-o", output] + arguments)
        #expect(result.status == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func frameOfASceneIsRefused() throws {
        let files = try SceneFiles()
        let scene = try files.write(RenderScenes.tiny())
        let output = files.directory.appendingPathComponent("x.png").path
        let result = try Kinema.run(["render", scene, "--frame", "3", "-o", output])
        #expect(result.status == 1)
        #expect(result.stderr.contains("--frame: picks a frame of a Lottie file"), "\(result.stderr)")
    }

    @Test func validateListsWhatIsNotDrawn() throws {
        let files = try SceneFiles()
        let input = try files.write(LottieFiles.square(extraLayerFields: #", "bm": 16"#), as: "blended.json")
        let result = try Kinema.run(["validate", input])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "ok")
        #expect(lines.contains { $0.hasPrefix("not drawn: layers[0].bm: layer 'square': the add blend mode") }, "\(lines)")
    }

    @Test func validateNamesEveryProblemWithItsPath() throws {
        let files = try SceneFiles()
        let broken = LottieFiles.square().replacingOccurrences(of: "\"w\": 60", with: "\"w\": -1")
            .replacingOccurrences(of: "\"s\": {\"a\": 0, \"k\": [10, 10]}", with: "\"s\": {\"a\": 0, \"k\": \"big\"}")
        let input = try files.write(broken, as: "broken.json")
        let result = try Kinema.run(["validate", input])
        #expect(result.status == 1)
        #expect(result.stderr.contains("w: expected a size in (0, 16384] pixels, got -1.0"), "\(result.stderr)")
        #expect(result.stderr.contains("layers[0].shapes[0].it[0].s.k: expected a number or a list of numbers"), "\(result.stderr)")
    }

    @Test func renderRefusesToWriteOverAnImageTheAnimationReads() throws {
        let files = try SceneFiles()
        try FileManager.default.createDirectory(at: files.directory.appendingPathComponent("images"), withIntermediateDirectories: true)
        let image = Data(try Bitmap(width: 4, height: 4).pngData())
        let imagePath = try files.write(image, as: "images/img_0.png")
        let animation = """
            {"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 60, "h": 40,
             "assets": [{"id": "img", "w": 4, "h": 4, "u": "images/", "p": "img_0.png", "e": 0}],
             "layers": [{"ty": 2, "ind": 1, "refId": "img", "ip": 0, "op": 30, "st": 0, "ks": {}}]}
            """
        let input = try files.write(animation, as: "anim.json")
        for output in [imagePath, files.directory.appendingPathComponent("images/../images/img_0.png").path] {
            let result = try Kinema.run(["render", input, "--frame", "0", "-o", output])
            #expect(result.status == 1 && !result.crashed, "\(result)")
            #expect(result.stderr.contains("-o/--output: '\(output)' is an image"), "\(result.stderr)")
            #expect(result.stderr.contains("img_0.png"), "\(result.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: imagePath)) == image, "the image is untouched")
        }
        // Another name in the same folder renders.
        let other = files.directory.appendingPathComponent("images/frame.png").path
        let result = try Kinema.run(["render", input, "--frame", "0", "-o", other])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func inspectDescribesTheLayersAtATime() throws {
        let files = try SceneFiles()
        let input = try files.write(LottieFiles.square(), as: "square.json")
        let result = try Kinema.run(["inspect", input, "--at", "0.5"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = parsedJSON(result.stdout) as? [String: Any]
        let layers = json?["layers"] as? [[String: Any]] ?? []
        // The square's outer layer is named after the Lottie layer and sits at frame 15's position.
        let square = layers.first { $0["id"] as? String == "square" }
        #expect((square?["position"] as? [Double]) == [25, 20], "\(String(describing: square))")
        #expect(layers.contains { $0["type"] as? String == "shape" })
    }
}
