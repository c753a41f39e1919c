import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaLayers
import KinemaRender
import KinemaUI
import TestSupport
import Testing

/// Bubbles placed by the popover engine and drawn by the default background view, in every
/// direction and near every edge and corner of a phone screen.
@Suite("Popover bubbles, rendered")
struct PopoverGoldenTests {
    /// A window 375 × 667 with a safe area of 20 on top, small grey "buttons" at `sources`, and
    /// for each a bubble placed by `PopoverLayout.place` with `directions`, holding a label.
    func frame(sources: [(Rect, [PopoverArrowDirection], String)], safeBottom: Double = 0) throws -> (Bitmap, [PopoverPlacement]) {
        let window = Window(
            frame: Rect(x: 0, y: 0, width: 375, height: 667), scale: 1,
            safeAreaInsets: EdgeInsets(top: 20, left: 0, bottom: safeBottom, right: 0))
        window.backgroundColor = Color(white: 0.93)
        var placements: [PopoverPlacement] = []
        for (source, directions, text) in sources {
            let button = View(frame: source)
            button.backgroundColor = Color(white: 0.55)
            window.addSubview(button)
            var style = TextStyle()
            style.fontName = "DejaVu Sans"
            style.fontSize = 13
            var input = PopoverLayoutInput(
                containerBounds: window.bounds, sourceRect: source, content: .text(text, style: style, maxWidth: 150))
            input.safeAreaInsets = window.screenSafeAreaInsets
            input.permittedDirections = directions
            input.contentInsets = EdgeInsets(top: 8, left: 10, bottom: 8, right: 10)
            input.arrowBase = PopoverBackgroundView.arrowBase()
            input.arrowHeight = PopoverBackgroundView.arrowHeight()
            input.cornerRadius = PopoverBackgroundView.cornerRadius()
            input.arrowPadding = PopoverBackgroundView.arrowPadding()
            let placement = PopoverLayout.place(input)
            placements.append(placement)
            let bubble = DefaultPopoverBackgroundView(frame: placement.frame)
            bubble.arrowDirection = placement.arrowDirection
            bubble.arrowOffset = placement.arrowOffset
            window.addSubview(bubble)
            let label = Label(frame: placement.contentFrame)
            label.text = text
            label.font = Font(name: "DejaVu Sans", size: 13) ?? .systemFont(ofSize: 13)
            label.numberOfLines = 0
            window.addSubview(label)
        }
        window.advance(to: 0)
        let bitmap = try Renderer().render(window.layer.renderTree(at: 0), size: window.bounds.size, scale: 2)
        return (bitmap, placements)
    }

    @Test func fourDirections() throws {
        let (image, placements) = try frame(sources: [
            (Rect(x: 160, y: 300, width: 56, height: 44), [.up], "Arrow up: the bubble sits below"),
            (Rect(x: 160, y: 300, width: 56, height: 44), [.down], "Arrow down: above"),
            (Rect(x: 40, y: 520, width: 44, height: 44), [.left], "Arrow left: to the right"),
            (Rect(x: 300, y: 120, width: 44, height: 44), [.right], "Arrow right: to the left"),
        ])
        #expect(placements.map(\.arrowDirection) == [.up, .down, .left, .right])
        let result = GoldenImage.check(image, suite: "PopoverGoldenTests", name: "bubble.fourDirections", tolerance: .rendering)
        #expect(result == .matches, "\(result)")
    }

    @Test func edgesAndCorners() throws {
        let (image, placements) = try frame(sources: [
            (Rect(x: 0, y: 20, width: 36, height: 36), [.up, .down], "Top-left corner"),
            (Rect(x: 339, y: 20, width: 36, height: 36), [.up, .down], "Top-right corner, near the edge"),
            (Rect(x: 0, y: 300, width: 30, height: 40), [.up], "Left edge"),
            (Rect(x: 345, y: 300, width: 30, height: 40), [.up], "Right edge"),
            (Rect(x: 0, y: 631, width: 36, height: 36), [.down], "Bottom-left corner"),
            (Rect(x: 339, y: 631, width: 36, height: 36), [.down], "Bottom-right"),
        ])
        // The arrow never sits in a rounded corner, and reaches every source: against the side
        // edges a 30-point source is narrower than the margin plus the corner and half the arrow
        // (10 + 10 + 10 + 4 = 34), so the arrow points at its middle (15) and the corner next to
        // it shrinks to square.
        for p in placements {
            let r = p.cornerRadii
            let xs = p.arrowBase.map(\.x)
            let (lo, hi) = p.arrowDirection == .up ? (r.topLeft, r.topRight) : (r.bottomLeft, r.bottomRight)
            #expect(xs.allSatisfy { $0 >= p.bubbleFrame.minX + lo - 1e-9 && $0 <= p.bubbleFrame.maxX - hi + 1e-9 })
        }
        #expect(placements.allSatisfy { $0.arrowReachesSource })
        #expect(placements[2].arrowTip.x == 15 && placements[2].cornerRadii.topLeft == 0)
        #expect(placements[3].arrowTip.x == 375 - 15 && placements[3].cornerRadii.topRight == 0)
        let result = GoldenImage.check(image, suite: "PopoverGoldenTests", name: "bubble.edgesAndCorners", tolerance: .rendering)
        #expect(result == .matches, "\(result)")
    }

    /// Narrow sources (30 × 30, 20 × 20, 10 × 44) against the edges and in the corners of a screen
    /// with a 20-point bottom safe area, each with a bubble whose tip touches it; where the arrow
    /// sits at the end of an edge, the corner beside it is square (issue 15).
    @Test func narrowSourcesAtEdgesAndCorners() throws {
        let (image, placements) = try frame(
            sources: [
                (Rect(x: 0, y: 20, width: 30, height: 30), [.left], "Top-left, 30"),
                (Rect(x: 355, y: 20, width: 20, height: 20), [.up], "Top-right, 20"),
                (Rect(x: 0, y: 160, width: 10, height: 44), [.up], "Left edge, 10 × 44"),
                (Rect(x: 345, y: 300, width: 30, height: 30), [.down], "Right edge, 30"),
                (Rect(x: 0, y: 420, width: 20, height: 20), [.left], "Left edge, 20"),
                (Rect(x: 0, y: 637, width: 30, height: 30), [.down], "Tab bar, left"),
                (Rect(x: 365, y: 623, width: 10, height: 44), [.right], "Tab bar, right"),
            ], safeBottom: 20)
        for (p, source) in zip(
            placements,
            [
                Rect(x: 0, y: 20, width: 30, height: 30), Rect(x: 355, y: 20, width: 20, height: 20),
                Rect(x: 0, y: 160, width: 10, height: 44), Rect(x: 345, y: 300, width: 30, height: 30),
                Rect(x: 0, y: 420, width: 20, height: 20),
                Rect(x: 0, y: 637, width: 30, height: 30), Rect(x: 365, y: 623, width: 10, height: 44),
            ])
        {
            #expect(p.arrowReachesSource)
            let t = p.arrowTip
            #expect(t.x >= source.minX - 1e-9 && t.x <= source.maxX + 1e-9 && t.y >= source.minY - 1e-9 && t.y <= source.maxY + 1e-9)
            #expect(p.bubbleFrame.maxY <= 667 - 20 + 1e-9 && p.bubbleFrame.minX >= 10 - 1e-9 && p.bubbleFrame.maxX <= 365 + 1e-9)
        }
        #expect(placements.contains { $0.cornerRadii.all.contains(0) })
        let result = GoldenImage.check(
            image, suite: "PopoverGoldenTests", name: "bubble.narrowSourcesAtEdgesAndCorners", tolerance: .rendering)
        #expect(result == .matches, "\(result)")
    }
}
