import ArgumentParser
import KinemaScenes

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
        try checkPlayable(document, to: sampleTimes.max(), option: times != nil ? "--times" : "--range")
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
