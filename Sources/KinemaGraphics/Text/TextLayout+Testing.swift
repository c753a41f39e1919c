import KinemaGeometry

extension TextLayout {
    /// Each line's logical rectangle relative to the drawing origin, in points, top to bottom.
    package var lineFrames: [Rect] { lineRects }
}
