import ArgumentParser
import KinemaGeometry
import KinemaScenes

struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the whole presentation tree at a time, as JSON or text (of a scene or a Lottie file).")

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
        let loaded = try source.loadSource()
        let t = try parseTime(at, name: "--at")
        var point: Point?
        if let hit {
            let parts = hit.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2 else { throw CommandFailure(message: "error: --hit: expected X,Y, got '\(hit)'") }
            point = Point(x: try parseNumber(parts[0], name: "--hit X"), y: try parseNumber(parts[1], name: "--hit Y"))
        }
        let inspection: JSONValue
        switch loaded {
        case .scene(let document):
            try checkPlayable(document, to: t, option: "--at")
            inspection = SceneInspector(document: document).inspect(at: t, hit: point)
        case .lottie(let animation):
            inspection = SceneInspector.inspect(layerTree: animation.makeLayer(), at: t, hit: point)
        }
        switch format {
        case .json: print(JSONWriter.pretty(inspection))
        case .text: print(SceneInspector.text(inspection))
        }
    }
}
