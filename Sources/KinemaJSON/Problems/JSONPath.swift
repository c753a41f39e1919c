/// A location in a JSON document, written as Kinema's errors print it:
/// `layers[0].animations[1].keyTimes`.
///
/// Keys are joined by dots from the first one (no leading `$.`), indexes are in brackets, and
/// the document itself is `$`. A key that is not only ASCII letters, digits and `_` is written
/// as a quoted JSON string in brackets, so that any key reads back unambiguously:
///
///     JSONPath.root                                  // $
///     JSONPath.root.key("layers").index(0)           // layers[0]
///     JSONPath.root.key("views").key("my view")      // views["my view"]
package struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    private var parts: [String] = []

    /// The document itself, written `$`.
    package static let root = JSONPath()

    /// The member `key` of the object at this path.
    package func key(_ key: String) -> JSONPath {
        var path = self
        let isSimple =
            !key.isEmpty
            && key.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
        path.parts.append(isSimple ? (parts.isEmpty ? key : "." + key) : "[" + JSONWriter.quoted(key) + "]")
        return path
    }

    /// The element at `index` (from 0) of the array at this path.
    package func index(_ index: Int) -> JSONPath {
        var path = self
        path.parts.append("[\(index)]")
        return path
    }

    /// `$` for the root, else the path as errors print it.
    package var description: String { parts.isEmpty ? "$" : parts.joined() }
}
