import KinemaJSON

/// One problem in a scene file: where it is (a JSON path such as `layers[0].animations[1].keyTimes`)
/// and what was expected.
///
/// Lottie files' problems (`LottieProblem`) are the same type, so a Lottie file's problems are a
/// scene's issues as they are.
public typealias SceneIssue = JSONProblem

/// A scene file that cannot be used, with every problem found.
public struct SceneError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The problems, in document order.
    public var issues: [SceneIssue]

    public init(issues: [SceneIssue]) {
        self.issues = issues
    }

    /// One problem per line.
    public var description: String { issues.map(\.description).joined(separator: "\n") }
}

/// Collects problems while a scene is decoded, so that all of them are reported at once, and
/// notes the files the scene names.
final class IssueCollector: JSONProblemReporting {
    private let collector = JSONProblemCollector()
    /// The problems, in the order they were found.
    var issues: [SceneIssue] { collector.problems }
    /// Whether files a scene names (image `contents`) must exist: true for scenes read from disk.
    var checksFiles = false
    /// The files the scene names, resolved, as they are decoded.
    private(set) var namedFiles: Set<String> = []

    /// Notes that the scene names the file at `resolvedPath`.
    func name(file resolvedPath: String) {
        namedFiles.insert(resolvedPath)
    }

    func add(_ path: JSONPath, _ message: String) {
        collector.add(path, message)
    }
}
