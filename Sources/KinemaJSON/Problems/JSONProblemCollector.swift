/// Something that records problems at JSON paths while a document is read: a
/// ``JSONProblemCollector``, or a decoder's own collector that keeps more state beside them.
package protocol JSONProblemReporting: AnyObject {
    /// Records that the value at `path` is wrong; `message` says what was expected.
    func add(_ path: JSONPath, _ message: String)
}

/// Collects problems while a JSON document is read, so that all of them are reported at once
/// rather than only the first.
package final class JSONProblemCollector: JSONProblemReporting {
    /// The problems, in the order they were added.
    package private(set) var problems: [JSONProblem] = []

    package init() {}

    package func add(_ path: JSONPath, _ message: String) {
        problems.append(JSONProblem(path: path.description, message: message))
    }
}
