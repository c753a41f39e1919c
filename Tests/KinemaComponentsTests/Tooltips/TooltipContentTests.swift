import KinemaComponents
import KinemaGeometry
import KinemaLayers
import KinemaUI
import TestSupport
import Testing

@Suite struct TooltipContentTests {
    @Test func aSourceViewIsPointedAtInTheContainersCoordinates() throws {
        let stage = TooltipStage()
        let holder = View(frame: Rect(x: 30, y: 200, width: 200, height: 100))
        stage.container.addSubview(holder)
        let button = View(frame: Rect(x: 50, y: 30, width: 44, height: 20))
        holder.addSubview(button)
        let tip = Tooltip()
        tip.show(text: "Start here", from: button, in: stage.container, direction: .down, maxWidth: 160)
        let source = Rect(x: 80, y: 230, width: 44, height: 20)
        let expected = PopoverLayout.place(
            expectedTooltipInput(text: "Start here", source: source, container: stage.container.bounds, directions: [.down], maxWidth: 160))
        #expect(tip.placement == expected)
        #expect(isClose(try #require(tip.placement).arrowTip, Point(x: 102, y: 230), 1e-9))
    }

    @Test func repositionFollowsAMovedSourceView() throws {
        let stage = TooltipStage()
        let button = View(frame: Rect(x: 50, y: 100, width: 44, height: 20))
        stage.container.addSubview(button)
        let tip = Tooltip()
        tip.show(text: "Follow", from: button, in: stage.container, direction: .up)
        stage.run(to: 1)
        button.frame = Rect(x: 250, y: 300, width: 44, height: 20)
        #expect(tip.placement?.arrowTip == Point(x: 72, y: 120))  // not followed by itself
        tip.reposition()
        let expected = PopoverLayout.place(
            expectedTooltipInput(text: "Follow", source: button.frame, container: stage.container.bounds, directions: [.up], maxWidth: 200))
        #expect(tip.placement == expected)
        #expect(isClose(tip.inspect().arrowTip, Point(x: 272, y: 340), 1e-9))
    }

    @Test func customContentIsPlacedAtItsSizeInTheEnginesContentFrame() throws {
        let stage = TooltipStage()
        let custom = View(frame: Rect(x: 0, y: 0, width: 120, height: 48))
        let tip = Tooltip()
        tip.contentInsets = EdgeInsets(top: 4, left: 10, bottom: 6, right: 8)
        tip.show(customView: custom, from: Rect(x: 200, y: 300, width: 30, height: 30), in: stage.container, direction: .right)
        var input = PopoverLayoutInput(
            containerBounds: stage.container.bounds, sourceRect: Rect(x: 200, y: 300, width: 30, height: 30),
            content: .size(Size(width: 120, height: 48)))
        input.layoutMargins = .zero
        input.contentInsets = EdgeInsets(top: 4, left: 10, bottom: 6, right: 8)
        input.permittedDirections = [.right]
        input.arrowBase = 8
        input.arrowHeight = 8
        input.cornerRadius = 4
        let expected = PopoverLayout.place(input)
        let placement = try #require(tip.placement)
        #expect(placement == expected)
        #expect(custom.superview === tip)
        let c = placement.contentFrame
        #expect(custom.frame == Rect(x: c.minX - placement.frame.minX, y: c.minY - placement.frame.minY, width: 120, height: 48))
        #expect(tip.text == nil)
        tip.update(text: "ignored")
        #expect(tip.text == nil)
    }

    @Test func customContentKeepsItsSizeThroughACutAndAResize() throws {
        let stage = TooltipStage()
        let small = View(frame: Rect(x: 10, y: 10, width: 100, height: 200))
        stage.container.addSubview(small)
        let custom = View(frame: Rect(x: 0, y: 0, width: 120, height: 48))
        let tip = Tooltip()
        tip.show(customView: custom, from: Rect(x: 40, y: 20, width: 10, height: 10), in: small, direction: .up)
        #expect(custom.frame.width < 120)  // cut to the container
        small.frame = Rect(x: 10, y: 10, width: 300, height: 200)
        stage.window.advance(to: 0.1)
        var input = PopoverLayoutInput(
            containerBounds: small.bounds, sourceRect: Rect(x: 40, y: 20, width: 10, height: 10),
            content: .size(Size(width: 120, height: 48)))
        input.layoutMargins = .zero
        input.contentInsets = EdgeInsets(top: 6, left: 6, bottom: 6, right: 6)
        input.permittedDirections = [.up]
        input.arrowBase = 8
        input.arrowHeight = 8
        input.cornerRadius = 4
        #expect(tip.placement == PopoverLayout.place(input))
        #expect(custom.frame.size == Size(width: 120, height: 48))
    }

    @Test func stylingReachesTheBubbleAndTheDrawnArrowIsTheLaidOutOne() throws {
        let stage = TooltipStage()
        let tip = Tooltip()
        let blue = Color(red: 0.1, green: 0.2, blue: 0.9, alpha: 1)
        let grey = Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
        tip.bubbleColor = blue
        tip.borderWidth = 2
        tip.borderColor = grey
        tip.shadowOpacity = 0.3
        tip.shadowRadius = 5
        tip.shadowOffset = Size(width: 1, height: 3)
        tip.arrowSize = Size(width: 16, height: 11)
        tip.cornerRadius = 9
        tip.edgeMargin = 12
        tip.offset = 3
        tip.font = .boldSystemFont(ofSize: 13)
        tip.textColor = grey
        tip.show(text: "Styled", from: Rect(x: 0, y: 300, width: 30, height: 10), in: stage.container, direction: .up)
        let shape = try #require(tip.layer as? ShapeLayer)
        #expect(shape.fillColor == blue)
        #expect(shape.strokeColor == grey && shape.lineWidth == 2)
        #expect(shape.shadowOpacity == 0.3 && shape.shadowRadius == 5 && shape.shadowOffset == Size(width: 1, height: 3))
        let label = try #require(tip.subviews.first as? Label)
        #expect(label.font == .boldSystemFont(ofSize: 13) && label.textColor == grey)
        let placement = try #require(tip.placement)
        #expect(placement.bubbleFrame.minX == 12)  // the edge margin, exactly
        #expect(placement.arrowTip.y == 313)  // source bottom plus the offset
        #expect(placement.frame.height - placement.bubbleFrame.height == 11)
        // The drawn outline is the placement's, with the corner next to the arrow shrunk: the
        // 30-point source sits against the left edge, its middle (15) 3 points past the margin.
        #expect(shape.path == placement.bubblePath(relativeTo: placement.frame.origin))
        let drawn = DefaultPopoverBackgroundView.bubblePath(
            in: tip.bounds, arrowDirection: .up, arrowOffset: placement.arrowOffset, arrowBase: 16, arrowHeight: 11, cornerRadius: 9)
        #expect(isClose(try #require(shape.path?.boundingBox), try #require(drawn.boundingBox), 1e-9))
        #expect(placement.cornerRadii.topLeft == 0 && placement.cornerRadii.topRight == 9)
        #expect(placement.arrowReachesSource && placement.arrowTip.x == 15)
        // The drawn tip is the laid-out tip: a point just inside it is in the bubble.
        let local = tipInTooltip(tip)
        #expect(tip.point(inside: Point(x: local.x, y: local.y + 0.5), with: nil))
        #expect(!tip.point(inside: Point(x: local.x + 8.5, y: local.y + 0.5), with: nil))
    }

    @Test func textInAContainerTooSmallIsStillLaidOutAtTheEnginesWidth() throws {
        let stage = TooltipStage()
        let small = View(frame: Rect(x: 10, y: 10, width: 40, height: 200))
        stage.container.addSubview(small)
        let tip = Tooltip()
        tip.show(text: "Supercalifragilisticexpialidocious", from: Rect(x: 15, y: 20, width: 10, height: 10), in: small)
        let placement = try #require(tip.placement)
        let label = try #require(tip.subviews.first as? Label)
        let width = try #require(placement.textWidth)
        #expect(label.frame.width == width)
        #expect(label.frame.height == placement.contentFrame.height)
        #expect(width > placement.contentFrame.width)  // the body had to shrink
        #expect(placement.frame.isFinite && placement.frame.width <= 40 && placement.frame.height <= 200)
    }

    @Test func theDocumentationExampleRuns() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let root = ViewController()
        window.rootViewController = root
        window.makeKeyAndVisible()
        let startButton = View(frame: Rect(x: 150, y: 80, width: 60, height: 30))
        root.view.addSubview(startButton)
        var gone = 0

        let tip = Tooltip()
        tip.bubbleColor = Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
        tip.duration = 3
        tip.dismissHandler = { _ in gone += 1 }
        tip.show(text: "Tap here to start", from: startButton, in: root.view, direction: .up, maxWidth: 200)
        window.advance(to: 1)

        #expect(tip.state == .presented)
        #expect(tip.placement?.arrowDirection == .up)
        for step in 1...40 { window.advance(to: 1 + Double(step) / 10) }
        #expect(gone == 1)
    }
}
