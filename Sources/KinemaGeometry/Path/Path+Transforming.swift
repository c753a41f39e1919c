extension Path {
    /// The path with every point mapped by `transform` (`CGPath.copy(using:)`). Elements that
    /// map to non-finite coordinates are dropped.
    public func applying(_ transform: AffineTransform) -> Path {
        Path(elements: elements.map { $0.mapPoints { $0.applying(transform) } })
    }
}
