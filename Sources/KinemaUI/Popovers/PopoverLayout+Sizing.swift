import KinemaGeometry
import KinemaGraphics

extension PopoverLayout {
    /// A body size, the content's size within it, and the width its text is laid out at
    /// (`nil` for sized content).
    struct BodySize {
        var size: Size
        var textWidth: Double?
        /// The content's own size (for text, the measured box rounded up to whole points).
        var content: Size

        init(size: Size, textWidth: Double?) {
            self.size = size
            self.textWidth = textWidth
            content = size
        }
    }

    /// Measures the body for each side: text for up/down arrows (and no arrow) is measured once
    /// and shared, text beside the source once per side.
    struct Sizer {
        let problem: Problem
        private var vertical: BodySize?

        init(_ problem: Problem) { self.problem = problem }

        /// The body for an arrow pointing `direction`, or for no arrow (`nil`): content plus
        /// content insets, at least `2 r` each way and, across the arrow, `2 r + aw + 2 p`.
        ///
        /// Text is wrapped at `min(maxWidth, W − insets)`, where W is U's width for up/down arrows
        /// and no arrow, and, for left/right arrows, the space beside the source minus gap and
        /// arrow height (capped at U's width). A side with less than 1 point for the text is
        /// sized as up/down: it will not fit there and its overflow says by how much.
        mutating func body(for direction: PopoverArrowDirection?, source: Rect?) -> BodySize {
            let p = problem
            let u = p.usable
            var available = u.width
            var isSide = false
            if let source, direction == .left || direction == .right {
                let space = direction == .left ? u.maxX - source.maxX : source.minX - u.minX
                available = min(u.width, space - p.gap - p.arrowHeight)
                isSide = true
            }
            var body: BodySize
            switch p.content {
            case .size(let size):
                body = BodySize(size: size, textWidth: nil)
            case .text(let text, let style, let maxWidth):
                let wrap = min(maxWidth ?? .infinity, available - p.contentInsets.horizontal)
                if isSide, wrap >= 1 {
                    body = Self.measure(text, style, width: wrap)
                } else {
                    body = verticalBody(text, style, maxWidth)
                }
            }
            let r2 = 2 * p.cornerRadius
            let across = r2 + p.arrowBase + 2 * p.arrowPadding
            var w = min(body.size.width + p.contentInsets.horizontal, Problem.limit)
            var h = min(body.size.height + p.contentInsets.vertical, Problem.limit)
            w = max(w, r2)
            h = max(h, r2)
            if direction == .up || direction == .down { w = max(w, across) }
            if direction == .left || direction == .right { h = max(h, across) }
            body.size = Size(width: w, height: h)
            return body
        }

        /// The text's size for up/down arrows (and no arrow), measured once.
        private mutating func verticalBody(_ text: String, _ style: TextStyle, _ maxWidth: Double?) -> BodySize {
            if let vertical { return vertical }
            let wrap = max(1, min(maxWidth ?? .infinity, problem.usable.width - problem.contentInsets.horizontal))
            let made = Self.measure(text, style, width: wrap)
            vertical = made
            return made
        }

        /// The text's box wrapped at `width` (rounded down to whole points), rounded up to whole
        /// points, and the width a label must have to draw exactly these lines: what
        /// `Label.sizeThatFits(_:)` gives for a label with `numberOfLines = 0`.
        ///
        /// A label of the returned size lays the text out again at the rounded-up width; where
        /// that width differs from the wrap width, the text is measured once more at it and the
        /// two must agree (lines that rewrap, such as a word wider than the wrap width, are
        /// measured again at the new width, up to three times).
        static func measure(_ text: String, _ style: TextStyle, width: Double) -> BodySize {
            var wrap = max(1, width.rounded(.down))
            guard !text.isEmpty else { return BodySize(size: .zero, textWidth: wrap) }
            var measured = TextLayout(text: text, style: style, width: wrap).size
            for _ in 0..<3 {
                let drawn = measured.width.rounded(.up)
                guard drawn.isFinite, drawn != wrap else { break }
                let again = TextLayout(text: text, style: style, width: drawn).size
                wrap = drawn
                if again == measured { break }
                measured = again
            }
            let w = measured.width.rounded(.up)
            let h = measured.height.rounded(.up)
            let size = Size(width: w.isFinite ? min(max(w, 0), Problem.limit) : 0, height: h.isFinite ? min(max(h, 0), Problem.limit) : 0)
            return BodySize(size: size, textWidth: wrap)
        }
    }
}
