import ArgumentParser
import KinemaScenes

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
