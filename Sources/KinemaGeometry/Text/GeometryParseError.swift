/// A problem found while parsing geometry text: a CSS transform list, SVG path data or a hex
/// colour.
///
/// The ``message`` names what was expected and quotes the offending text, for example
/// `scale expects 1 or 2 numbers, got 3` or `path data at 7: expected a number after 'L'`.
public struct GeometryParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A one-line explanation naming what was expected and what was found.
    public var message: String
    /// The 0-based offset, in UTF-8 code units, of the offending text in the input, when known.
    public var offset: Int?

    /// Creates an error with a message and an optional input offset.
    public init(_ message: String, offset: Int? = nil) {
        self.message = message
        self.offset = offset
    }

    public var description: String { message }
}
