import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaLayers
import KinemaRender
import KinemaUI
import TestSupport
import Testing

/// Bubbles placed by the popover engine and drawn by the default background view, in every
/// direction and near every edge and corner of a phone screen (issue 5 § 6).
@Suite("Popover bubbles, rendered")
struct PopoverGoldenTests {
    /// A window 375 × 667 with a safe area of 20 on top, small grey "buttons" at `sources`, and
    /// for each a bubble placed by `PopoverLayout.place` with `directions`, holding a label.
    func frame(sources: [(Rect, [PopoverArrowDirection], String)]) throws -> (Bitmap, [PopoverPlacement]) {
        let window = Window(
            frame: Rect(x: 0, y: 0, width: 375, height: 667), scale: 1,
            safeAreaInsets: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
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
            let placement = PopoverLayout.place(input)
            placements.append(placement)
            let bubble = PopoverBackgroundView(frame: placement.frame)
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
        // The arrow never sits in a rounded corner. Against the side edges a 30-point source is
        // narrower than the margin plus the corner and half the arrow (10 + 10 + 10 + 4 = 34), so
        // the arrow stops just past it and the placement says so; the corner sources are reached.
        for p in placements {
            let r = PopoverBackgroundView.cornerRadius()
            let xs = p.arrowBase.map(\.x)
            #expect(xs.allSatisfy { $0 >= p.bubbleFrame.minX + r - 1e-9 && $0 <= p.bubbleFrame.maxX - r + 1e-9 })
        }
        #expect(placements.map(\.arrowReachesSource) == [true, true, false, false, true, true])
        #expect(placements[2].arrowTip.x == 34)
        #expect(placements[3].arrowTip.x == 375 - 34)
        let result = GoldenImage.check(image, suite: "PopoverGoldenTests", name: "bubble.edgesAndCorners", tolerance: .rendering)
        #expect(result == .matches, "\(result)")
    }
}
