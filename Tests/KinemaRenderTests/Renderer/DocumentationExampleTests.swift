import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaLayers
import KinemaRender
import Testing

@Suite("Documentation examples")
struct RenderDocumentationExampleTests {
    /// The example on the KinemaRender landing page, as written there.
    @Test func landingPageExampleRendersTheCard() throws {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 200, height: 120)
        root.position = Point(x: 100, y: 60)
        root.backgroundColor = .white

        let card = Layer()
        card.bounds = Rect(x: 0, y: 0, width: 120, height: 80)
        card.position = Point(x: 100, y: 60)
        card.backgroundColor = Color(red: 0.35, green: 0.34, blue: 0.84)
        card.cornerRadius = 12
        card.shadowOpacity = 0.3
        card.shadowOffset = Size(width: 0, height: 4)
        card.shadowRadius = 6
        card.transform = .makeRotation(.pi / 12, 0, 0, 1)
        try root.addSublayer(card)

        let frame = try Renderer().render(root.renderTree(at: 0), size: Size(width: 200, height: 120), scale: 2)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kinema-doc-card-\(getpid()).png").path
        try frame.writePNG(to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }

        #expect(frame.width == 400 && frame.height == 240)
        let centre = frame.color(x: 200, y: 120)
        #expect(abs(centre.red - 0.35) < 0.01 && abs(centre.blue - 0.84) < 0.01, "the card covers the centre")
        let corner = frame.color(x: 4, y: 4)
        #expect(corner.red > 0.99 && corner.green > 0.99, "white background at the corner")
        // The shadow falls below the card (offset +4 points in y): darker under than over it.
        let below = frame.color(x: 200, y: 120 + 2 * 47), above = frame.color(x: 200, y: 120 - 2 * 47)
        #expect(below.red < above.red - 0.01)
        #expect(try Bitmap(pngFile: path).hasSamePixels(as: frame))
    }

    /// The README's Swift example, rendered at the end.
    @Test func readmeExampleRendersTheImplicitAnimation() throws {
        let context = LayerContext()
        let box = Layer()
        box.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
        box.position = Point(x: 100, y: 50)
        context.addRootLayer(box)
        var slide = BasicAnimation(keyPath: "position.x")
        slide.fromValue = 0
        slide.toValue = 100
        slide.duration = 2
        box.add(slide, forKey: "slide")
        context.advance(to: 3)
        #expect(box.animationKeys().isEmpty)

        box.backgroundColor = .red
        let frame = try Renderer().render(box.renderTree(at: 3.1), size: Size(width: 200, height: 100), scale: 2)
        #expect(frame.width == 400 && frame.height == 200)
        // Implicit animation from no colour (transparent) to red: 0.1 s of 0.25 s, eased in and
        // out, so partly transparent red at the box's centre and nothing outside it.
        let centre = frame.color(x: 200, y: 100)
        #expect(centre.alpha > 0.05 && centre.alpha < 0.95 && centre.red > 0.99, "\(centre)")
        #expect(frame.pixel(x: 100, y: 100) == 0)
    }
}
