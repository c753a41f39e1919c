extension Path: Codable {
    /// Decodes a path from a string of SVG path data (``init(svgData:)``).
    ///
    /// A malformed string throws `DecodingError.dataCorrupted` whose debug description is the
    /// ``GeometryParseError`` message, so scene files report the JSON path and the position.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(svgData: text)
        } catch let error as GeometryParseError {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
        }
    }

    /// Encodes the path as its SVG path data (``svgData``).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(svgData)
    }
}
