import KinemaGeometry
import KinemaGraphics
import KinemaLayers
import KinemaUI
import TestSupport
import Testing
import UITestSupport

@Suite struct LabelTests {
    @Test func sizeThatFitsMatchesPango() {
        let label = Label()
        label.text = "Tap here to begin"
        label.font = .systemFont(ofSize: 20)
        var style = TextStyle()
        style.fontName = "Sans"
        style.fontSize = 20
        style.isWrapped = false
        let pango = TextLayout(text: "Tap here to begin", style: style, width: nil).size
        let fits = label.sizeThatFits(.zero)
        #expect(fits.width == pango.width.rounded(.up))
        #expect(fits.height == pango.height.rounded(.up))
        #expect(fits.width > 100 && fits.height > 15)
    }

    @Test func numberOfLinesLimitsTheHeight() {
        let label = Label()
        label.text = String(repeating: "word ", count: 60)
        let oneLine = label.sizeThatFits(Size(width: 120, height: 0)).height
        label.numberOfLines = 3
        let three = label.sizeThatFits(Size(width: 120, height: 0)).height
        label.numberOfLines = 0
        let all = label.sizeThatFits(Size(width: 120, height: 0)).height
        #expect(three > 2.5 * oneLine && three < 3.5 * oneLine)
        #expect(all > 10 * oneLine)
    }

    @Test func emptyLabelFitsZero() {
        let label = Label()
        #expect(label.sizeThatFits(Size(width: 100, height: 100)) == .zero)
        label.text = ""
        #expect(label.intrinsicContentSize == .zero)
    }

    @Test func labelsDrawTheirTextCentredVertically() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let label = Label(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        label.text = "Hello"
        window.addSubview(label)
        window.advance(to: 0)
        let drawing = try #require(label.layer.model.drawing)
        guard case .text(let string, let style, let rect)? = drawing.commands.last else {
            Issue.record("expected a text command, got \(drawing.commands)")
            return
        }
        #expect(string == "Hello")
        #expect(style.fontSize == 17)
        #expect(isClose(rect.midY, 50, 1e-9))
        #expect(rect.width == 200)
        #expect(!label.isUserInteractionEnabled)
    }
}

@Suite struct ImageViewTests {
    @Test(arguments: [
        (ContentMode.scaleToFill, ContentsGravity.resize), (.scaleAspectFit, .resizeAspect),
        (.scaleAspectFill, .resizeAspectFill), (.center, .center), (.top, .bottom), (.bottomRight, .topRight),
    ])
    func contentModesMapToGravity(_ mode: ContentMode, _ gravity: ContentsGravity) {
        let v = ImageView()
        v.contentMode = mode
        #expect(v.layer.contentsGravity == gravity)
    }

    @Test func imageSetsContentsAndScale() {
        let image = Image(source: "photo@2x.png", pixelSize: Size(width: 640, height: 960), scale: 2)
        let v = ImageView(image: image)
        #expect(v.frame == Rect(x: 0, y: 0, width: 320, height: 480))
        #expect(v.layer.contents == LayerContents(source: "photo@2x.png", pixelSize: Size(width: 640, height: 960)))
        #expect(v.layer.contentsScale == 2)
        v.highlightedImage = Image(source: "other.png", pixelSize: Size(width: 10, height: 20))
        v.isHighlighted = true
        #expect(v.layer.contents?.source == "other.png")
        v.image = nil
        v.isHighlighted = false
        #expect(v.layer.contents == nil)
    }

    @Test func missingFileGivesNil() {
        #expect(Image(contentsOfFile: "/nonexistent/kinema.png") == nil)
    }
}

@Suite struct ButtonTests {
    @Test func tapInsideRunsThePrimaryAction() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        var taps = 0
        let button = Button(primaryAction: ControlAction(title: "Next") { _ in taps += 1 })
        button.frame = Rect(x: 10, y: 20, width: 100, height: 40)
        window.addSubview(button)
        window.down(1, 50, 40, at: 0.1)
        #expect(button.isHighlighted)
        #expect(button.titleLabel.alpha == 0.2)
        window.up(1, 52, 41, at: 0.2)
        #expect(taps == 1)
        #expect(!button.isHighlighted)
        #expect(button.currentTitle == "Next")
    }

    @Test func liftingFarOutsideIsNoTap() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        var events: [String] = []
        let button = Button(type: .system)
        button.frame = Rect(x: 10, y: 20, width: 100, height: 40)
        button.addAction(ControlAction { _ in events.append("up inside") }, for: .touchUpInside)
        button.addAction(ControlAction { _ in events.append("up outside") }, for: .touchUpOutside)
        window.addSubview(button)
        window.down(1, 50, 40, at: 0.1)
        window.move(1, 150, 40, at: 0.2)  // 40 pt right of the edge: still inside the margin
        #expect(button.isHighlighted)
        window.move(1, 250, 40, at: 0.3)  // 140 pt past the edge
        #expect(!button.isHighlighted)
        window.up(1, 250, 40, at: 0.4)
        #expect(events == ["up outside"])
    }

    @Test func disabledButtonsAreNotHitAndDim() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let button = Button(type: .system)
        button.setTitle("Skip", for: .normal)
        button.frame = Rect(x: 10, y: 20, width: 100, height: 40)
        window.addSubview(button)
        #expect(window.hitTest(Point(x: 50, y: 40), with: nil) === button)
        button.isEnabled = false
        #expect(window.hitTest(Point(x: 50, y: 40), with: nil) === window)
        #expect(button.titleLabel.alpha == 0.35)
    }

    @Test func targetActionWithAMethodReference() {
        final class Screen {
            var taps = 0
            func didTap(_ sender: Button) { taps += 1 }
        }
        let screen = Screen()
        let button = Button(type: .custom)
        button.addTarget(screen, action: Screen.didTap, for: .touchUpInside)
        button.sendActions(for: .touchUpInside)
        button.sendActions(for: .touchDown)
        #expect(screen.taps == 1)
    }

    @Test func sizeToFitWrapsTheTitle() {
        let button = Button(type: .system)
        button.setTitle("Next", for: .normal)
        button.sizeToFit()
        let title = button.titleLabel.sizeThatFits(.zero)
        #expect(button.bounds.size == Size(width: title.width, height: title.height + 12))
        button.layoutIfNeeded()
        #expect(isClose(button.titleLabel.center, Point(x: button.bounds.midX, y: button.bounds.midY), 1e-9))
    }
}
