import ArgumentParser

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a scene file; print ok, or every problem with its JSON path.")

    @OptionGroup var source: SceneSource

    func run() throws {
        _ = try source.load()
        print("ok")
    }
}
