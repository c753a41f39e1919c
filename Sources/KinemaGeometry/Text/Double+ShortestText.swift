extension Double {
    /// The shortest text that parses back to exactly this value (CSS and SVG number syntax):
    /// integers without a fraction (`"100"`, not `"100.0"`), `"0"` for negative zero, and
    /// an exponent where Swift's shortest representation uses one (`"1e-05"`).
    /// Non-finite values (never produced by this module) are written as `"0"`.
    var shortestText: String {
        guard isFinite else { return "0" }
        if self == 0 { return "0" }
        var s = description
        if s.hasSuffix(".0") { s.removeLast(2) }
        return s
    }
}
