import Foundation

/// One pass over a Lottie file's JSON bytes that builds no values: its top-level keys, and the
/// first list of layers (the root's `layers`, or an asset's) at which the layers so far pass
/// ``LottieLimits/maximumLayers``. Parsing 30 MB of a million minimal layers into JSON values
/// took more than a second and 370 MB before the decoder could count them; the scan refuses
/// such a file first, in a few tens of milliseconds.
///
/// It does not check that the JSON is well formed (the parser does, after it): on malformed
/// input it gives whatever it saw.
struct LottieScan {
    /// Whether the document is a JSON object (its first character after whitespace is `{`).
    private(set) var isObject = false
    /// The keys of the top-level object.
    private(set) var topLevelKeys: Set<String> = []
    /// The JSON path of the list of layers at which the file passes the layer limit, or `nil`.
    private(set) var listPassingLayerLimit: String?

    /// A container being read: an object (with the key of the value being read) or a list
    /// (with the index of the element being read, −1 before the first).
    private struct Frame {
        var isList: Bool
        var key: String?
        var index = -1
        var expectsElement = true
        var countsLayers = false
    }

    init(_ data: Data) {
        data.withUnsafeBytes { scan($0) }
    }

    private mutating func scan(_ bytes: UnsafeRawBufferPointer) {
        var stack: [Frame] = []
        var layers = 0
        var i = 0
        let n = bytes.count
        /// In an object: whether the next string is a key.
        var expectsKey = false
        while i < n {
            let c = bytes[i]
            // The start of a value inside a list is one more element.
            if let last = stack.indices.last, stack[last].isList, stack[last].expectsElement,
                c != UInt8(ascii: "]") && c != UInt8(ascii: ",") && !Self.isWhitespace(c)
            {
                stack[last].expectsElement = false
                stack[last].index += 1
                if stack[last].countsLayers {
                    layers += 1
                    if layers > LottieLimits.maximumLayers {
                        listPassingLayerLimit = Self.path(of: stack.dropLast())
                        return
                    }
                }
            }
            switch c {
            case UInt8(ascii: "\""):
                let start = i + 1
                i += 1
                while i < n && bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
                if expectsKey, let last = stack.indices.last {
                    // Keys Lottie reads here are short; a longer one is no key of interest.
                    let length = min(i, n) - start
                    stack[last].key =
                        length <= 16 ? String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<start + length]), as: UTF8.self) : ""
                    if stack.count == 1, let key = stack[last].key { topLevelKeys.insert(key) }
                    expectsKey = false
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isList = c == UInt8(ascii: "[")
                if stack.isEmpty { isObject = !isList }
                var frame = Frame(isList: isList)
                frame.countsLayers = isList && Self.holdsLayers(stack)
                stack.append(frame)
                expectsKey = !isList
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard !stack.isEmpty else { return }
                stack.removeLast()
                if stack.count == 0 { return }
                expectsKey = false
            case UInt8(ascii: ","):
                guard let last = stack.indices.last else { break }
                if stack[last].isList { stack[last].expectsElement = true } else { expectsKey = true }
            default:
                if stack.isEmpty && !Self.isWhitespace(c) { return }
            }
            i += 1
        }
    }

    /// Whether a list opened inside `stack` is a list of layers the decoder reads: the root's
    /// `layers`, or an element of `assets`' `layers`.
    private static func holdsLayers(_ stack: [Frame]) -> Bool {
        guard let last = stack.last, !last.isList, last.key == "layers" else { return false }
        if stack.count == 1 { return true }
        return stack.count == 3 && stack[0].key == "assets" && stack[1].isList
    }

    /// The JSON path of the value the innermost of `frames` is reading.
    private static func path(of frames: ArraySlice<Frame>) -> String {
        var path = ""
        for frame in frames {
            if frame.isList {
                path += "[\(frame.index)]"
            } else if let key = frame.key {
                path += path.isEmpty ? key : "." + key
            }
        }
        return path.isEmpty ? "$" : path
    }

    private static func isWhitespace(_ c: UInt8) -> Bool {
        c == UInt8(ascii: " ") || c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r") || c == UInt8(ascii: "\t")
    }
}
