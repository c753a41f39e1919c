import ArgumentParser
import Foundation
import KinemaRender
import KinemaScenes

struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a built-in demo to a GIF, MP4, APNG or PNG frames (default out/NAME.gif); --print-scene prints its scene file.")

    @Argument(help: "The demo: \(DemoScenes.names.joined(separator: ", ")) (default: \(DemoScenes.defaultName)).")
    var name: String = DemoScenes.defaultName

    @Option(name: [.customShort("o"), .long], help: "The output file: .gif, .mp4, .apng or .png (default: out/NAME.gif).")
    var output: String?

    @Flag(help: "Print the demo's scene file instead of rendering it.")
    var printScene = false

    @OptionGroup var options: RenderOptions

    func run() throws {
        guard let text = DemoScenes.scene(named: name) else {
            throw CommandFailure(message: "error: unknown demo '\(name)' (expected one of \(DemoScenes.names.joined(separator: ", ")))")
        }
        if printScene {
            guard output == nil else { throw CommandFailure(message: "error: --print-scene: give either --print-scene or -o, not both") }
            print(text)
            return
        }
        let decoded: SceneDocument?
        do { decoded = try DemoScenes.document(named: name) } catch { throw CommandFailure(message: error.description) }
        guard let document = decoded else { throw CommandFailure(message: "error: unknown demo '\(name)'") }
        let output = self.output ?? "out/\(name).gif"
        let format: OutputFormat
        do { format = try OutputFormat(path: output) } catch { throw commandFailure(error) }
        let fps = try options.framesPerSecond(for: format)
        let times: [Double]
        do { times = Array(try FrameTimes(to: document.duration, framesPerSecond: fps)) } catch { throw commandFailure(error) }
        let job = RenderJob(
            source: .scene(document), background: document.background, times: times, framesPerSecond: fps,
            scale: try options.pixelsPerPoint(default: document.scale, size: document.size),
            output: output, format: format, threads: try options.threadCount(), memoryBudget: try options.memoryBudget(),
            progress: .automatic(quiet: options.quiet),
            makesFolder: self.output == nil)
        print(try job.run())
    }
}
