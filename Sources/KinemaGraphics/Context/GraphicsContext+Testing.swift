import CCairo

extension GraphicsContext {
    /// cairo's error, or `nil` while the context is healthy. cairo draws nothing after an error,
    /// and the wrapper should never cause one; tests check that it does not.
    package var cairoError: String? {
        let status = cairo_status(cr)
        guard status != CAIRO_STATUS_SUCCESS else { return nil }
        return cairo_status_to_string(status).map { String(cString: $0) } ?? "cairo status \(status.rawValue)"
    }
}
