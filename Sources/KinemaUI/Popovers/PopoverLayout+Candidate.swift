import KinemaGeometry

extension PopoverLayout {
    /// One side tried by the solver: the body placed for an arrow pointing `direction`, and how
    /// far it (with its arrow) leaves U.
    struct Candidate {
        var direction: PopoverArrowDirection
        var body: Rect
        var tip: Point
        var textWidth: Double?
        /// The natural body size, before any shrinking.
        var size: Size
        /// The content's size.
        var content: Size
        /// Points of the frame outside U along the main axis (both ends), plus the body's excess
        /// length across it, plus how far the tip misses the source's extent across; 0 when the
        /// side fits.
        var overflow: Double

        /// Whether the arrow's main axis is y (up and down arrows).
        var isVertical: Bool { direction == .up || direction == .down }
        /// Whether the bubble comes after the source along the main axis (below or to the right).
        var isAfter: Bool { direction == .up || direction == .left }

        /// Places a body of `body` size for an arrow pointing `direction` at `source`: the tip
        /// `gap` beyond the source's edge, the body `arrowHeight` beyond the tip, centred across
        /// on the source's middle, then moved across the least distance into U.
        init(direction: PopoverArrowDirection, body bodySize: BodySize, source: Rect, problem p: Problem) {
            self.direction = direction
            textWidth = bodySize.textWidth
            size = bodySize.size
            content = bodySize.content
            let vertical = direction == .up || direction == .down
            let after = direction == .up || direction == .left
            let mainLength = vertical ? size.height : size.width
            let crossLength = vertical ? size.width : size.height
            let s = source.span(vertical: vertical)
            let sCross = source.span(vertical: !vertical)
            let uCross = p.usable.span(vertical: !vertical)
            let tipMain = after ? s.hi + p.gap : s.lo - p.gap
            let frame =
                after
                ? Span(lo: tipMain, hi: tipMain + p.arrowHeight + mainLength)
                : Span(lo: tipMain - p.arrowHeight - mainLength, hi: tipMain)
            let bodyMain =
                after ? Span(lo: tipMain + p.arrowHeight, hi: frame.hi) : Span(lo: frame.lo, hi: tipMain - p.arrowHeight)
            let bodyCross = Self.reaching(
                Span.shifted(length: crossLength, centeredOn: sCross.mid, into: uCross), source: sCross,
                within: p.reach.span(vertical: !vertical))
            overflow = Self.mainOverflow(frame: frame, after: after, vertical: vertical, problem: p)
            overflow += max(0, crossLength - uCross.length)
            body = Rect(main: bodyMain, cross: bodyCross, vertical: vertical)
            let tipCross = Self.tip(toward: sCross.mid, along: bodyCross)
            overflow += max(0, sCross.lo - tipCross) + max(0, tipCross - sCross.hi)
            tip = vertical ? Point(x: tipCross, y: tipMain) : Point(x: tipMain, y: tipCross)
        }

        /// The tip's coordinate across: `value` (the source's middle) clamped to the body's edge.
        /// Where that puts the arrow near a corner, the corner shrinks (``edgeArrow(toward:along:arrowBase:cornerRadius:padding:)``).
        static func tip(toward value: Double, along edge: Span) -> Double {
            edge.lo <= edge.hi ? min(max(value, edge.lo), edge.hi) : edge.mid
        }

        /// `body` (across, already in U) moved the least distance toward a source it misses that
        /// makes its edge reach the source's extent, when that stays in H: a body leaves U across
        /// (into the margin outside the safe area) only so that the tip touches the source, and
        /// stays put when even H cannot reach it.
        static func reaching(_ body: Span, source: Span, within h: Span) -> Span {
            var shift = 0.0
            if body.hi < source.lo, source.lo <= h.hi {
                shift = source.lo - body.hi
            } else if body.lo > source.hi, source.hi >= h.lo {
                shift = source.hi - body.lo
            }
            return Span(lo: body.lo + shift, hi: body.hi + shift)
        }

        /// How far a frame on the main axis breaks its limits, points: its far end (the body's
        /// back) must stay in U; on the arrow's side the tip must stay in the container and the
        /// body in H, so the tip (never the body) may cross the margin and the safe area to touch
        /// a source there.
        static func mainOverflow(frame: Span, after: Bool, vertical: Bool, problem p: Problem) -> Double {
            let u = p.usable.span(vertical: vertical)
            let h = p.reach.span(vertical: vertical)
            let c = p.container.span(vertical: vertical)
            let ah = p.arrowHeight
            if after {
                return max(0, c.lo - frame.lo, h.lo - (frame.lo + ah)) + max(0, frame.hi - u.hi)
            }
            return max(0, frame.hi - c.hi, (frame.hi - ah) - h.hi) + max(0, u.lo - frame.lo)
        }

        /// The frame's allowed extent on the main axis: U, extended on the arrow's side as far as
        /// the tip may go (the container, with the body still in H).
        static func mainLimits(after: Bool, vertical: Bool, problem p: Problem) -> Span {
            let u = p.usable.span(vertical: vertical)
            let h = p.reach.span(vertical: vertical)
            let c = p.container.span(vertical: vertical)
            let ah = p.arrowHeight
            return after ? Span(lo: min(u.lo, max(c.lo, h.lo - ah)), hi: u.hi) : Span(lo: u.lo, hi: max(u.hi, min(c.hi, h.hi + ah)))
        }
    }

    /// The placement of `body` holding `content` with an arrow pointing `direction` whose tip
    /// is `tip`, or with no arrow (`direction == nil`, the tip is the body's centre).
    ///
    /// The content frame is the content's size centred in the body inset by the content insets
    /// (cut to that area when the body was shrunk): text is drawn exactly as wide as it was
    /// measured even where the body is wider (its minimum size for corners and arrow).
    static func makePlacement(
        direction: PopoverArrowDirection?, body: Rect, content size: Size, tip: Point?, reachesSource: Bool, textWidth: Double?,
        problem p: Problem
    ) -> PopoverPlacement {
        let i = p.contentInsets
        let x = contentSpan(size.width, in: Span(lo: body.minX, hi: body.maxX), insets: i.left, i.right)
        let y = contentSpan(size.height, in: Span(lo: body.minY, hi: body.maxY), insets: i.top, i.bottom)
        let content = Rect(main: y, cross: x, vertical: true)
        let r = min(p.cornerRadius, body.width / 2, body.height / 2)
        guard let direction, let tip else {
            return PopoverPlacement(
                arrowDirection: .unknown, frame: body, bubbleFrame: body, contentFrame: content,
                arrowTip: Point(x: body.midX, y: body.midY), arrowBase: [], arrowOffset: 0, arrowReachesSource: false,
                textWidth: textWidth, cornerRadii: PopoverCornerRadii(all: r))
        }
        let vertical = direction == .up || direction == .down
        let arrow = edgeArrow(
            toward: vertical ? tip.x : tip.y, along: body.span(vertical: !vertical), arrowBase: p.arrowBase, cornerRadius: r,
            padding: p.arrowPadding)
        let frame: Rect
        let base: [Point]
        let offset: Double
        switch direction {
        case .up:
            frame = Rect(x: body.minX, y: tip.y, width: body.width, height: body.maxY - tip.y)
            base = [Point(x: arrow.base.lo, y: body.minY), Point(x: arrow.base.hi, y: body.minY)]
            offset = tip.x - frame.midX
        case .down:
            frame = Rect(x: body.minX, y: body.minY, width: body.width, height: tip.y - body.minY)
            base = [Point(x: arrow.base.lo, y: body.maxY), Point(x: arrow.base.hi, y: body.maxY)]
            offset = tip.x - frame.midX
        case .left:
            frame = Rect(x: tip.x, y: body.minY, width: body.maxX - tip.x, height: body.height)
            base = [Point(x: body.minX, y: arrow.base.lo), Point(x: body.minX, y: arrow.base.hi)]
            offset = tip.y - frame.midY
        default:
            frame = Rect(x: body.minX, y: body.minY, width: tip.x - body.minX, height: body.height)
            base = [Point(x: body.maxX, y: arrow.base.lo), Point(x: body.maxX, y: arrow.base.hi)]
            offset = tip.y - frame.midY
        }
        return PopoverPlacement(
            arrowDirection: direction, frame: frame, bubbleFrame: body, contentFrame: content, arrowTip: tip,
            arrowBase: base, arrowOffset: offset, arrowReachesSource: reachesSource, textWidth: textWidth,
            cornerRadii: cornerRadii(arrow, direction: direction, cornerRadius: r))
    }
}

extension PopoverLayout {
    /// One axis of the content frame: `length` centred in `body` less the insets, cut to it.
    /// Insets longer than the body share it in proportion, leaving an empty span.
    static func contentSpan(_ length: Double, in body: Span, insets lo: Double, _ hi: Double) -> Span {
        let room = body.length - lo - hi
        guard room >= 0 else {
            let at = body.lo + body.length * (lo / (lo + hi))
            return Span(lo: at, hi: at)
        }
        let l = min(length, room)
        let start = body.lo + lo + (room - l) / 2
        return Span(lo: start, hi: start + l)
    }
}
