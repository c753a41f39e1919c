import ArgumentParser
import KinemaScenes

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a scene or Lottie file; print ok, or every problem with its JSON path.",
        discussion: """
            For a Lottie file, ok is followed by one line per feature that is not drawn ("not drawn: PATH: \
            WHAT"); the rest of the animation still plays. For a scene with constraints, ok is followed by one \
            line per layout problem ("warning: PATH: WHAT"): a constraint the layout breaks, or a view whose \
            constraints leave its frame undetermined; the scene still plays, so the status stays 0.
            """)

    @OptionGroup var source: SceneSource

    func run() throws {
        let loaded = try source.loadSource()
        print("ok")
        switch loaded {
        case .lottie(let animation):
            for feature in animation.unsupportedFeatures { print("not drawn: \(feature)") }
        case .scene(let document):
            for warning in document.layoutWarnings() { print("warning: \(warning)") }
        }
    }
}
