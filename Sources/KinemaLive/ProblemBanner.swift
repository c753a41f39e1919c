import KinemaGeometry
import KinemaGraphics

/// The banner a live window shows while the scene file's last save cannot be used: a red bar
/// across the top with the first problem and how many there are.
struct ProblemBanner {
    let problems: [String]

    /// The banner's height, points.
    static let height = 44.0
    /// Its colour.
    static let color = Color(red: 0.75, green: 0.1, blue: 0.1, alpha: 0.95)

    /// The banner's text: the first problem, and the count when there are more.
    var text: String {
        let first = problems.first ?? ""
        return problems.count > 1 ? "\(first) (1 of \(problems.count) problems)" : first
    }

    /// Draws the banner over the top of `bitmap` (drawn at `scale` pixels per point, `width`
    /// points wide).
    func draw(on bitmap: Bitmap, scale: Double, width: Double) {
        let context = GraphicsContext(bitmap: bitmap)
        context.scaleBy(x: scale, y: scale)
        context.fill(Rect(x: 0, y: 0, width: width, height: Self.height), color: Self.color)
        let style = TextStyle(fontName: "Sans Bold", fontSize: 12, color: .white, truncation: .end)
        let layout = TextLayout(text: text, style: style, width: width - 16, maximumHeight: Self.height - 8)
        context.drawText(layout, at: Point(x: 8, y: 4))
        context.flush()
    }
}
