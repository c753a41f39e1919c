import ArgumentParser

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a scene or Lottie file; print ok, or every problem with its JSON path.",
        discussion: """
            For a Lottie file, ok is followed by one line per feature that is not drawn ("not drawn: PATH: \
            WHAT"); the rest of the animation still plays.
            """)

    @OptionGroup var source: SceneSource

    func run() throws {
        let loaded = try source.loadSource()
        print("ok")
        if case .lottie(let animation) = loaded {
            for feature in animation.unsupportedFeatures { print("not drawn: \(feature)") }
        }
    }
}
