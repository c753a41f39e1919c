extension Rect {
    /// The rectangle with each edge moved inwards by the matching inset (`CGRect.inset(by:)`).
    ///
    /// Works on the ``standardized`` rectangle: the origin moves by `(left, top)` and the size
    /// shrinks by `(left + right, top + bottom)`. As in UIKit, insets larger than the rectangle
    /// give a negative width or height rather than an empty rectangle.
    public func inset(by insets: EdgeInsets) -> Rect {
        let s = standardized
        return Rect(
            x: s.minX + insets.left,
            y: s.minY + insets.top,
            width: s.width - insets.horizontal,
            height: s.height - insets.vertical)
    }
}
