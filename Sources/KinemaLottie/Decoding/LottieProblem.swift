import KinemaJSON

/// One thing wrong with, or not drawn from, a Lottie file, at its JSON path (`layers[2].ks.p`,
/// or `$` for the whole file), written as scene files' paths are: keys from the root joined by
/// dots, list indices in brackets.
///
/// The same type as scene files' `SceneIssue`.
public typealias LottieProblem = JSONProblem

/// A Lottie file that cannot be played: every problem found, each with its JSON path.
public struct LottieError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The problems, in file order (at least one).
    public var problems: [LottieProblem]

    public init(problems: [LottieProblem]) {
        self.problems = problems
    }

    public init(_ path: String, _ message: String) {
        problems = [LottieProblem(path: path, message: message)]
    }

    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
