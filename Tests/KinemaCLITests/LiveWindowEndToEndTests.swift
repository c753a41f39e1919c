import Foundation
import KinemaGraphics
import Testing

/// `kinema play` as a user meets it: the real binary in a window on a virtual X server, driven
/// with real X input (`xdotool`, through XTEST) and looked at through screenshots of the window
/// (`xwd`). Runs in `make test`, which installs Xvfb and the tools; elsewhere it runs when they
/// are installed.
@Suite(.serialized, .enabled(if: VirtualDisplay.toolsInstalled || VirtualDisplay.required))
struct LiveWindowEndToEndTests {
    /// A red puck to drag that springs home, a blue button that turns a grey lamp green, and a
    /// black bar fading out over 20 s (so that scene time shows in the pixels).
    static func scene(puck: String) -> String {
        """
        {"kinema": 1, "size": [240, 200], "scale": 1, "background": "#FFFFFF", "duration": 60,
         "layers": [{"id": "bar", "frame": [0, 184, 240, 16], "backgroundColor": "#000000",
                     "animations": [{"keyPath": "opacity", "fromValue": 1, "toValue": 0, "duration": 20}]}],
         "views": [
           {"id": "puck", "frame": [40, 40, 40, 40], "backgroundColor": "\(puck)",
            "gestures": [{"id": "pan", "type": "pan", "drags": true,
                          "onEnded": [{"springDuration": 0.4, "changes": [{"view": "puck", "center": [60, 60]}]}]}]},
           {"id": "lamp", "frame": [20, 130, 40, 40], "backgroundColor": "#808080"},
           {"id": "go", "type": "button", "buttonType": "custom", "frame": [140, 130, 80, 40], "backgroundColor": "#0000FF",
            "title": "Go", "onTap": [{"duration": 0, "changes": [{"view": "lamp", "backgroundColor": "#00FF00"}]}]}]}
        """
    }

    @Test func dragTapHotReloadAndQuitInARealWindow() throws {
        let display = try VirtualDisplay()
        let files = try SceneFiles()
        let path = try files.write(Self.scene(puck: "#FF0000"), as: "e2e.json")
        let player = try PlayProcess(["play", path, "--exit-after", "60"], in: files.directory, environment: display.environment)
        defer { player.stop() }
        let window: String
        do {
            window = try display.window(titled: "e2e\\.json$")
        } catch {
            Issue.record("\(error); kinema said: \(player.stderr)")
            return
        }

        #expect(try display.title(of: window) == "kinema — e2e.json")

        // The first frames: the puck at home.
        try expectEventually(display, window, "the puck is drawn at home") { isRed($0.rgb(x: 60, y: 60)) }
        let first = try display.screenshot(of: window)
        #expect(first.width == 240 && first.height == 200, "the client area is the scene's size × scale")

        // Drag it: the puck comes along under the pointer, and leaves home.
        try display.xdotool("mousemove", "--window", window, "60", "60", "mousedown", "1")
        for (x, y) in [(70, 64), (90, 72), (115, 82), (140, 92), (160, 100)] {
            try display.xdotool("sleep", "0.03", "mousemove", "--window", window, "\(x)", "\(y)")
        }
        try expectEventually(display, window, "the puck follows the pointer") {
            isRed($0.rgb(x: 160, y: 100)) && !isRed($0.rgb(x: 48, y: 48))
        }

        // Release: it springs home.
        try display.xdotool("mouseup", "1")
        try expectEventually(display, window, "the puck springs home", timeout: 5) {
            isRed($0.rgb(x: 60, y: 60)) && !isRed($0.rgb(x: 160, y: 100))
        }

        // Tap the button: the lamp turns green.
        #expect(try display.screenshot(of: window).rgb(x: 40, y: 150) == (128, 128, 128))
        try display.xdotool("mousemove", "--window", window, "180", "150", "click", "1")
        try expectEventually(display, window, "the button's tap turns the lamp green") { $0.rgb(x: 40, y: 150) == (0, 255, 0) }

        // Save the file with a new colour: it shows within a second (the player looks every
        // 0.25 s; about 0.3 s here on an idle machine). The test allows 3 s, for a CI machine
        // running the other tests on every core meanwhile.
        _ = try files.write(Self.scene(puck: "#FF00FF"), as: "e2e.json")
        try expectEventually(display, window, "the saved colour shows", timeout: 3) { $0.rgb(x: 60, y: 60) == (255, 0, 255) }

        // Pause, save the frame (its name gives the scene time), and compare the window with
        // `kinema render --at` at that time.
        try display.xdotool("key", "--window", window, "space")
        Thread.sleep(forTimeInterval: 0.3)
        try display.xdotool("key", "--window", window, "p")
        let saved = try player.waitForLine(prefix: "saved ")
        let live = try display.screenshot(of: window)
        let ms = try #require(Int(saved.split(separator: "-").last?.replacingOccurrences(of: "ms.png", with: "") ?? ""), "\(saved)")
        let rendered = files.directory.appendingPathComponent("rendered.png").path
        let render = try Kinema.run(["render", path, "--at", "\(Double(ms) / 1000)", "-o", rendered])
        #expect(render.status == 0, "\(render)")
        let reference = try Bitmap(pngFile: rendered)
        let differing = differingPixels(live, reference)
        #expect(differing <= 240 * 200 / 200, "\(differing) pixels differ by more than 3 from kinema render --at \(ms) ms")

        // Quit with q: status 0.
        // (The key's release may find the window gone: xdotool's status does not count.)
        try display.run("xdotool", ["key", "--window", window, "q"])
        let status = player.wait(timeout: 5)
        #expect(status == 0, "\(player.stderr)")
    }

    /// Takes screenshots until `condition` holds of one, for up to `timeout` seconds.
    private func expectEventually(
        _ display: VirtualDisplay, _ window: String, _ what: String, timeout: Double = 4, condition: (XWDImage) -> Bool,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if condition(try display.screenshot(of: window)) { return }
            if Date() > deadline { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("not seen within \(timeout) s: \(what)", sourceLocation: sourceLocation)
    }

    private func isRed(_ c: (red: Int, green: Int, blue: Int)) -> Bool {
        c.red > 230 && c.green < 25 && c.blue < 25
    }

    /// The pixels where a channel differs by more than 3 (the rendering goldens' tolerance).
    private func differingPixels(_ live: XWDImage, _ reference: Bitmap) -> Int {
        guard live.width == reference.width, live.height == reference.height else { return live.width * live.height }
        var count = 0
        for y in 0..<live.height {
            for x in 0..<live.width {
                let a = live.rgb(x: x, y: y), b = reference.color(x: x, y: y)
                let db = [
                    a.red - Int((b.red * 255).rounded()), a.green - Int((b.green * 255).rounded()), a.blue - Int((b.blue * 255).rounded()),
                ]
                if db.contains(where: { abs($0) > 3 }) { count += 1 }
            }
        }
        return count
    }
}

/// `kinema` running in the background, its output in files.
final class PlayProcess {
    private let child: ChildProcess
    private let outURL: URL, errURL: URL

    init(_ arguments: [String], in directory: URL, environment: [String: String]) throws {
        outURL = directory.appendingPathComponent("play-stdout")
        errURL = directory.appendingPathComponent("play-stderr")
        child = try ChildProcess(
            Kinema.executable.get().path, arguments, environment: environment, directory: directory, stdout: outURL.path,
            stderr: errURL.path)
    }

    var stdout: String { String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self) }
    var stderr: String { String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self) }

    /// The first line of standard output that starts with `prefix`, waiting up to 5 s for it.
    func waitForLine(prefix: String) throws -> String {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if let line = stdout.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }) { return String(line) }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw VirtualDisplay.Failure(description: "kinema printed no line starting '\(prefix)': \(stdout) \(stderr)")
    }

    /// Waits up to `timeout` seconds for the exit; its status, or `nil` when it did not exit.
    func wait(timeout: Double) -> Int32? {
        child.wait(timeout: timeout)
    }

    /// Stops it if it still runs.
    func stop() {
        child.stop()
    }

    /// Sends it `signalNumber`.
    func signal(_ signalNumber: Int32) {
        kill(child.pid, signalNumber)
    }
}
