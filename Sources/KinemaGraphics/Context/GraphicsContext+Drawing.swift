import KinemaGeometry

extension GraphicsContext {
    /// Plays back every command of `drawing` (what a layer's `draw(in:)` recorded) onto this
    /// context, in order, as if each had been called directly.
    ///
    /// The playback runs inside its own saved state: the drawing's transforms, clips and alpha
    /// end with it, and an unmatched `restore` in the drawing never pops state saved outside it.
    /// Commands map to calls as follows: `.text(string, style, in: rect)` lays the string out
    /// with a ``TextLayout`` of the rectangle's width (and its height as the maximum height for
    /// truncation) and draws it at the rectangle's origin; `.image(source:in:)` draws
    /// `images(source)` with bilinear filtering, or nothing when that returns `nil`.
    ///
    /// - Parameters:
    ///   - drawing: the recorded commands, in the context's current user space.
    ///   - images: looks up the bitmap for an image command's source (a PNG path, as recorded).
    public func draw(_ drawing: Drawing, images: (String) -> Bitmap?) {
        let depth = savedStateCount
        saveGState()
        for command in drawing.commands {
            switch command {
            case .save: saveGState()
            case .restore: if savedStateCount > depth + 1 { restoreGState() }
            case .concatenate(let t): concatenate(t)
            case .setAlpha(let a): setAlpha(a)
            case .setBlendMode(let mode): setBlendMode(mode)
            case .clip(let path, let rule): clip(to: path, rule: rule)
            case .fill(let path, let color, let rule): fill(path, color: color, rule: rule)
            case .stroke(let path, let color, let style): stroke(path, color: color, style: style)
            case .linearGradient(let g, let start, let end): fillLinearGradient(g, start: start, end: end)
            case .radialGradient(let g, let c0, let r0, let c1, let r1):
                fillRadialGradient(g, startCenter: c0, startRadius: r0, endCenter: c1, endRadius: r1)
            case .image(let source, let rect):
                if let image = images(source) { draw(image, in: rect) }
            case .text(let string, let style, let rect):
                guard rect.isFinite else { continue }
                let box = rect.standardized
                let layout = TextLayout(text: string, style: style, width: box.width, maximumHeight: box.height)
                drawText(layout, at: box.origin)
            }
        }
        while savedStateCount > depth { restoreGState() }
    }
}
