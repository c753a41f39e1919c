/// One problem in a JSON document: where it is (a JSON path such as
/// `layers[0].animations[1].keyTimes`, or `$` for the document itself) and what was expected.
///
/// Scene files report these as `SceneIssue`s and Lottie files as `LottieProblem`s: both names
/// stand for this type.
public struct JSONProblem: Hashable, Sendable, CustomStringConvertible {
    /// The JSON path of the offending value (`$` for the document itself), written as
    /// `JSONPath` prints it: keys from the root joined by dots, indexes in brackets.
    public var path: String
    /// What is wrong and what was expected.
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`.
    public var description: String { "\(path): \(message)" }
}
