import KinemaGeometry

extension PopoverLayout {
    /// Places a popover bubble next to its source: which side, how big, where the body and the
    /// arrow go. A pure function: the same input gives the same placement, bit for bit.
    ///
    /// ## Terms and units
    ///
    /// All lengths are points, in the container's coordinates (y grows downwards). C is the
    /// container's bounds; U, the *usable* rectangle, is C inset by the safe area and then by the
    /// layout margins (UIKit's `popoverLayoutMargins`, default 10); H is C inset by the larger of
    /// safe area and margin on each side (out of the safe area, inside the margin; never smaller
    /// than U). S is the source rectangle,
    /// B the body (a rounded rectangle of corner radius r), `aw` and `ah` the arrow's base and
    /// height, p the arrow padding (straight edge kept between a corner's arc and the arrow's
    /// base), g the gap between the source and the tip. Arrow directions are UIKit's: the arrow
    /// *points* up when the bubble sits below S (other libraries name sides differently: see
    /// docs/popover-notes.md).
    ///
    /// ## One side
    ///
    /// For an arrow pointing up (the others are the same with axes and signs swapped):
    ///
    /// 1. **Size.** The body is the content plus the content insets. Text is laid out with Pango
    ///    wrapped at `min(maxWidth, U.width − insets)` (for a left or right arrow: the space
    ///    beside S, less g and ah, instead of U's width), and rounded up to whole points exactly
    ///    as `Label.sizeThatFits(_:)` does, so a label of the content frame's size draws the
    ///    measured lines. The body is at least `2r` each way and `2r + aw + 2p` along the
    ///    arrow's edge, so the arrow always has a straight edge to sit on.
    /// 2. **Place.** The tip is at `S.maxY + g`, the body starts `ah` below it, centred on
    ///    `S.midX`.
    /// 3. **Shift.** The body moves sideways the least distance that puts it in U (floating-ui's
    ///    `shift`): a body that would cross the margin by d moves by exactly d and lands on it.
    ///    If its edge then misses S entirely (S lies in the margin or a safe area), it moves on,
    ///    just far enough to touch S, when that keeps it in H.
    /// 4. **Tip.** `T.x = S.midX` clamped to `[B.minX, B.maxX]`: the arrow points at the
    ///    source's middle wherever the body's edge reaches it. The base is `aw` long, centred on T
    ///    or, within `aw/2` of the edge's end, flush with it (the arrow leans). Each corner at the
    ///    edge's ends keeps radius r while the base stays p clear of its arc, and otherwise shrinks
    ///    to the base's distance from that end less p, to zero if need be
    ///    (``PopoverPlacement/cornerRadii``): the base always lies on a straight part of the
    ///    outline. A body centred on S never shrinks a corner (it is at least `2r + aw + 2p`
    ///    long); only one pushed against U's edge does. ``PopoverPlacement/arrowReachesSource``
    ///    says whether T lies on S's horizontal extent.
    /// 5. **Fit.** The side fits when the body's back (away from the arrow) lies in U, the body's
    ///    front lies in H, the tip in C, and the tip lies on S's extent: the tip, never the body,
    ///    may cross the margin and the safe area to touch a source there (a tab bar item under a
    ///    home indicator), and the body may come into the margin outside the safe area for it. Its
    ///    *overflow*, in points, is how far the frame breaks these limits along the main axis
    ///    (both ends), plus how much longer than U the body is across it, plus how far the tip
    ///    misses S across: a source outside U prefers the side whose arrow still points at it over
    ///    a side that fits but points at nothing.
    ///
    /// ## Choosing
    ///
    /// Sides are tried in the order of ``PopoverLayoutInput/permittedDirections``: the first
    /// that fits wins, so a fitting side is always chosen when one exists, and among fitting
    /// sides the caller's preference decides. Ties cannot depend on anything but the list. The
    /// list is read as single directions: a set such as `.any` expands in UIKit's bit order
    /// (up, down, left, right), repeats and ``PopoverArrowDirection/unknown`` are dropped, and
    /// an empty list means `.any`.
    ///
    /// ## When nothing fits
    ///
    /// 1. With ``PopoverLayoutInput/canOverlapSourceRect`` and a body (sized as for an up/down
    ///    arrow) that fits U, the bubble is centred on S, moved into U and drawn without an arrow
    ///    (``PopoverArrowDirection/unknown``): the content keeps its size and covers the source.
    /// 2. Otherwise the side with the least overflow wins (ties: the earlier in the list) and is
    ///    shrunk to U: across, to U's length; along the main axis, to the room between the tip
    ///    and U's far edge (the front may come into H as in a fitting side) (when that leaves the arrow and `2r` of body), else to U's length and
    ///    moved into U, in which case the tip leaves S's edge and `arrowReachesSource` is
    ///    `false`. Content that no longer fits is the caller's to clip or scroll
    ///    (``PopoverPlacement/contentFrame`` is the space it has).
    /// 3. Where U cannot hold an arrow at all (less than `2r + aw + 2p` across or `ah` along),
    ///    the bubble has no arrow and is centred on S inside U.
    ///
    /// The bubble therefore never leaves H (nor C), and leaves U only toward the source, whatever the source.
    ///
    /// ## Right to left
    ///
    /// Everything physical stays physical: insets (`EdgeInsets` are left/right, as UIKit's),
    /// up and down, and the output (left and right arrows mean the physical direction). Only
    /// the *preferences* `.left` and `.right` change meaning: in right-to-left layouts `.left`
    /// asks for an arrow toward the leading side (the right) and `.right` toward the trailing
    /// side. Formally the problem is mirrored about C's vertical centre line, solved left to
    /// right, and the placement mirrored back, so `place(mirror(input), .rightToLeft)` equals
    /// `mirror(place(input, .leftToRight))` (invariant 19 of docs/popover-notes.md).
    ///
    /// ## Bad input
    ///
    /// Nothing traps and every output is finite with non-negative sizes. A container, source or
    /// size with a not-a-number field: the container reads as `.zero`, sizes as 0, and a source
    /// that is not a number gives a bubble without an arrow centred in U. Coordinates beyond
    /// ±10⁷ are clamped to it. Negative or not-a-number arrow metrics, radii, gaps, insets and
    /// margins read as 0; a `maxWidth` that is not positive and finite means U's width. Where
    /// the margins leave no room on an axis U drops them (keeping the safe area); where the
    /// safe area leaves none either U is C on that axis: a 20 × 20 container still gets a
    /// 20 × 20 bubble. Empty text measures zero: the body is just the insets and `2r`.
    ///
    /// - Parameter input: the container, source, content and metrics.
    /// - Returns: the chosen arrow direction and the frames, arrow and anchor point.
    public static func place(_ input: PopoverLayoutInput) -> PopoverPlacement {
        let problem = Problem(input)
        guard input.layoutDirection == .rightToLeft else { return solve(problem) }
        return solve(problem.mirrored()).mirrored(problem.mirrorSum)
    }

    /// Places the bubble for a left-to-right problem.
    static func solve(_ p: Problem) -> PopoverPlacement {
        var sizer = Sizer(p)
        guard let source = p.source else {
            return unanchored(centeredOn: Point(x: p.usable.midX, y: p.usable.midY), sizer: &sizer, problem: p)
        }
        var best: Candidate?
        for direction in p.directions {
            let candidate = Candidate(
                direction: direction, body: sizer.body(for: direction, source: source), source: source, problem: p)
            if candidate.overflow == 0 {
                // No overflow includes no miss: the tip is on the source.
                return makePlacement(
                    direction: direction, body: candidate.body, content: candidate.content, tip: candidate.tip, reachesSource: true,
                    textWidth: candidate.textWidth, problem: p)
            }
            if best.map({ candidate.overflow < $0.overflow }) ?? true { best = candidate }
        }
        let center = Point(x: source.midX, y: source.midY)
        if p.canOverlapSourceRect {
            let natural = sizer.body(for: nil, source: source).size
            if natural.width <= p.usable.width, natural.height <= p.usable.height {
                return unanchored(centeredOn: center, sizer: &sizer, problem: p)
            }
        }
        guard let best else { return unanchored(centeredOn: center, sizer: &sizer, problem: p) }
        return shrunk(best, source: source, sizer: &sizer, problem: p)
    }

    /// The best side shrunk into U (fallback 2), or no arrow where U cannot hold one (3).
    static func shrunk(_ c: Candidate, source: Rect, sizer: inout Sizer, problem p: Problem) -> PopoverPlacement {
        let vertical = c.isVertical
        let after = c.isAfter
        let u = Candidate.mainLimits(after: after, vertical: vertical, problem: p)
        let uCross = p.usable.span(vertical: !vertical)
        let crossLength = min(vertical ? c.size.width : c.size.height, uCross.length)
        let mainLength = vertical ? c.size.height : c.size.width
        let across = 2 * p.cornerRadius + p.arrowBase + 2 * p.arrowPadding
        guard crossLength >= across, u.length > p.arrowHeight else {
            return unanchored(centeredOn: Point(x: source.midX, y: source.midY), sizer: &sizer, problem: p)
        }
        let s = source.span(vertical: vertical)
        let sCross = source.span(vertical: !vertical)
        let tipMain = after ? s.hi + p.gap : s.lo - p.gap
        var frameLength = min(mainLength + p.arrowHeight, u.length)
        let room = after ? u.hi - tipMain : tipMain - u.lo
        if room >= min(frameLength, p.arrowHeight + 2 * p.cornerRadius) { frameLength = min(frameLength, room) }
        let ideal = after ? tipMain : tipMain - frameLength
        let lo = min(max(ideal, u.lo), u.hi - frameLength)
        let frame = Span(lo: lo, hi: lo + frameLength)
        // Never negative, even where the frame is only the arrow's height and the sums round
        // below it (found by the placement fuzz target: a body −2·10⁻³¹⁷ points long).
        let bodyMain =
            after
            ? Span(lo: min(frame.lo + p.arrowHeight, frame.hi), hi: frame.hi)
            : Span(lo: frame.lo, hi: max(frame.hi - p.arrowHeight, frame.lo))
        let newTipMain = after ? frame.lo : frame.hi
        let bodyCross = Candidate.reaching(
            Span.shifted(length: crossLength, centeredOn: sCross.mid, into: uCross), source: sCross,
            within: p.reach.span(vertical: !vertical))
        let tipCross = Candidate.tip(toward: sCross.mid, along: bodyCross)
        let tip = vertical ? Point(x: tipCross, y: newTipMain) : Point(x: newTipMain, y: tipCross)
        let reaches = newTipMain == tipMain && sCross.lo <= tipCross && tipCross <= sCross.hi
        return makePlacement(
            direction: c.direction, body: Rect(main: bodyMain, cross: bodyCross, vertical: vertical), content: c.content, tip: tip,
            reachesSource: reaches, textWidth: c.textWidth, problem: p)
    }

    /// A bubble without an arrow, sized as for an up/down arrow, cut to U, centred on `center`
    /// and moved into U.
    static func unanchored(centeredOn center: Point, sizer: inout Sizer, problem p: Problem) -> PopoverPlacement {
        let natural = sizer.body(for: nil, source: nil)
        let u = p.usable
        let x = Span.shifted(length: min(natural.size.width, u.width), centeredOn: center.x, into: Span(lo: u.minX, hi: u.maxX))
        let y = Span.shifted(length: min(natural.size.height, u.height), centeredOn: center.y, into: Span(lo: u.minY, hi: u.maxY))
        return makePlacement(
            direction: nil, body: Rect(main: y, cross: x, vertical: true), content: natural.content, tip: nil, reachesSource: false,
            textWidth: natural.textWidth, problem: p)
    }
}
