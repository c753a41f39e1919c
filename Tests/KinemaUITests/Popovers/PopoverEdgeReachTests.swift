import KinemaGeometry
import KinemaLayers
import TestSupport
import Testing

@testable import KinemaUI

/// Narrow sources (a back button, a toolbar icon, a tab bar item) against every edge and corner
/// of a phone screen, for every arrow direction that has room: the tip touches the source, the
/// base lies on a straight part of the outline (a corner shrinks for it), the bubble stays inside
/// the window inset by the margin and out of the safe area, and the placement invariants hold.
@Suite("Popover arrows reach narrow sources at edges and corners")
struct PopoverEdgeReachTests {
    /// Where a source sits: against one edge (at its middle) or in one corner.
    enum Spot: String, CaseIterable, Sendable {
        case top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight

        var touchesLeft: Bool { self == .left || self == .topLeft || self == .bottomLeft }
        var touchesRight: Bool { self == .right || self == .topRight || self == .bottomRight }
        var touchesTop: Bool { self == .top || self == .topLeft || self == .topRight }
        var touchesBottom: Bool { self == .bottom || self == .bottomLeft || self == .bottomRight }

        /// The directions that have room: not the one that would put the bubble beyond the edge
        /// the source touches (an up arrow puts the bubble below the source).
        var directions: [PopoverArrowDirection] {
            PopoverArrowDirection.allDirections.filter { d in
                !(d == .up && touchesBottom) && !(d == .down && touchesTop) && !(d == .left && touchesRight)
                    && !(d == .right && touchesLeft)
            }
        }

        func source(_ size: Size, in c: Rect) -> Rect {
            let x = touchesLeft ? c.minX : touchesRight ? c.maxX - size.width : c.midX - size.width / 2
            let y = touchesTop ? c.minY : touchesBottom ? c.maxY - size.height : c.midY - size.height / 2
            return Rect(x: x, y: y, width: size.width, height: size.height)
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let size: Size
        let spot: Spot
        let direction: PopoverArrowDirection
        /// A bottom safe area (under a tab bar), points. At 20, the 20-point source flush with the
        /// bottom edge starts exactly where the bubble must stop (667 − 20): the deepest a side
        /// arrow can reach, since its tip stays within the body's extent.
        let safeBottom: Double
        var testDescription: String {
            "\(Int(size.width))×\(Int(size.height)) \(spot.rawValue) \(direction) safe bottom \(Int(safeBottom))"
        }
    }

    static let sizes = [Size(width: 30, height: 30), Size(width: 20, height: 20), Size(width: 10, height: 44)]
    static let cases: [Case] = [0.0, 20].flatMap { safe in
        sizes.flatMap { size in
            Spot.allCases.flatMap { spot in spot.directions.map { Case(size: size, spot: spot, direction: $0, safeBottom: safe) } }
        }
    }

    /// The usual styling: margins 10, corner radius 10, arrow 20 × 10, padding 4 (the default
    /// popover background's metrics), a 160 × 60 bubble.
    static func input(_ c: Case) -> PopoverLayoutInput {
        let container = Rect(x: 0, y: 0, width: 375, height: 667)
        var input = PopoverLayoutInput(
            containerBounds: container, sourceRect: c.spot.source(c.size, in: container), content: .size(Size(width: 160, height: 60)))
        input.safeAreaInsets = EdgeInsets(top: 0, left: 0, bottom: c.safeBottom, right: 0)
        input.permittedDirections = [c.direction]
        input.arrowBase = PopoverBackgroundView.arrowBase()
        input.arrowHeight = PopoverBackgroundView.arrowHeight()
        input.cornerRadius = PopoverBackgroundView.cornerRadius()
        input.arrowPadding = PopoverBackgroundView.arrowPadding()
        return input
    }

    @Test(arguments: cases)
    func theTipTouchesTheSourceAndTheBaseSitsOnAStraightEdge(_ c: Case) throws {
        let input = Self.input(c)
        let p = PopoverLayout.place(input)
        let s = input.sourceRect
        let eps = 1e-9
        #expect(p.arrowDirection == c.direction)
        #expect(p.arrowReachesSource)
        // The tip lies on the source: inside it or on its boundary.
        let t = p.arrowTip
        #expect(t.x >= s.minX - eps && t.x <= s.maxX + eps && t.y >= s.minY - eps && t.y <= s.maxY + eps, "tip \(t), source \(s)")
        // The base: two points on the body's edge on the arrow's side, outside every corner arc.
        let b = p.bubbleFrame
        let r = p.cornerRadii
        try #require(p.arrowBase.count == 2)
        for q in p.arrowBase {
            switch c.direction {
            case .up: #expect(abs(q.y - b.minY) <= eps && q.x >= b.minX + r.topLeft - eps && q.x <= b.maxX - r.topRight + eps)
            case .down: #expect(abs(q.y - b.maxY) <= eps && q.x >= b.minX + r.bottomLeft - eps && q.x <= b.maxX - r.bottomRight + eps)
            case .left: #expect(abs(q.x - b.minX) <= eps && q.y >= b.minY + r.topLeft - eps && q.y <= b.maxY - r.bottomLeft + eps)
            default: #expect(abs(q.x - b.maxX) <= eps && q.y >= b.minY + r.topRight - eps && q.y <= b.maxY - r.bottomRight + eps)
            }
        }
        let base = p.arrowBase[1] - p.arrowBase[0]
        #expect(abs(base.x + base.y - PopoverBackgroundView.arrowBase()) <= eps)
        #expect(r.all.allSatisfy { $0 >= 0 && $0 <= PopoverBackgroundView.cornerRadius() })
        // The bubble stays inside the window inset by the margin, and out of the safe area; the
        // frame (with the arrow) inside the window.
        let allowed = Rect(x: 10, y: 10, width: 355, height: 667 - 10 - max(10, c.safeBottom))
        #expect(PopoverLayoutFixture.contains(allowed, b), "bubble \(b) leaves \(allowed)")
        #expect(PopoverLayoutFixture.contains(input.containerBounds, p.frame))
        // The placement invariants (amended: the arrow reaches its source).
        let bad = PopoverLayoutInvariantTests.violations(input, p)
        #expect(bad.isEmpty, "\(bad)")
        // The default background, given only the direction and offset, draws the same tip, base
        // and corners.
        let background = DefaultPopoverBackgroundView(frame: Rect(origin: .zero, size: p.frame.size))
        background.arrowDirection = p.arrowDirection
        background.arrowOffset = p.arrowOffset
        let local = Point(x: t.x - p.frame.minX, y: t.y - p.frame.minY)
        #expect(isClose(background.arrowTip, local, 1e-9))
        #expect(zip(background.cornerRadii.all, r.all).allSatisfy { abs($0 - $1) <= 1e-9 }, "\(background.cornerRadii) ≠ \(r)")
        let drawn = try #require(background.bubblePath.boundingBox)
        #expect(isClose(drawn, background.bounds, 1e-9))
    }

    /// Without the shrinking corner the tip of the usual styling stops 34 points from the screen
    /// edge (margin 10 + radius 10 + half the arrow 10 + padding 4): every 30-point source
    /// against a side edge would be missed. The table above must contain such cases.
    @Test func theTableHasSourcesTheOldRuleMissed() {
        let missed = Self.cases.filter { c in
            let s = Self.input(c).sourceRect
            let vertical = c.direction == .up || c.direction == .down
            return vertical ? (s.maxX < 34 || s.minX > 375 - 34) : (s.maxY < 34 || s.minY > 667 - c.safeBottom - 10 - 24)
        }
        #expect(missed.count >= 40, "\(missed.count)")
    }
}
