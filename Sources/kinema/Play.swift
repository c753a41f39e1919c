import ArgumentParser
import Foundation
import KinemaLive
import KinemaScenes

/// `kinema play`: a scene (or a demo) in a live window, driven by the real clock and the mouse.
struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Open a scene, a Lottie file or a demo in a live window: the mouse is a finger (with Alt, two), space pauses, s slows time 10×, → steps, r restarts, p saves a PNG, q quits.",
        discussion: """
            Exits 2 when there is no display (set DISPLAY or WAYLAND_DISPLAY, or use 'kinema render'). A Lottie file \
            plays looping, at its composition's size (--scale to enlarge), on white; it is not reloaded when saved.
            """)

    @OptionGroup var source: SceneSource

    @Option(parsing: .unconditional, help: "Pixels per point (default: the scene's scale).")
    var scale: Double?

    @Option(parsing: .unconditional, help: "Scene seconds per wall second (default 1).")
    var speed: Double = 1

    @Flag(help: "Start paused (space resumes, → steps).")
    var paused = false

    @Flag(help: "Drop the scene's scripted touches, so only the mouse touches it.")
    var noScriptTouches = false

    @Flag(help: "On exit, print frames presented and dropped and the p50 / p99 of each frame's work.")
    var stats = false

    @Option(parsing: .unconditional, help: "Quit after this many seconds of wall time.")
    var exitAfter: Double?

    func run() throws {
        guard speed.isFinite, speed > 0 else {
            throw CommandFailure(message: "error: --speed: expected a positive number of scene seconds per second, got \(speed)")
        }
        if let exitAfter, !(exitAfter.isFinite && exitAfter >= 0) {
            throw CommandFailure(message: "error: --exit-after: expected a number of seconds ≥ 0, got \(exitAfter)")
        }
        // A Lottie file plays in a scene of its own: one looping `lottie` view filling the frame.
        let lottiePath: String? =
            if case .lottie = try source.loadSource(), let path = source.scene { path } else { nil }
        let document: SceneDocument
        if let lottiePath {
            do { document = try SceneDocument.playing(lottieFile: lottiePath) } catch {
                throw CommandFailure(message: error.description)
            }
        } else {
            document = try source.load()
        }
        if let scale { _ = try RenderOptions.checkedScale(scale, given: "\(scale)", size: document.size) }
        guard SDLWindow.hasDisplay else {
            FileHandle.standardError.write(Data("error: \(LiveError.noDisplay)\n".utf8))
            Foundation.exit(2)
        }
        // A scene file is watched and reloaded when saved; a demo is played as it is.
        let content: SceneContent
        if !source.demo, lottiePath == nil, let path = source.scene,
            let watched = try? SceneContent(path: path, scriptedTouches: !noScriptTouches)
        {
            content = watched
        } else {
            content = SceneContent(document: document, scriptedTouches: !noScriptTouches)
        }
        let player = LivePlayer(content: content, scale: scale ?? document.scale, clock: LiveClock(speed: speed, paused: paused))
        let name = source.demo ? (source.scene ?? DemoScenes.defaultName) : URL(fileURLWithPath: source.scene ?? "scene").lastPathComponent
        do {
            var session = LiveSession(exitAfter: exitAfter)
            session.stopsOnSignals = true
            let measured = try session.run(player, title: "kinema — \(name)")
            if stats { print(measured.summary) }
            if let signal = measured.stopSignal {
                FileHandle.standardError.write(Data("kinema: stopped by signal \(signal)\n".utf8))
                Foundation.exit(128 + signal)
            }
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            Foundation.exit(error == .noDisplay ? 2 : 1)
        }
    }
}
