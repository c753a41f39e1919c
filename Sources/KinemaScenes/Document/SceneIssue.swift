/// One problem in a scene file: where it is (a JSON path such as `layers[0].animations[1].keyTimes`)
/// and what was expected.
public struct SceneIssue: Hashable, Sendable, CustomStringConvertible {
    /// The JSON path of the offending value (`$` for the document itself).
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

/// Collects problems while a scene is decoded, so that all of them are reported at once.
final class IssueCollector {
    private(set) var issues: [SceneIssue] = []
    /// Whether files a scene names (image `contents`) must exist: true for scenes read from disk.
    var checksFiles = false
    /// The files the scene names, resolved, as they are decoded.
    private(set) var namedFiles: Set<String> = []

    /// Notes that the scene names the file at `resolvedPath`.
    func name(file resolvedPath: String) {
        namedFiles.insert(resolvedPath)
    }

    func add(_ path: JSONPath, _ message: String) {
        issues.append(SceneIssue(path: path.description, message: message))
    }
}

/// A location in a JSON document, written `layers[0].animations[1].keyTimes`.
struct JSONPath: CustomStringConvertible {
    private var parts: [String] = []

    static let root = JSONPath()

    func key(_ k: String) -> JSONPath {
        var p = self
        let simple =
            !k.isEmpty
            && k.unicodeScalars.allSatisfy { ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") && $0.isASCII }
        p.parts.append(simple ? (parts.isEmpty ? k : "." + k) : "[" + JSONWriter.quoted(k) + "]")
        return p
    }

    func index(_ i: Int) -> JSONPath {
        var p = self
        p.parts.append("[\(i)]")
        return p
    }

    var description: String { parts.isEmpty ? "$" : parts.joined() }
}

/// The closest candidate to `word` by edit distance, if it is close enough to be a likely typo.
func suggestion(for word: String, among candidates: [String]) -> String? {
    func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            previous = current
        }
        return previous[b.count]
    }
    let w = Array(word.lowercased())
    let scored = candidates.map { ($0, distance(w, Array($0.lowercased()))) }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    let limit = max(2, w.count / 3)
    return best.1 <= limit ? best.0 : nil
}
