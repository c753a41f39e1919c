import KinemaGeometry
import KinemaGraphics
import TestSupport
import Testing

@testable import KinemaUI

/// The placement engine's invariants (numbered as in docs/popover-notes.md), over
/// seeded random inputs: among them the bubble inside the container inset by the safe area and
/// margins, the arrow on a straight edge (a corner shrinks for it) and touching its source (the
/// body may cross into the margin band outside the safe area on the arrow's side), the first
/// permitted side that fits chosen, fitting text wrapped inside the body, and mirrored inputs
/// giving mirrored placements. A failure names the seed, the case index and the input, so
/// `PopoverLayoutFixture.input` reproduces it.
@Suite("PopoverLayout invariants")
struct PopoverLayoutInvariantTests {
    typealias F = PopoverLayoutFixture
    static let casesPerSeed = 250
    static let seeds: [UInt64] = [1, 2, 3, 4, 5, 6, 7, 8]

    /// The invariants one placement must satisfy on its own: 1–6, 10–12.
    static func violations(_ input: PopoverLayoutInput, _ p: PopoverPlacement) -> [String] {
        var bad: [String] = []
        func check(_ ok: Bool, _ what: @autoclosure () -> String) { if !ok { bad.append(what()) } }
        let eps = F.eps
        let rects = [p.frame, p.bubbleFrame, p.contentFrame]
        let numbers = rects.flatMap { [$0.minX, $0.minY, $0.width, $0.height] } + [p.arrowTip.x, p.arrowTip.y, p.arrowOffset]
        check(numbers.allSatisfy(\.isFinite) && p.arrowBase.allSatisfy(\.isFinite), "10: not finite")
        check(rects.allSatisfy { $0.width >= 0 && $0.height >= 0 }, "10: negative size")
        let u = F.usable(input)
        let c = input.containerBounds.standardized
        if p.arrowDirection == .unknown {
            check(F.contains(u, p.frame) && F.contains(c, p.frame), "1/10: frame \(p.frame) leaves U \(u)")
        } else {
            let allowed = F.allowedBody(input, p.arrowDirection)
            check(F.contains(allowed, p.bubbleFrame), "1: body \(p.bubbleFrame) leaves U/H \(allowed)")
            check(F.contains(c, p.frame), "1/10: frame \(p.frame) leaves the container \(c)")
        }
        check(F.contains(p.frame, p.bubbleFrame) && F.contains(p.bubbleFrame, p.contentFrame), "6: frame ⊉ bubble ⊉ content")
        let a = p.tipAnchorPoint
        check((0...1).contains(a.x) && (0...1).contains(a.y), "12: anchor \(a) outside the frame")
        let b = p.bubbleFrame
        let s = input.sourceRect.standardized
        guard p.arrowDirection != .unknown else {
            check(p.arrowBase.isEmpty && p.arrowOffset == 0 && !p.arrowReachesSource, "no arrow: base/offset/reaches")
            check(abs(p.arrowTip.x - b.midX) <= eps && abs(p.arrowTip.y - b.midY) <= eps, "no arrow: tip ≠ centre")
            check(p.frame == p.bubbleFrame, "no arrow: frame ≠ bubble")
            return bad
        }
        let d = p.arrowDirection
        let vertical = d == .up || d == .down
        let ah = input.arrowHeight
        let aw = input.arrowBase
        let r = input.cornerRadius
        let pad = input.arrowPadding
        // 6 and 12: the frame is the body plus exactly the arrow's height on the arrow side.
        let expectedFrame: Rect
        let tipMain: Double
        switch d {
        case .up:
            expectedFrame = Rect(x: b.minX, y: b.minY - ah, width: b.width, height: b.height + ah)
            tipMain = b.minY - ah
        case .down:
            expectedFrame = Rect(x: b.minX, y: b.minY, width: b.width, height: b.height + ah)
            tipMain = b.maxY + ah
        case .left:
            expectedFrame = Rect(x: b.minX - ah, y: b.minY, width: b.width + ah, height: b.height)
            tipMain = b.minX - ah
        default:
            expectedFrame = Rect(x: b.minX, y: b.minY, width: b.width + ah, height: b.height)
            tipMain = b.maxX + ah
        }
        check(isClose(p.frame, expectedFrame, eps), "6/12: frame \(p.frame) ≠ body + arrow \(expectedFrame)")
        check(abs((vertical ? p.arrowTip.y : p.arrowTip.x) - tipMain) <= eps, "12: tip not ah from the body")
        let tipCross = vertical ? p.arrowTip.x : p.arrowTip.y
        let edge = vertical ? (b.minX, b.maxX) : (b.minY, b.maxY)
        let sMid = vertical ? s.midX : s.midY
        let sSpan = vertical ? (s.minX, s.maxX) : (s.minY, s.maxY)
        // Corner radii: the input's radius (at most half the body) everywhere but the two ends of
        // the arrow's edge.
        let rEff = min(r, b.width / 2, b.height / 2)
        let radii = p.cornerRadii
        let ends: (lo: Double, hi: Double)
        let others: [Double]
        switch d {
        case .up: (ends, others) = ((radii.topLeft, radii.topRight), [radii.bottomLeft, radii.bottomRight])
        case .down: (ends, others) = ((radii.bottomLeft, radii.bottomRight), [radii.topLeft, radii.topRight])
        case .left: (ends, others) = ((radii.topLeft, radii.bottomLeft), [radii.topRight, radii.bottomRight])
        default: (ends, others) = ((radii.topRight, radii.bottomRight), [radii.topLeft, radii.bottomLeft])
        }
        check(others.allSatisfy { abs($0 - rEff) <= eps }, "4: corners away from the arrow \(radii) ≠ \(rEff)")
        check(ends.lo >= 0 && ends.lo <= rEff + eps && ends.hi >= 0 && ends.hi <= rEff + eps, "4: radii \(radii) outside 0…\(rEff)")
        // 12: the base is aw long, on the body's edge, centred on the tip unless that leaves the edge.
        check(p.arrowBase.count == 2, "12: base has \(p.arrowBase.count) points")
        if p.arrowBase.count == 2 {
            let (b0, b1) = (p.arrowBase[0], p.arrowBase[1])
            let c0 = vertical ? b0.x : b0.y
            let c1 = vertical ? b1.x : b1.y
            let centred = min(max(tipCross - aw / 2, edge.0), edge.1 - aw)
            check(abs(c1 - c0 - aw) <= eps && abs(c0 - centred) <= eps, "12: base \(p.arrowBase) vs aw \(aw), tip \(tipCross)")
            check(c0 <= tipCross + eps && tipCross <= c1 + eps, "12: tip \(tipCross) beside its base \(c0)…\(c1)")
            // 4 (amended): the base lies on a straight part of the outline, between the arcs of
            // the corners as drawn, and a corner shrinks only where its full arc (plus the
            // padding) would have reached the base.
            check(
                c0 >= edge.0 + ends.lo - eps && c1 <= edge.1 - ends.hi + eps, "4: base \(c0)…\(c1) in a corner of \(edge), radii \(radii)")
            if ends.lo < rEff - eps { check(c0 < edge.0 + rEff + pad + eps, "4: corner shrunk without need: \(radii)") }
            if ends.hi < rEff - eps { check(c1 > edge.1 - rEff - pad - eps, "4: corner shrunk without need: \(radii)") }
            if ends.lo > eps { check(c0 >= edge.0 + ends.lo + pad - eps, "4: arc \(ends.lo) within the padding of the base") }
            if ends.hi > eps { check(c1 <= edge.1 - ends.hi - pad + eps, "4: arc \(ends.hi) within the padding of the base") }
        }
        // 3 and 5 (amended): the tip is on the source's middle wherever the body's edge reaches
        // it, else at the edge's end nearest to it. Exactly: generated values are multiples of
        // 1/4, so every step is exact arithmetic.
        check(tipCross == min(max(sMid, edge.0), edge.1), "3/5: tip \(tipCross) ≠ source middle \(sMid) clamped to \(edge)")
        // 2 and 5: across, the body is centred on the source or stops exactly at U's edge.
        let uEdge = vertical ? (u.minX, u.maxX) : (u.minY, u.maxY)
        let len = edge.1 - edge.0
        if len < uEdge.1 - uEdge.0 - eps {
            let mid = (edge.0 + edge.1) / 2
            let centred = abs(mid - sMid) <= eps
            let onLow = abs(edge.0 - uEdge.0) <= eps && sMid < mid
            let onHigh = abs(edge.1 - uEdge.1) <= eps && sMid > mid
            // Or moved on, past U into H, just far enough to reach the source (or to H's edge).
            let h = vertical ? (F.reach(input).minX, F.reach(input).maxX) : (F.reach(input).minY, F.reach(input).maxY)
            let reachingLow = edge.0 < uEdge.0 - eps && (abs(edge.0 - sSpan.1) <= eps || abs(edge.0 - h.0) <= eps)
            let reachingHigh = edge.1 > uEdge.1 + eps && (abs(edge.1 - sSpan.0) <= eps || abs(edge.1 - h.1) <= eps)
            check(
                centred || onLow || onHigh || reachingLow || reachingHigh,
                "2/5: body \(edge) neither centred on \(sMid) nor on U's edge \(uEdge)")
        }
        let frameMid = vertical ? p.frame.midX : p.frame.midY
        check(abs(p.arrowOffset - (tipCross - frameMid)) <= eps, "12: arrowOffset \(p.arrowOffset)")
        if p.arrowReachesSource {
            check(tipCross >= sSpan.0 - eps && tipCross <= sSpan.1 + eps, "5: reaches but tip off the source")
        }
        // 11: width limits.
        // (For left and right arrows the width runs along the main axis, where the body may reach
        // into H on the arrow's side.)
        check(
            b.width <= F.allowedBody(input, d).width + eps && b.height <= F.allowedBody(input, d).height + eps, "11: body larger than U/H")
        if case .text(let text, let style, let maxWidth) = input.content, let w = p.textWidth, w > maxWidth + eps {
            // Only where Pango itself cannot stay within the width (a trailing space or a glyph
            // wider than it): the text measured at the whole-point max width is already wider.
            let wrap = maxWidth.rounded(.down)
            let alone = TextLayout(text: text, style: F.wrapped(style), width: wrap).size.width
            check(alone > wrap, "11: text width \(w) > maxWidth \(maxWidth)")
        }
        return bad
    }

    /// Whether two placements agree: exact direction and flags, geometry within `eps`.
    static func agree(_ a: PopoverPlacement, _ b: PopoverPlacement) -> Bool {
        let eps = F.eps
        guard a.arrowDirection == b.arrowDirection, a.arrowReachesSource == b.arrowReachesSource,
            a.arrowBase.count == b.arrowBase.count, a.textWidth == b.textWidth,
            zip(a.cornerRadii.all, b.cornerRadii.all).allSatisfy({ abs($0 - $1) <= eps })
        else { return false }
        return isClose(a.frame, b.frame, eps) && isClose(a.bubbleFrame, b.bubbleFrame, eps)
            && isClose(a.contentFrame, b.contentFrame, eps) && isClose(a.arrowTip, b.arrowTip, eps)
            && zip(a.arrowBase, b.arrowBase).allSatisfy { isClose($0, $1, eps) } && abs(a.arrowOffset - b.arrowOffset) <= eps
    }

    @Test("invariants 1–6, 10–12 hold for every generated input", arguments: seeds)
    func singlePlacementInvariants(seed: UInt64) {
        var g = SeededGenerator(seed: seed)
        var failures: [String] = []
        var seen: [String: Int] = [:]
        for index in 0..<Self.casesPerSeed {
            let input = F.input(&g)
            let placement = PopoverLayout.place(input)
            seen[placement.arrowDirection.description, default: 0] += 1
            if placement.arrowDirection != .unknown, !placement.arrowReachesSource { seen["detached", default: 0] += 1 }
            if F.fits(input, placement) { seen["fits", default: 0] += 1 }
            let bad = Self.violations(input, placement)
            if !bad.isEmpty { failures.append("seed \(seed) case \(index): \(bad) input \(input) → \(placement)") }
            // 8: the same input gives the same placement, bit for bit.
            if PopoverLayout.place(input) != placement { failures.append("seed \(seed) case \(index): 8: not deterministic") }
        }
        // The generator reaches every branch: each side, no arrow, a detached arrow, and fits.
        for key in ["up", "down", "left", "right", "none", "detached", "fits"] {
            #expect(seen[key, default: 0] >= 3, "seed \(seed): only \(seen[key, default: 0]) cases of \(key): \(seen)")
        }
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(3))")
    }

    @Test("invariant 11: fitting text wraps inside the body, and the drawn box equals the measured one", arguments: seeds)
    func textFitsTheBody(seed: UInt64) {
        var g = SeededGenerator(seed: seed &+ 100)
        var failures: [String] = []
        var checked = 0
        for index in 0..<Self.casesPerSeed / 2 {
            let input = F.input(&g, textShare: 10)
            let p = PopoverLayout.place(input)
            guard case .text(let text, let style, _) = input.content, F.fits(input, p), let wrap = p.textWidth else { continue }
            checked += 1
            let measured = TextLayout(text: text, style: F.wrapped(style), width: wrap).size
            let drawn = TextLayout(text: text, style: F.wrapped(style), width: p.contentFrame.width).size
            if measured != drawn || drawn.width > wrap + F.eps {
                failures.append("seed \(seed) case \(index): measured \(measured) at \(wrap) ≠ drawn \(drawn) at \(p.contentFrame.width)")
            }
        }
        #expect(checked > Self.casesPerSeed / 10, "too few fitting text cases: \(checked)")
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(3))")
    }

    @Test("invariant 9: a permitted side that fits is chosen, the first in the list that fits", arguments: seeds)
    func fitAwareChoice(seed: UInt64) {
        var g = SeededGenerator(seed: seed &+ 200)
        var failures: [String] = []
        var fitting = 0
        for index in 0..<Self.casesPerSeed / 2 {
            var input = F.input(&g, textShare: 2)
            input.layoutDirection = .leftToRight
            let chosen = PopoverLayout.place(input)
            let list = PopoverLayout.Problem.singleDirections(input.permittedDirections)
            let fitsAlone = list.map { d -> Bool in
                var solo = input
                solo.permittedDirections = [d]
                return F.fits(solo, PopoverLayout.place(solo))
            }
            guard let first = fitsAlone.firstIndex(of: true) else {
                if F.fits(input, chosen) { failures.append("seed \(seed) case \(index): fits although no side fits alone") }
                continue
            }
            fitting += 1
            if chosen.arrowDirection != list[first] || !F.fits(input, chosen) {
                failures.append("seed \(seed) case \(index): chose \(chosen.arrowDirection), first fitting is \(list[first]): \(input)")
            }
        }
        #expect(fitting > Self.casesPerSeed / 10, "too few fitting cases: \(fitting)")
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(3))")
    }

    @Test("invariants 7 and 19: mirrored input gives the mirrored placement, LTR with swapped preferences and RTL", arguments: seeds)
    func mirroring(seed: UInt64) {
        var g = SeededGenerator(seed: seed &+ 300)
        var failures: [String] = []
        for index in 0..<Self.casesPerSeed / 2 {
            var input = F.input(&g, textShare: 2)
            input.layoutDirection = .leftToRight
            let c = input.containerBounds.standardized
            let expected = F.mirrored(PopoverLayout.place(input), sum: c.minX + c.maxX)
            // 7: the mirror image in the same layout direction (left and right preferences swapped):
            // arrowOffset changes sign for up/down arrows and keeps its magnitude.
            let mirror = PopoverLayout.place(F.mirrored(input, swappingPreferences: true))
            if !Self.agree(mirror, expected) { failures.append("seed \(seed) case \(index): 7: \(mirror) ≠ \(expected)") }
            // 19: right to left, same preference list: `.left` now means "toward the leading side".
            var rtl = F.mirrored(input, swappingPreferences: false)
            rtl.layoutDirection = .rightToLeft
            let flipped = PopoverLayout.place(rtl)
            if !Self.agree(flipped, expected) { failures.append("seed \(seed) case \(index): 19: \(flipped) ≠ \(expected)") }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(3))")
    }

    @Test(
        "hostile input: NaN, infinities, negatives, huge values, empty lists give a finite placement inside the container", arguments: seeds
    )
    func hostileInput(seed: UInt64) {
        var g = SeededGenerator(seed: seed &+ 400)
        let wild: [Double] = [.nan, .infinity, -.infinity, -1, -1e300, 1e300, 0, -0.0, .leastNonzeroMagnitude, 1e7, 3]
        func w(_ fallback: Double) -> Double {
            Int.random(in: 0..<3, using: &g) == 0 ? wild[Int.random(in: 0..<wild.count, using: &g)] : fallback
        }
        var failures: [String] = []
        for index in 0..<Self.casesPerSeed / 2 {
            var input = F.input(&g, textShare: 1)
            let c = input.containerBounds
            let s = input.sourceRect
            input.containerBounds = Rect(x: c.minX, y: c.minY, width: w(c.width), height: w(c.height))
            input.sourceRect = Rect(x: w(s.minX), y: w(s.minY), width: w(s.width), height: w(s.height))
            if case .size(let size) = input.content { input.content = .size(Size(width: w(size.width), height: w(size.height))) }
            if case .text(let t, let style, let m) = input.content { input.content = .text(t, style: style, maxWidth: w(m)) }
            input.safeAreaInsets.top = w(input.safeAreaInsets.top)
            input.layoutMargins.left = w(input.layoutMargins.left)
            input.contentInsets.right = w(input.contentInsets.right)
            input.arrowBase = w(input.arrowBase)
            input.arrowHeight = w(input.arrowHeight)
            input.cornerRadius = w(input.cornerRadius)
            input.arrowPadding = w(input.arrowPadding)
            input.gap = w(input.gap)
            if Int.random(in: 0..<4, using: &g) == 0 { input.permittedDirections = [.unknown] }
            let p = PopoverLayout.place(input)
            let rects = [p.frame, p.bubbleFrame, p.contentFrame]
            let numbers = rects.flatMap { [$0.minX, $0.minY, $0.width, $0.height] } + [p.arrowTip.x, p.arrowTip.y, p.arrowOffset]
            var ok = numbers.allSatisfy(\.isFinite) && p.arrowBase.allSatisfy(\.isFinite)
            ok = ok && rects.allSatisfy { $0.width >= 0 && $0.height >= 0 }
            let container = input.containerBounds
            if container.isFinite, container.width.magnitude < 1e7, container.height.magnitude < 1e7 {
                ok = ok && F.contains(container.standardized, p.frame)
            }
            if !ok { failures.append("seed \(seed) case \(index): \(input) → \(p)") }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(3))")
    }
}
