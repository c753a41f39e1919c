import KinemaGeometry
import TestSupport
import Testing

@testable import KinemaUI

/// Worked examples of ``PopoverLayout/place(_:)``, computed by hand from its documented
/// algorithm: the AMPopTip counter-examples listed in docs/popover-notes.md, a deterministic choice
/// with ties, the fallbacks, a 20 × 20 container and right-to-left mirroring.
@Suite("PopoverLayout examples")
struct PopoverLayoutExampleTests {
    struct Example: CustomTestStringConvertible, Sendable {
        var name: String
        var input: PopoverLayoutInput
        var direction: PopoverArrowDirection
        var bubble: Rect
        var tip: Point
        var reaches: Bool
        var testDescription: String { name }
    }

    /// AMPopTip's setting (`setupVertically()` in its `Source/PopTip.swift`): a 375-point-wide
    /// screen, a 162 × 40 bubble below the source (arrow up only), corner radius 4, an 8 × 8 arrow,
    /// no padding, no margins unless given.
    static func ampoptip(source: Rect, margin: Double = 0) -> PopoverLayoutInput {
        var input = PopoverLayoutInput(
            containerBounds: Rect(x: 0, y: 0, width: 375, height: 667), sourceRect: source,
            content: .size(Size(width: 162, height: 40)))
        input.layoutMargins = EdgeInsets(all: margin)
        input.cornerRadius = 4
        input.arrowBase = 8
        input.arrowHeight = 8
        input.arrowPadding = 0
        input.permittedDirections = [.up]
        return input
    }

    /// A 400 × 400 container (margins 10), a 20 × 20 source in the middle, a 100 × 50 bubble:
    /// every side fits.
    static func centred(_ list: [PopoverArrowDirection]) -> PopoverLayoutInput {
        var input = PopoverLayoutInput(
            containerBounds: Rect(x: 0, y: 0, width: 400, height: 400), sourceRect: Rect(x: 190, y: 190, width: 20, height: 20),
            content: .size(Size(width: 100, height: 50)))
        input.permittedDirections = list
        return input
    }

    /// A 300 × 300 container without margins and a source across its whole width: above and
    /// below overflow by 60 each, left and right by 110.
    static func tie(_ list: [PopoverArrowDirection]) -> PopoverLayoutInput {
        var input = PopoverLayoutInput(
            containerBounds: Rect(x: 0, y: 0, width: 300, height: 300), sourceRect: Rect(x: 0, y: 100, width: 300, height: 100),
            content: .size(Size(width: 100, height: 150)))
        input.layoutMargins = .zero
        input.permittedDirections = list
        return input
    }

    /// A 300 × 300 container (margins 10) with a 200 × 200 source: a 150 × 100 bubble fits no side.
    static func crowded(overlap: Bool) -> PopoverLayoutInput {
        var input = PopoverLayoutInput(
            containerBounds: Rect(x: 0, y: 0, width: 300, height: 300), sourceRect: Rect(x: 50, y: 50, width: 200, height: 200),
            content: .size(Size(width: 150, height: 100)))
        input.canOverlapSourceRect = overlap
        return input
    }

    static func sideways(source: Rect, _ direction: PopoverLayoutInput.LayoutDirection) -> PopoverLayoutInput {
        var input = PopoverLayoutInput(
            containerBounds: Rect(x: 0, y: 0, width: 400, height: 300), sourceRect: source, content: .size(Size(width: 80, height: 60)))
        input.permittedDirections = [.left, .right]
        input.layoutDirection = direction
        return input
    }

    static let examples: [Example] = [
        // AMPopTip puts the base over 0…8, inside the 0…4 corner arc: ours points at the source's
        // middle (4) with its base flush on 0…8 and that corner square, so the base is on a
        // straight edge.
        Example(
            name: "AMPopTip S = (0,100,8,8): arrow at the middle, its corner square",
            input: ampoptip(source: Rect(x: 0, y: 100, width: 8, height: 8)),
            direction: .up, bubble: Rect(x: 0, y: 116, width: 162, height: 40), tip: Point(x: 4, y: 108), reaches: true),
        // AMPopTip's tip lands at −6, outside the bubble: ours stays on the body, at its edge
        // (the source lies wholly in the margin, so nothing can reach it).
        Example(
            name: "AMPopTip S = (0,100,8,8), margin 10: arrow stays on the body",
            input: ampoptip(source: Rect(x: 0, y: 100, width: 8, height: 8), margin: 10),
            direction: .up, bubble: Rect(x: 10, y: 116, width: 162, height: 40), tip: Point(x: 10, y: 108), reaches: false),
        // AMPopTip leaves x = 4 (only x < 0 is clamped): ours lands exactly on the margin.
        Example(
            name: "AMPopTip S.midX = 85, margin 10: body exactly on the margin",
            input: ampoptip(source: Rect(x: 81, y: 100, width: 8, height: 8), margin: 10),
            direction: .up, bubble: Rect(x: 10, y: 116, width: 162, height: 40), tip: Point(x: 85, y: 108), reaches: true),
        Example(
            name: "every side fits: the first preference (up) wins", input: centred(PopoverArrowDirection.allDirections),
            direction: .up, bubble: Rect(x: 150, y: 220, width: 100, height: 50), tip: Point(x: 200, y: 210), reaches: true),
        Example(
            name: "every side fits, reversed list: right wins", input: centred([.right, .left, .down, .up]),
            direction: .right, bubble: Rect(x: 80, y: 175, width: 100, height: 50), tip: Point(x: 190, y: 200), reaches: true),
        Example(
            name: "empty list reads as .any", input: centred([]),
            direction: .up, bubble: Rect(x: 150, y: 220, width: 100, height: 50), tip: Point(x: 200, y: 210), reaches: true),
        Example(
            name: "set entries expand in bit order", input: centred([[.left, .down]]),
            direction: .down, bubble: Rect(x: 150, y: 130, width: 100, height: 50), tip: Point(x: 200, y: 190), reaches: true),
        // Nothing fits; up and down overflow by 60 each: the earlier wins and shrinks into the
        // 100 points below the source.
        Example(
            name: "no side fits, tie: up (earlier) shrinks to the room below", input: tie(PopoverArrowDirection.allDirections),
            direction: .up, bubble: Rect(x: 100, y: 210, width: 100, height: 90), tip: Point(x: 150, y: 200), reaches: true),
        Example(
            name: "no side fits, tie: down (earlier) shrinks to the room above", input: tie([.down, .up]),
            direction: .down, bubble: Rect(x: 100, y: 0, width: 100, height: 90), tip: Point(x: 150, y: 100), reaches: true),
        Example(
            name: "no side fits, overlap allowed: centred on the source, no arrow", input: crowded(overlap: true),
            direction: .unknown, bubble: Rect(x: 75, y: 100, width: 150, height: 100), tip: Point(x: 150, y: 150), reaches: false),
        Example(
            name: "no side fits, no overlap: up shrinks to the 40 points below", input: crowded(overlap: false),
            direction: .up, bubble: Rect(x: 75, y: 260, width: 150, height: 30), tip: Point(x: 150, y: 250), reaches: true),
        Example(
            name: "20 × 20 container: margins dropped, no room for an arrow",
            input: PopoverLayoutInput(
                containerBounds: Rect(x: 0, y: 0, width: 20, height: 20), sourceRect: Rect(x: 5, y: 5, width: 10, height: 10),
                content: .size(Size(width: 100, height: 100))),
            direction: .unknown, bubble: Rect(x: 0, y: 0, width: 20, height: 20), tip: Point(x: 10, y: 10), reaches: false),
        Example(
            name: "LTR, prefer .left: bubble right of the source",
            input: sideways(source: Rect(x: 100, y: 100, width: 20, height: 20), .leftToRight),
            direction: .left, bubble: Rect(x: 130, y: 80, width: 80, height: 60), tip: Point(x: 120, y: 110), reaches: true),
        // The mirror image: `.left` means "toward the leading side", which is now the right.
        Example(
            name: "RTL, prefer .left: the mirror image", input: sideways(source: Rect(x: 280, y: 100, width: 20, height: 20), .rightToLeft),
            direction: .right, bubble: Rect(x: 190, y: 80, width: 80, height: 60), tip: Point(x: 280, y: 110), reaches: true),
        Example(
            name: "zero-size source: the tip is on the point",
            input: PopoverLayoutInput(
                containerBounds: Rect(x: 0, y: 0, width: 400, height: 400), sourceRect: Rect(x: 200, y: 100, width: 0, height: 0),
                content: .size(Size(width: 100, height: 50))),
            direction: .up, bubble: Rect(x: 150, y: 110, width: 100, height: 50), tip: Point(x: 200, y: 100), reaches: true),
        // Below the container: the bubble above it stays in U and its tip, pointing toward the
        // source, reaches into the margin as far as the container's edge (the tip may cross the
        // margin, never the container).
        Example(
            name: "source below the container: body inside U, arrow detached at the container's edge",
            input: PopoverLayoutInput(
                containerBounds: Rect(x: 0, y: 0, width: 400, height: 400), sourceRect: Rect(x: 100, y: 450, width: 20, height: 20),
                content: .size(Size(width: 100, height: 50))),
            direction: .down, bubble: Rect(x: 60, y: 340, width: 100, height: 50), tip: Point(x: 110, y: 400), reaches: false),
        // A tab bar item in the bottom safe area (U ends at 667 − 34 − 10 = 623, H at 667 − 34 =
        // 633): above it, the body may come down to H and the tip cross the safe area's edge, so
        // the 10-point arrow touches the item's top at 640 with the body ending at 630.
        Example(
            name: "tab bar item in the safe area: the tip crosses into it and touches the item",
            input: {
                var input = PopoverLayoutInput(
                    containerBounds: Rect(x: 0, y: 0, width: 375, height: 667), sourceRect: Rect(x: 150, y: 640, width: 50, height: 27),
                    content: .size(Size(width: 100, height: 50)))
                input.safeAreaInsets = EdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
                return input
            }(),
            direction: .down, bubble: Rect(x: 125, y: 580, width: 100, height: 50), tip: Point(x: 175, y: 640), reaches: true),
        Example(
            name: "source not a number: no arrow, centred in U",
            input: PopoverLayoutInput(
                containerBounds: Rect(x: 0, y: 0, width: 400, height: 300), sourceRect: Rect(x: .nan, y: 0, width: 10, height: 10),
                content: .size(Size(width: 100, height: 50))),
            direction: .unknown, bubble: Rect(x: 150, y: 125, width: 100, height: 50), tip: Point(x: 200, y: 150), reaches: false),
    ]

    @Test("worked examples", arguments: examples)
    func workedExample(_ example: Example) {
        let p = PopoverLayout.place(example.input)
        #expect(p.arrowDirection == example.direction)
        #expect(p.bubbleFrame == example.bubble)
        #expect(p.arrowTip == example.tip)
        #expect(p.arrowReachesSource == example.reaches)
        #expect(
            PopoverLayoutInvariantTests.violations(example.input, p).isEmpty, "\(PopoverLayoutInvariantTests.violations(example.input, p))")
    }

    @Test("AMPopTip S = (0,100,8,8): base 0…8 flush with the square top-left corner, offset −77 from the frame's centre")
    func ampoptipArrowBase() {
        let p = PopoverLayout.place(Self.ampoptip(source: Rect(x: 0, y: 100, width: 8, height: 8)))
        #expect(p.arrowBase == [Point(x: 0, y: 116), Point(x: 8, y: 116)])
        #expect(p.cornerRadii == PopoverCornerRadii(topLeft: 0, topRight: 4, bottomRight: 4, bottomLeft: 4))
        #expect(p.frame == Rect(x: 0, y: 108, width: 162, height: 48))
        #expect(p.arrowOffset == -77)
        #expect(p.tipAnchorPoint == Point(x: 4.0 / 162, y: 0))
    }

    /// AMPopTip's `arrowOffset / arrowOffset` is always 1, so ±200 give the same arrow.
    /// Ours: sources mirrored about the screen's centre give offsets of opposite sign and equal
    /// size, clamped or not.
    @Test("arrowOffset keeps its sign: mirrored sources give ± the same offset", arguments: [(20.0, 66.0), (0, 81), (80, 6), (150, 0)])
    func offsetSymmetry(x: Double, expected: Double) {
        let leftSource = Rect(x: x, y: 300, width: x == 0 ? 4 : 10, height: 10)
        let rightSource = Rect(x: 375 - leftSource.maxX, y: 300, width: leftSource.width, height: 10)
        let left = PopoverLayout.place(Self.ampoptip(source: leftSource, margin: 10))
        let right = PopoverLayout.place(Self.ampoptip(source: rightSource, margin: 10))
        #expect(left.arrowOffset == -expected)
        #expect(right.arrowOffset == expected)
        #expect(left.arrowDirection == .up && right.arrowDirection == .up)
    }

    @Test("text: wrapped at maxWidth in whole points, the content frame is the measured box")
    func textContent() {
        var input = PopoverLayoutInput(
            containerBounds: Rect(x: 0, y: 0, width: 375, height: 667), sourceRect: Rect(x: 170, y: 100, width: 30, height: 30),
            content: .text(
                "Tap the button to continue to the next step", style: TextStyle(fontName: "DejaVu Sans", fontSize: 15), maxWidth: 120.5))
        input.contentInsets = EdgeInsets(all: 8)
        let p = PopoverLayout.place(input)
        #expect(p.arrowDirection == .up)
        #expect(p.textWidth.map { $0 <= 120 && $0 == $0.rounded() } == true)
        #expect(p.contentFrame.width == p.textWidth)
        #expect(p.contentFrame.height > 15 * 2, "wraps to several lines: \(p.contentFrame)")
        #expect(p.bubbleFrame.width == p.contentFrame.width + 16)
        var empty = input
        empty.content = .text("", style: TextStyle(), maxWidth: 200)
        let e = PopoverLayout.place(empty)
        // Empty text: the insets, at least 2r tall and 2r + aw + 2p wide.
        #expect(e.bubbleFrame.size == Size(width: 48, height: 20))
        #expect(e.contentFrame.size == Size(width: 0, height: 0))
    }
}

/// Invariant 8 (docs/popover-notes.md) across processes and machines: 500 generated placements of
/// sized content (no fonts involved) hash to a recorded value. A deliberate change of the algorithm
/// updates it.
@Suite("PopoverLayout determinism")
struct PopoverLayoutDeterminismTests {
    static let expectedHash: UInt64 = 4_113_379_766_187_481_270

    @Test("500 sized placements hash to the recorded value")
    func determinismHash() {
        var g = SeededGenerator(seed: 2026)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ value: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) {
                hash = (hash ^ ((value >> UInt64(shift)) & 0xff)) &* 0x100_0000_01b3
            }
        }
        for _ in 0..<500 {
            let p = PopoverLayout.place(PopoverLayoutFixture.input(&g, textShare: 0))
            mix(UInt64(p.arrowDirection.rawValue))
            for r in [p.frame, p.bubbleFrame, p.contentFrame] {
                for v in [r.minX, r.minY, r.width, r.height] { mix(v.bitPattern) }
            }
            for v in [p.arrowTip.x, p.arrowTip.y, p.arrowOffset] + p.arrowBase.flatMap({ [$0.x, $0.y] }) { mix(v.bitPattern) }
            mix(p.arrowReachesSource ? 1 : 0)
            for v in p.cornerRadii.all { mix(v.bitPattern) }
        }
        #expect(hash == Self.expectedHash, "actual hash: \(hash)")
    }
}
