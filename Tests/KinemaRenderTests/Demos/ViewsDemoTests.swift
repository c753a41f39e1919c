import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaRender
import KinemaScenes
import TestSupport
import Testing

@Suite("Views demo frames match their goldens")
struct ViewsDemoTests {
    /// Rest, the Spring button held down, the spring overshooting, the keyframes mid-sail, the
    /// buoy dragged, and the buoy springing home.
    static let times = [0.0, 0.6, 1.2, 3.5, 5.2, 5.9]

    static func document() throws -> SceneDocument {
        try #require(try DemoScenes.document(named: "views"), "the views demo is missing")
    }

    /// The frames match their goldens, and one scene advanced through every time gives the same
    /// frames as fresh scenes.
    @Test func demoFramesMatchTheirGoldens() throws {
        try DemoFrames(document: try Self.document(), times: Self.times).check(suite: "ViewsDemoTests")
    }

    /// The keyframe animation mid-sail at scale 2: labels, the ship image rotated and moved,
    /// buttons, the card's shadow, the buoy and its dashed home ring.
    @Test func goldenFrame() throws {
        let document = try Self.document()
        let scene = Scene(document: document)
        scene.advance(to: 3.5)
        let frame = try Renderer().render(
            scene.rootLayer.renderTree(at: 3.5), size: document.size, scale: 2, background: document.background)
        let result = GoldenImage.check(frame, suite: "ViewsDemoTests", name: "goldenFrame.keyframes-3.5s", tolerance: .rendering)
        #expect(result == .matches, "\(result)")
        // Probes that hold whatever the golden says: the card is white, the buttons keep their colours.
        #expect(frame.color(x: 60, y: 600).isClose(to: Color(red: 1, green: 1, blue: 1)), "card")
        #expect(frame.color(x: 60, y: 770).isClose(to: Color(red: 0, green: 122 / 255, blue: 1)), "Spring button")
        #expect(frame.color(x: 690, y: 770).isClose(to: Color(red: 175 / 255, green: 82 / 255, blue: 222 / 255)), "Keyframes button")
    }

    /// The shipped `ship@2x.png` is what `Sources/KinemaScenes/Demos/ship.json` renders to, so
    /// the image can always be regenerated: `kinema render Sources/KinemaScenes/Demos/ship.json
    /// --at 0 -o Sources/KinemaScenes/Resources/ship@2x.png`.
    @Test func shipImageMatchesItsScene() throws {
        // This file is Tests/KinemaRenderTests/Demos/ViewsDemoTests.swift: four levels below the root.
        let root = (0..<4).reduce(URL(fileURLWithPath: #filePath)) { url, _ in url.deletingLastPathComponent() }
        let sources = root.appendingPathComponent("Sources/KinemaScenes")
        let document = try SceneDocument.load(path: sources.appendingPathComponent("Demos/ship.json").path)
        let scene = Scene(document: document)
        scene.advance(to: 0)
        let rendered = try Renderer().render(
            scene.rootLayer.renderTree(at: 0), size: document.size, scale: 2, background: document.background)
        let shipped = try Bitmap(pngFile: sources.appendingPathComponent("Resources/ship@2x.png").path)
        #expect(shipped.width == 128 && shipped.height == 128)
        var largest = 0
        for y in 0..<shipped.height {
            for x in 0..<shipped.width {
                let (a, b) = (rendered.pixel(x: x, y: y), shipped.pixel(x: x, y: y))
                for shift in stride(from: 0, to: 32, by: 8) {
                    largest = max(largest, abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF)))
                }
            }
        }
        // PNG keeps straight alpha and bitmaps premultiplied: edge pixels may round by one step.
        #expect(largest <= 1, "largest channel difference \(largest)")
    }
}

extension Color {
    fileprivate func isClose(to other: Color) -> Bool {
        abs(red - other.red) < 0.02 && abs(green - other.green) < 0.02 && abs(blue - other.blue) < 0.02 && abs(alpha - other.alpha) < 0.02
    }
}
