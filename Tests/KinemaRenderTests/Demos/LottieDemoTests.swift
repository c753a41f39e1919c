import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaRender
import KinemaScenes
import TestSupport
import Testing

@Suite("Lottie demo frames match their goldens")
struct LottieDemoTests {
    /// The heart bursting (0.7 s), the tick being drawn (1.6 s), all three at rest or turning
    /// with the heart bursting again (2.9 s), and the start.
    static let times = [0.0, 0.7, 1.6, 2.9]

    static func document() throws -> SceneDocument {
        try #require(try DemoScenes.document(named: "lottie"), "the lottie demo is missing")
    }

    /// The frames match their goldens, and one scene advanced through every time gives the same
    /// frames as fresh scenes (each Lottie view follows the scene's clock, however it got there).
    @Test func demoFramesMatchTheirGoldens() throws {
        try DemoFrames(document: try Self.document(), times: Self.times).check(suite: "LottieDemoTests")
    }

    /// Probes that hold whatever the goldens say: at 2.9 s the badge is green with a white tick,
    /// the heart red, and the spinner's arc blue; at the start the heart is grey and no badge is
    /// drawn (its scale starts at 0).
    @Test func theThreeAnimationsAreWhereTheyShouldBe() throws {
        let document = try Self.document()
        func frame(at t: Double) throws -> Bitmap {
            let scene = Scene(document: document)
            scene.advance(to: t)
            return try Renderer().render(scene.rootLayer.renderTree(at: t), size: document.size, scale: 1, background: document.background)
        }
        let start = try frame(at: 0), late = try frame(at: 2.9)
        // The heart's view is at (37.5, 144) to (177.5, 284) in the window; its centre (107.5, 214).
        let grey = start.color(x: 107, y: 216)
        #expect(abs(grey.red - grey.blue) < 0.05 && grey.red < 0.85, "the heart is grey before it is liked: \(grey)")
        let red = late.color(x: 107, y: 216)
        #expect(red.red > 0.85 && red.green < 0.3, "the heart is red after: \(red)")
        // The badge's view is at (117.5, 344) to (257.5, 484); its centre (187.5, 414), the tick's
        // corner 10 × 0.7 points right and 24 × 0.7 below.
        let empty = start.color(x: 187, y: 414)
        #expect(empty.red > 0.98 && empty.green > 0.98 && empty.blue > 0.98, "no badge at the start: \(empty)")
        let badge = late.color(x: 170, y: 395)
        #expect(badge.green > 0.6 && badge.red < 0.4, "the badge is green: \(badge)")
        let tick = late.color(x: 181, y: 430)
        #expect(tick.red > 0.95 && tick.green > 0.95 && tick.blue > 0.95, "the tick is white: \(tick)")
    }
}
