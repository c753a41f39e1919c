import KinemaGeometry
import KinemaGraphics
import TestSupport

@testable import KinemaUI

/// Generated popover inputs and independent checks of the invariants in docs/popover-notes.md.
///
/// Every generated number is a multiple of 1/4 within a few thousand points, so the engine's
/// sums and differences are exact and mirrored inputs give bit-for-bit mirrored outputs.
enum PopoverLayoutFixture {
    static let texts = [
        "", "OK", "Tap here", "Tap the button to continue",
        "Drag the slider to change the volume, then tap Done to keep it.",
        "チュートリアル：ボタンをタップしてください。次へ進みます。",
        "Supercalifragilisticexpialidocious antidisestablishmentarianism",
        String(repeating: "word ", count: 40),
    ]

    /// A multiple of 1/4 in `range`.
    static func quarter(_ range: ClosedRange<Double>, _ g: inout SeededGenerator) -> Double {
        let steps = Int(((range.upperBound - range.lowerBound) * 4).rounded(.down))
        return range.lowerBound + Double(Int.random(in: 0...max(steps, 0), using: &g)) / 4
    }

    static func insets(_ max: Double, _ g: inout SeededGenerator) -> EdgeInsets {
        if Int.random(in: 0..<3, using: &g) == 0 { return .zero }
        return EdgeInsets(top: quarter(0...max, &g), left: quarter(0...max, &g), bottom: quarter(0...max, &g), right: quarter(0...max, &g))
    }

    /// A random, well-formed input: containers from tiny to large, sources anywhere (inside,
    /// touching or crossing an edge, outside), sized content or text, assorted metrics and
    /// direction lists. `textShare` of the cases carry text (the costly part).
    static func input(_ g: inout SeededGenerator, textShare: Int = 3) -> PopoverLayoutInput {
        let tiny = Int.random(in: 0..<12, using: &g) == 0
        let cw = tiny ? quarter(0...40, &g) : quarter(120...1200, &g)
        let ch = tiny ? quarter(0...40, &g) : quarter(120...1000, &g)
        let container = Rect(x: quarter(-50...50, &g), y: quarter(-50...50, &g), width: cw, height: ch)
        let sw = Int.random(in: 0..<6, using: &g) == 0 ? 0 : quarter(0...min(300, cw + 40), &g)
        let sh = Int.random(in: 0..<6, using: &g) == 0 ? 0 : quarter(0...min(200, ch + 40), &g)
        var sx = quarter((container.minX - 120)...(container.maxX + 60), &g)
        var sy = quarter((container.minY - 120)...(container.maxY + 60), &g)
        switch Int.random(in: 0..<8, using: &g) {
        case 0: sx = container.minX
        case 1: sx = container.maxX - sw
        case 2: sy = container.minY
        case 3: sy = container.maxY - sh
        default: break
        }
        let content: PopoverLayoutInput.Content
        if Int.random(in: 0..<10, using: &g) < textShare {
            let text = texts[Int.random(in: 0..<texts.count, using: &g)]
            let style = TextStyle(fontName: "DejaVu Sans", fontSize: quarter(10...24, &g))
            let maxWidth = Int.random(in: 0..<8, using: &g) == 0 ? Double.infinity : quarter(20...400, &g)
            content = .text(text, style: style, maxWidth: maxWidth)
        } else {
            content = .size(Size(width: quarter(0...500, &g), height: quarter(0...400, &g)))
        }
        var input = PopoverLayoutInput(
            containerBounds: container, sourceRect: Rect(x: sx, y: sy, width: sw, height: sh), content: content)
        input.safeAreaInsets = insets(60, &g)
        input.layoutMargins = Int.random(in: 0..<2, using: &g) == 0 ? EdgeInsets(all: 10) : insets(24, &g)
        input.contentInsets = insets(16, &g)
        input.arrowBase = quarter(0...30, &g)
        input.arrowHeight = quarter(0...20, &g)
        input.cornerRadius = quarter(0...20, &g)
        input.arrowPadding = quarter(0...8, &g)
        input.gap = Int.random(in: 0..<2, using: &g) == 0 ? 0 : quarter(0...12, &g)
        input.canOverlapSourceRect = Bool.random(using: &g)
        input.layoutDirection = Bool.random(using: &g) ? .leftToRight : .rightToLeft
        var list = PopoverArrowDirection.allDirections.filter { _ in Int.random(in: 0..<4, using: &g) != 0 }
        list.shuffle(using: &g)
        switch Int.random(in: 0..<10, using: &g) {
        case 0: list = []
        case 1: list = [.any]
        default: break
        }
        input.permittedDirections = list
        return input
    }

    /// U as `place(_:)` documents it: inset by safe area and margins, else the safe area alone,
    /// else the container, per axis.
    static func usable(_ input: PopoverLayoutInput) -> Rect {
        let c = input.containerBounds.standardized
        let s = input.safeAreaInsets
        let m = input.layoutMargins
        func axis(_ lo: Double, _ hi: Double, _ a: Double, _ b: Double, _ ma: Double, _ mb: Double) -> (Double, Double) {
            if lo + a + ma < hi - b - mb { return (lo + a + ma, hi - b - mb) }
            if lo + a < hi - b { return (lo + a, hi - b) }
            return (lo, hi)
        }
        let x = axis(c.minX, c.maxX, s.left, s.right, m.left, m.right)
        let y = axis(c.minY, c.maxY, s.top, s.bottom, m.top, m.bottom)
        return Rect(x: x.0, y: y.0, width: x.1 - x.0, height: y.1 - y.0)
    }

    /// H as `place(_:)` documents it: the container inset by the larger of safe area and margin
    /// per side, never smaller than U. The body may reach into it on the arrow's side only.
    static func reach(_ input: PopoverLayoutInput) -> Rect {
        let c = input.containerBounds.standardized
        let u = usable(input)
        let s = input.safeAreaInsets
        let m = input.layoutMargins
        let x0 = min(u.minX, c.minX + max(s.left, m.left))
        let x1 = max(u.maxX, c.maxX - max(s.right, m.right))
        let y0 = min(u.minY, c.minY + max(s.top, m.top))
        let y1 = max(u.maxY, c.maxY - max(s.bottom, m.bottom))
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Where the body of a placement with an arrow pointing `direction` may lie: H (so that the
    /// tip can touch a source in the margin or the safe area), except at its back, away from the
    /// arrow, where it stays in U.
    static func allowedBody(_ input: PopoverLayoutInput, _ direction: PopoverArrowDirection) -> Rect {
        let u = usable(input)
        let h = reach(input)
        var (x0, y0, x1, y1) = (h.minX, h.minY, h.maxX, h.maxY)
        switch direction {
        case .up: y1 = u.maxY
        case .down: y0 = u.minY
        case .left: x1 = u.maxX
        case .right: x0 = u.minX
        default: (x0, y0, x1, y1) = (u.minX, u.minY, u.maxX, u.maxY)
        }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The input mirrored left to right about the container's centre line: source mirrored,
    /// physical insets swapped; with `swappingPreferences`, `.left` and `.right` swap in the list.
    static func mirrored(_ input: PopoverLayoutInput, swappingPreferences: Bool) -> PopoverLayoutInput {
        var m = input
        let c = input.containerBounds.standardized
        let sum = c.minX + c.maxX
        let s = input.sourceRect.standardized
        m.sourceRect = Rect(x: sum - s.maxX, y: s.minY, width: s.width, height: s.height)
        func swap(_ i: EdgeInsets) -> EdgeInsets { EdgeInsets(top: i.top, left: i.right, bottom: i.bottom, right: i.left) }
        m.safeAreaInsets = swap(input.safeAreaInsets)
        m.layoutMargins = swap(input.layoutMargins)
        m.contentInsets = swap(input.contentInsets)
        if swappingPreferences {
            // Sets expand in bit order (up, down, left, right) before swapping, as `place` reads them.
            var singles: [PopoverArrowDirection] = []
            for d in input.permittedDirections where d != .unknown {
                for e in PopoverArrowDirection.allDirections where d.contains(e) && !singles.contains(e) { singles.append(e) }
            }
            if singles.isEmpty { singles = PopoverArrowDirection.allDirections }
            m.permittedDirections = singles.map { $0 == .left ? .right : $0 == .right ? .left : $0 }
        }
        return m
    }

    /// The placement mirrored left to right about `sum / 2` (what a mirrored input must give).
    static func mirrored(_ p: PopoverPlacement, sum: Double) -> PopoverPlacement {
        func rect(_ r: Rect) -> Rect { Rect(x: sum - r.maxX, y: r.minY, width: r.width, height: r.height) }
        var d = p.arrowDirection
        if d == .left {
            d = .right
        } else if d == .right {
            d = .left
        }
        let vertical = d == .up || d == .down
        var base = p.arrowBase.map { Point(x: sum - $0.x, y: $0.y) }
        if vertical { base.reverse() }
        return PopoverPlacement(
            arrowDirection: d, frame: rect(p.frame), bubbleFrame: rect(p.bubbleFrame), contentFrame: rect(p.contentFrame),
            arrowTip: Point(x: sum - p.arrowTip.x, y: p.arrowTip.y), arrowBase: base,
            arrowOffset: vertical ? -p.arrowOffset : p.arrowOffset, arrowReachesSource: p.arrowReachesSource, textWidth: p.textWidth,
            cornerRadii: PopoverCornerRadii(
                topLeft: p.cornerRadii.topRight, topRight: p.cornerRadii.topLeft, bottomRight: p.cornerRadii.bottomLeft,
                bottomLeft: p.cornerRadii.bottomRight))
    }

    static let eps = 1e-6

    static func contains(_ outer: Rect, _ inner: Rect) -> Bool {
        inner.minX >= outer.minX - eps && inner.maxX <= outer.maxX + eps && inner.minY >= outer.minY - eps
            && inner.maxY <= outer.maxY + eps
    }

    /// The wrapped style the engine measures with (a label with `numberOfLines = 0`).
    static func wrapped(_ style: TextStyle) -> TextStyle {
        var s = style
        s.isWrapped = true
        return s
    }

    /// Whether `p` is an unshrunk placement on its side: arrow present, tip `gap` beyond the
    /// source's edge and on its extent, body clear of the source, body in U (or, on the arrow's
    /// side, in H) and frame in the container, the content at its full size and the body at
    /// least its documented minimum.
    static func fits(_ input: PopoverLayoutInput, _ p: PopoverPlacement) -> Bool {
        let d = p.arrowDirection
        guard d != .unknown else { return false }
        let s = input.sourceRect.standardized
        let g = input.gap
        let tipOnEdge: Bool
        switch d {
        case .up: tipOnEdge = p.arrowTip.y == s.maxY + g
        case .down: tipOnEdge = p.arrowTip.y == s.minY - g
        case .left: tipOnEdge = p.arrowTip.x == s.maxX + g
        default: tipOnEdge = p.arrowTip.x == s.minX - g
        }
        let tipCross = d == .up || d == .down ? p.arrowTip.x : p.arrowTip.y
        let onSource = d == .up || d == .down ? s.minX <= tipCross && tipCross <= s.maxX : s.minY <= tipCross && tipCross <= s.maxY
        guard tipOnEdge, onSource, contains(allowedBody(input, d), p.bubbleFrame), contains(input.containerBounds.standardized, p.frame)
        else { return false }
        let b = p.bubbleFrame
        let overlaps = b.minX < s.maxX && s.minX < b.maxX && b.minY < s.maxY && s.minY < b.maxY
        guard !overlaps else { return false }
        let r2 = 2 * input.cornerRadius
        let across = r2 + input.arrowBase + 2 * input.arrowPadding
        let vertical = d == .up || d == .down
        guard b.width >= (vertical ? across : r2), b.height >= (vertical ? r2 : across) else { return false }
        let i = input.contentInsets
        switch input.content {
        case .size(let size):
            return b.width >= size.width + i.horizontal && b.height >= size.height + i.vertical
        case .text(let text, let style, _):
            let drawn = TextLayout(text: text, style: wrapped(style), width: p.contentFrame.width).size
            return drawn.width.rounded(.up) <= p.contentFrame.width && drawn.height.rounded(.up) <= p.contentFrame.height
        }
    }
}
