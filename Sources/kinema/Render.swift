import ArgumentParser

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Render a scene to images or video (not supported yet).")

    @OptionGroup var source: SceneSource

    func run() throws {
        _ = try source.load()
        throw CommandFailure(message: "error: rendering is not supported yet (the renderer is not built)")
    }
}
