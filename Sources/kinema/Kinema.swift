import ArgumentParser
import Foundation
import KinemaGeometry
import KinemaScenes

/// `kinema`: render, sample, inspect and validate Kinema scenes.
@main
struct KinemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kinema",
        abstract: "Core Animation's layer model on Linux: sample, inspect and validate scene files.",
        subcommands: [Sample.self, Inspect.self, Validate.self, Demo.self, Render.self]
    )

    /// Runs the tool with Kinema's exit codes: 0 on success, 1 on any error (bad arguments
    /// included), with the message on standard error.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
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

/// Where a command reads its scene from.
struct SceneSource: ParsableArguments {
    @Argument(help: "A scene file (JSON). Omit it with --demo.")
    var scene: String?

    @Flag(help: "Use the built-in demo scene (the Core Animation tour).")
    var demo = false

    func load() throws -> SceneDocument {
        switch (scene, demo) {
        case (nil, true):
            return try unwrap(SceneDocument.decode(DemoScenes.layers))
        case (let path?, false):
            return try unwrap(SceneDocument.load(path: path))
        case (nil, false):
            throw CommandFailure(message: "error: give a scene file or --demo")
        case (_?, true):
            throw CommandFailure(message: "error: give either a scene file or --demo, not both")
        }
    }

    private func unwrap(_ body: @autoclosure () throws(SceneError) -> SceneDocument) throws -> SceneDocument {
        do { return try body() } catch {
            throw CommandFailure(message: error.description)
        }
    }
}

func parseTime(_ text: String, name: String) throws -> Double {
    guard let t = Double(text.trimmingCharacters(in: .whitespaces)), t.isFinite else {
        throw CommandFailure(message: "error: \(name): '\(text)' is not a finite number of seconds")
    }
    return t
}

struct Sample: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print presentation values of one layer property at given times, as JSON.")

    @OptionGroup var source: SceneSource

    @Option(help: "The layer id.")
    var layer: String

    @Option(help: "An animatable key path (position.x, transform.rotation.z, …), or localTime, frame, windowQuad, animationKeys.")
    var key: String

    @Option(parsing: .unconditional, help: "Comma-separated scene times in seconds: 0,0.5,1.")
    var times: String?

    @Option(parsing: .unconditional, help: "START:END:STEP in seconds, END included: 0:1:0.25.")
    var range: String?

    func run() throws {
        let document = try source.load()
        let sampleTimes = try resolveTimes()
        let inspector = SceneInspector(document: document)
        do {
            print(JSONWriter.compact(try inspector.sample(layer: layer, key: key, times: sampleTimes)))
        } catch {
            throw CommandFailure(message: error.description)
        }
    }

    func resolveTimes() throws -> [Double] {
        switch (times, range) {
        case (let list?, nil):
            let parts = list.split(separator: ",", omittingEmptySubsequences: false)
            guard !parts.isEmpty else { throw CommandFailure(message: "error: --times: expected at least one time") }
            return try parts.map { try parseTime(String($0), name: "--times") }
        case (nil, let r?):
            let parts = r.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3 else {
                throw CommandFailure(message: "error: --range: expected START:END:STEP, got '\(r)'")
            }
            let start = try parseTime(parts[0], name: "--range START")
            let end = try parseTime(parts[1], name: "--range END")
            let step = try parseTime(parts[2], name: "--range STEP")
            guard step > 0 else { throw CommandFailure(message: "error: --range: STEP must be > 0, got \(parts[2])") }
            guard end >= start else { throw CommandFailure(message: "error: --range: END must be ≥ START") }
            let steps = ((end - start) / step + 1e-9).rounded(.down)
            guard steps.isFinite, steps < 1_000_000 else {
                throw CommandFailure(message: "error: --range: more than 1,000,000 samples")
            }
            let count = Int(steps) + 1
            return (0..<count).map { start + Double($0) * step }
        case (nil, nil):
            throw CommandFailure(message: "error: give --times or --range")
        case (_?, _?):
            throw CommandFailure(message: "error: give either --times or --range, not both")
        }
    }
}

struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the whole presentation tree at a time, as JSON or text.")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, text
    }

    @OptionGroup var source: SceneSource

    @Option(parsing: .unconditional, help: "The scene time in seconds.")
    var at: String

    @Option(help: "json or text.")
    var format: Format = .json

    @Option(parsing: .unconditional, help: "X,Y in root-layer points: report the layer hitTest finds there.")
    var hit: String?

    func run() throws {
        let document = try source.load()
        let t = try parseTime(at, name: "--at")
        var point: Point?
        if let hit {
            let parts = hit.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2 else { throw CommandFailure(message: "error: --hit: expected X,Y, got '\(hit)'") }
            point = Point(x: try parseTime(parts[0], name: "--hit X"), y: try parseTime(parts[1], name: "--hit Y"))
        }
        let inspection = SceneInspector(document: document).inspect(at: t, hit: point)
        switch format {
        case .json: print(JSONWriter.pretty(inspection))
        case .text: print(SceneInspector.text(inspection))
        }
    }
}

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a scene file; print ok, or every problem with its JSON path.")

    @OptionGroup var source: SceneSource

    func run() throws {
        _ = try source.load()
        print("ok")
    }
}

struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a built-in demo (rendering arrives with the renderer); --print-scene prints its scene file.")

    @Argument(help: "The demo: \(DemoScenes.names.joined(separator: ", ")).")
    var name: String = "layers"

    @Flag(help: "Print the demo's scene file instead of rendering it.")
    var printScene = false

    func run() throws {
        guard let scene = DemoScenes.scene(named: name) else {
            throw CommandFailure(message: "error: unknown demo '\(name)' (expected one of \(DemoScenes.names.joined(separator: ", ")))")
        }
        guard printScene else {
            throw CommandFailure(
                message:
                    "error: rendering is not supported yet (the renderer is not built); use --print-scene, or `kinema inspect --demo --at T`"
            )
        }
        print(scene)
    }
}

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Render a scene to images or video (not supported yet).")

    @OptionGroup var source: SceneSource

    func run() throws {
        _ = try source.load()
        throw CommandFailure(message: "error: rendering is not supported yet (the renderer is not built)")
    }
}
