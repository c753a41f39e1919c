import ArgumentParser
import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaLottie
import KinemaScenes

/// `kinema`: render, sample, inspect and validate Kinema scenes.
@main
struct KinemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kinema",
        abstract: "Core Animation's layer model on Linux: render, sample, inspect and validate scene files.",
        subcommands: [Render.self, Join.self, Demo.self, Play.self, Sample.self, Inspect.self, Validate.self]
    )

    /// Runs the tool with Kinema's exit codes: 0 on success, 1 on any error (bad arguments
    /// included), with the message on standard error.
    static func main() {
        do {
            var command = try parseAsRoot()
            if !(command is Play) { Interruption.shared.install() }
            try command.run()
        } catch {
            // A child (ffmpeg) stopped by the same Ctrl-C as the tool, sent to the whole process
            // group, can end the work before the tool's own signal is taken: wait a moment for
            // it, so that the exit status is the signal's and no error is printed.
            let childStopped = [SIGINT, SIGTERM, SIGHUP].contains { "\(error)".contains("killed by signal \($0)") }
            Interruption.shared.holdIfStopping(within: childStopped ? 0.5 : 0)
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            if let failure = error as? CommandFailure {
                FileHandle.standardError.write(Data((failure.message + "\n").utf8))
            } else {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            }
            Foundation.exit(1)
        }
    }
}

/// An error whose message is printed as is.
struct CommandFailure: Error {
    var message: String
}

/// Where a command reads its scene from: a file, or a built-in demo (`--demo NAME`, or `--demo`
/// for ``DemoScenes/defaultName``).
struct SceneSource: ParsableArguments {
    @Argument(help: "A scene file (JSON); with --demo, the demo's name (default: \(DemoScenes.defaultName)).")
    var scene: String?

    @Flag(
        help:
            "Use a built-in demo scene: the one named by the argument (\(DemoScenes.names.joined(separator: ", "))), or \(DemoScenes.defaultName) if none is named."
    )
    var demo = false

    func load() throws -> SceneDocument {
        switch (scene, demo) {
        case (nil, true):
            return try demoDocument(named: DemoScenes.defaultName)
        case (let name?, true):
            return try demoDocument(named: name)
        case (let path?, false):
            return try unwrap(SceneDocument.load(path: path))
        case (nil, false):
            throw CommandFailure(message: "error: give a scene file or --demo")
        }
    }

    /// The scene or Lottie animation to draw, told apart by the file's content.
    func loadSource() throws -> RenderSource {
        guard !demo, let path = scene else { return .scene(try load()) }
        // A file that cannot be read is reported by the scene loader, with its reason.
        guard let bytes = try? InputFile.read(path, limit: InputFile.sceneSizeLimit), LottieAnimation.isLottie(Data(bytes)) else {
            return .scene(try load())
        }
        do {
            let folder = (path as NSString).deletingLastPathComponent
            return .lottie(try LottieAnimation(data: Data(bytes), imageDirectory: folder.isEmpty ? "." : folder))
        } catch {
            throw CommandFailure(message: error.description)
        }
    }

    /// The demo `name`, or an error naming `--demo`.
    private func demoDocument(named name: String) throws -> SceneDocument {
        guard DemoScenes.names.contains(name) else {
            throw CommandFailure(
                message:
                    "error: --demo: unknown demo '\(name)' (expected one of \(DemoScenes.names.joined(separator: ", "))); give either a scene file or --demo [NAME], not both"
            )
        }
        let decoded: SceneDocument?
        do { decoded = try DemoScenes.document(named: name) } catch { throw CommandFailure(message: error.description) }
        guard let document = decoded else { throw CommandFailure(message: "error: --demo: unknown demo '\(name)'") }
        return document
    }

    private func unwrap(_ body: @autoclosure () throws(SceneError) -> SceneDocument) throws -> SceneDocument {
        do { return try body() } catch {
            throw CommandFailure(message: error.description)
        }
    }
}

/// Refuses up front a request that would play a scene with dynamics for hours (see
/// `SceneDocument.maximumDynamicsTime`), naming the option the time came from.
func checkPlayable(_ document: SceneDocument, to time: Double?, option: String) throws {
    guard let time else { return }
    do { try document.checkPlayable(to: time, option: option) } catch {
        throw CommandFailure(message: "error: \(error.description)")
    }
}

/// Seconds from `text`, or an error naming the option.
func parseTime(_ text: String, name: String) throws -> Double {
    try parseNumber(text, name: name, what: "a finite number of seconds")
}

/// A finite number from `text`, or an error naming the option.
func parseNumber(_ text: String, name: String, what: String = "a finite number") throws -> Double {
    guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
        throw CommandFailure(message: "error: \(name): '\(text)' is not \(what)")
    }
    return value
}
