import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaLayers
import KinemaLive
import KinemaRender
import KinemaScenes
import KinemaUI
import Testing

/// A 200 × 300 window with a 100 × 100 card at (50, 50) that a pan recognizer drags; the card
/// logs its touches.
final class DragStage {
    let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 300))
    let card = TouchLog(frame: Rect(x: 50, y: 50, width: 100, height: 100))
    var translations: [Point] = []
    var states: [GestureRecognizer.State] = []
    var times: [Double] = []

    init() {
        card.backgroundColor = .red
        window.addSubview(card)
        let pan = PanGestureRecognizer { [unowned self] pan in
            translations.append(pan.translation(in: window))
            states.append(pan.state)
            times.append(window.currentTime)
        }
        pan.cancelsTouchesInView = false
        card.addGestureRecognizer(pan)
    }
}

@Suite struct LivePlayerTests {
    @Test func theMouseDragsThroughTheSamePathAsScriptedTouches() throws {
        let stage = DragStage()
        let player = LivePlayer(content: WindowContent(window: stage.window), scale: 2)
        _ = try player.frame(wall: 10)
        // Pixels at scale 2: (200, 200) is point (100, 100), on the card.
        player.handle(.mouseDown(pixel: Point(x: 200, y: 200), wall: 10.1, modifiers: []))
        for i in 1...6 {
            player.handle(.mouseMotion(pixel: Point(x: 200 + 10 * Double(i), y: 200 + 20 * Double(i)), wall: 10.1 + 0.02 * Double(i)))
        }
        player.handle(.mouseUp(pixel: Point(x: 260, y: 320), wall: 10.3))
        _ = try player.frame(wall: 10.35)
        #expect(stage.states.contains(.began))
        #expect(stage.states.last == .ended)
        // Pixels at scale 2 are half as many points, in the card's coordinates (origin 50, 50).
        #expect(stage.card.began == [Point(x: 50, y: 50)])
        #expect(stage.card.moved.last == Point(x: 80, y: 110))
        #expect(stage.card.ended == [Point(x: 80, y: 110)])
        let last = try #require(stage.translations.last)
        #expect(last.x > 0 && last.y > 1.5 * last.x, "\(last)")
        // Scene time of the events is their wall time since the first frame.
        #expect(abs((stage.times.last ?? 0) - 0.3) < 1e-9)
        #expect(stage.window.currentTime >= 0.35 - 1e-9)
    }

    @Test func pauseStepSlowMotionAndQuit() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 40, height: 30))
        let player = LivePlayer(content: WindowContent(window: window), scale: 1)
        _ = try player.frame(wall: 0)
        _ = try player.frame(wall: 0.5)
        #expect(window.currentTime == 0.5)
        player.handle(.key(.pause))
        _ = try player.frame(wall: 1.5)
        #expect(window.currentTime == 0.5, "paused: time stands still")
        player.handle(.key(.step))
        _ = try player.frame(wall: 2)
        #expect(abs(window.currentTime - (0.5 + 1.0 / 60)) < 1e-12)
        player.handle(.key(.pause))
        player.handle(.key(.slowMotion))
        _ = try player.frame(wall: 3)
        #expect(abs(window.currentTime - (0.5 + 1.0 / 60 + 0.1)) < 1e-12)
        #expect(!player.isFinished)
        player.handle(.key(.quit))
        #expect(player.isFinished)
    }

    @Test func restartPlaysTheSceneFromTheBeginning() throws {
        let document = try SceneDocument.decode(
            #"{"kinema": 1, "size": [100, 80], "layers": [{"id": "dot", "bounds": [0, 0, 10, 10], "position": [20, 20], "animations": [{"keyPath": "position.x", "fromValue": 20, "toValue": 80, "duration": 2}]}]}"#
        )
        let player = LivePlayer(content: SceneContent(document: document), scale: 1)
        _ = try player.frame(wall: 0)
        _ = try player.frame(wall: 1.5)
        let first = try #require(player.content as? SceneContent)
        #expect(first.scene.time == 1.5)
        player.handle(.key(.restart))
        let second = try #require(player.content as? SceneContent)
        #expect(second !== first)
        _ = try player.frame(wall: 1.75)
        #expect(abs(second.scene.time - 0.25) < 1e-12)
        // A window built in code cannot restart: the key does nothing.
        let plain = LivePlayer(content: WindowContent(window: Window(frame: Rect(x: 0, y: 0, width: 10, height: 10))))
        _ = try plain.frame(wall: 0)
        _ = try plain.frame(wall: 1)
        plain.handle(.key(.restart))
        #expect(plain.content.window.currentTime == 1)
    }

    /// Each frame redraws only what changed, and the frame is still exactly a full render: the
    /// first frame is drawn whole, a frame in which nothing moved redraws nothing, and a dragged
    /// card damages where it was and where it is.
    @Test func framesRedrawOnlyWhatChanged() throws {
        let stage = DragStage()
        let player = LivePlayer(content: WindowContent(window: stage.window), scale: 2)
        _ = try player.frame(wall: 0)
        #expect(player.lastDamage == DamageRegion(PixelRect(x: 0, y: 0, width: 400, height: 600)))
        _ = try player.frame(wall: 0.1)
        #expect(player.lastDamage.isEmpty)
        player.handle(.mouseDown(pixel: Point(x: 200, y: 200), wall: 0.15, modifiers: []))
        player.handle(.mouseMotion(pixel: Point(x: 220, y: 260), wall: 0.2))
        stage.card.center = Point(x: 110, y: 130)
        let frame = try player.frame(wall: 0.25)
        let damage = player.lastDamage
        #expect(!damage.isEmpty && damage.area < 400 * 600 / 2, "\(damage)")
        #expect(damage.contains(x: 110, y: 110) && damage.contains(x: 290, y: 330), "the card's old and new pixels: \(damage)")
        let full = try Renderer().render(
            stage.window.layer.renderTree(at: stage.window.currentTime), size: stage.window.bounds.size, scale: 2, background: .white)
        #expect(frame.hasSamePixels(as: full))
    }

    @Test func droppingScriptedTouchesLeavesTheRest() throws {
        let json = #"""
            {"kinema": 1, "size": [100, 100], "views": [{"id": "v", "frame": [0, 0, 100, 100]}],
             "script": [{"at": 0.5, "drag": {"from": [10, 10], "to": [20, 20], "duration": 0.2}}, {"at": 1, "tap": [5, 5]}]}
            """#
        let document = try SceneDocument.decode(json)
        #expect(document.script.first?.touches.isEmpty == false)
        let live = SceneContent(document: document, scriptedTouches: false)
        #expect(live.document.script.count == document.script.count)
        #expect(live.document.script.allSatisfy { $0.touches.isEmpty })
    }

    @Test func theSaveKeyWritesTheLastFrameAsAPNG() throws {
        let stage = DragStage()
        let player = LivePlayer(content: WindowContent(window: stage.window), scale: 1)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kinema-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        player.frameDirectory = directory.path
        #expect(player.handle(.key(.saveFrame)) == nil, "no frame yet")
        let frame = try player.frame(wall: 0)
        let line = try #require(player.handle(.key(.saveFrame)))
        #expect(line.hasPrefix("saved "))
        let path = String(line.dropFirst("saved ".count))
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(frame.width == 200 && frame.height == 300)
        // The card's red is where the card is.
        let c = frame.color(x: 100, y: 100)
        #expect(c.red > 0.99 && c.green < 0.01)
    }

    @Test func touchscreenFingersGetTheirOwnIdentifiers() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        let view = TouchLog(frame: window.bounds)
        view.isMultipleTouchEnabled = true
        window.addSubview(view)
        let player = LivePlayer(content: WindowContent(window: window), scale: 1)
        _ = try player.frame(wall: 0)
        player.handle(.finger(id: 777, phase: .down, position: Point(x: 0.25, y: 0.5), wall: 0.1))
        player.handle(.finger(id: 888, phase: .down, position: Point(x: 0.75, y: 0.5), wall: 0.1))
        player.handle(.finger(id: 777, phase: .up, position: Point(x: 0.25, y: 0.5), wall: 0.2))
        player.handle(.finger(id: 999, phase: .down, position: Point(x: 0.5, y: 0.1), wall: 0.3))
        #expect(view.began == [Point(x: 50, y: 50), Point(x: 150, y: 50), Point(x: 100, y: 10)])
        #expect(view.ended == [Point(x: 50, y: 50)])
    }
}

/// Records where touches begin and end.
final class TouchLog: View {
    var began: [Point] = []
    var moved: [Point] = []
    var ended: [Point] = []
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        began += touches.map { $0.location(in: self) }.sorted { $0.x < $1.x }
    }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        moved += touches.map { $0.location(in: self) }
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        ended += touches.map { $0.location(in: self) }
    }
}

@Suite struct HotReloadTests {
    static func scene(x: Double) -> String {
        ##"{"kinema": 1, "size": [100, 80], "background": "#FFFFFF", "layers": [{"id": "dot", "bounds": [0, 0, 10, 10], "position": [\##(x), 60], "backgroundColor": "#0000FF"}]}"##
    }

    /// A valid save replaces the scene at the same scene time; a broken or half-written one keeps
    /// the last good scene, prints validate's text and shows a banner until the next valid save.
    @Test func savesReloadAndBrokenSavesKeepTheLastGoodScene() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kinema-reload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("scene.json").path
        try Self.scene(x: 20).write(toFile: path, atomically: false, encoding: .utf8)
        let player = LivePlayer(content: try SceneContent(path: path), scale: 1)
        var log: [String] = []
        player.reloadLog = { log.append($0) }
        player.reloadInterval = 0
        _ = try player.frame(wall: 0)
        _ = try player.frame(wall: 1)
        #expect(try player.frame(wall: 1.1).color(x: 20, y: 60).blue > 0.99)

        try Self.scene(x: 70).write(toFile: path, atomically: false, encoding: .utf8)
        let moved = try player.frame(wall: 1.2)
        #expect(log == ["reloaded"])
        #expect(moved.color(x: 70, y: 60).blue > 0.99 && moved.color(x: 20, y: 60).red > 0.99, "the new scene shows")
        let reloaded = try #require(player.content as? SceneContent)
        #expect(abs(reloaded.scene.time - 1.2) < 1e-9, "it carries on at the same scene time")

        // Half-written: the first half of a valid file.
        let full = Self.scene(x: 50)
        try String(full.prefix(full.count / 2)).write(toFile: path, atomically: false, encoding: .utf8)
        let broken = try player.frame(wall: 1.3)
        #expect((player.content as? SceneContent) === reloaded, "the last good scene goes on")
        #expect(player.problems.count >= 1)
        #expect(log.count == 2 && log[1] == player.problems.joined(separator: "\n"))
        #expect(broken.color(x: 70, y: 60).blue > 0.99, "below the banner, the good scene")
        let banner = broken.color(x: 50, y: 2)
        #expect(banner.red > 0.6 && banner.green < 0.2, "the banner: \(banner)")

        // A file with two problems: validate's lines, the banner counts them.
        try #"{"kinema": 1, "size": [100, 80], "layers": [{"bounds": [0, 0, 1, 1]}, {"id": "x", "opacity": "a"}]}"#.write(
            toFile: path, atomically: false, encoding: .utf8)
        _ = try player.frame(wall: 1.4)
        #expect(player.problems.count >= 2)
        #expect(player.problems.allSatisfy { $0.hasPrefix("layers[") })

        try Self.scene(x: 50).write(toFile: path, atomically: false, encoding: .utf8)
        let fixed = try player.frame(wall: 1.5)
        #expect(player.problems.isEmpty)
        #expect(fixed.color(x: 50, y: 2).red > 0.99 && fixed.color(x: 50, y: 2).green > 0.99, "the banner is gone")
        #expect(fixed.color(x: 50, y: 60).blue > 0.99)
    }

    /// An image the scene names is watched too: saving it again reloads the scene, which shows the
    /// new pixels; deleting it is a problem in the banner, and putting it back clears it.
    @Test func savingAnImageTheSceneNamesReloadsIt() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kinema-image-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let image = directory.appendingPathComponent("swatch.png").path
        func saveSwatch(_ color: Color) throws {
            let bitmap = try Bitmap(width: 4, height: 4)
            bitmap.fill(color)
            try bitmap.writePNG(to: image)
        }
        try saveSwatch(.red)
        let path = directory.appendingPathComponent("scene.json").path
        try
            #"{"kinema": 1, "size": [100, 80], "layers": [{"id": "swatch", "type": "image", "frame": [10, 46, 30, 30], "contents": "swatch.png"}]}"#
            .write(toFile: path, atomically: false, encoding: .utf8)
        let content = try SceneContent(path: path)
        #expect(content.document.files == [image])
        let player = LivePlayer(content: content, scale: 1)
        var log: [String] = []
        player.reloadLog = { log.append($0) }
        player.reloadInterval = 0
        #expect(try player.frame(wall: 0).color(x: 25, y: 60).red > 0.99)
        #expect(try player.frame(wall: 0.1).color(x: 25, y: 60).red > 0.99)
        #expect(log.isEmpty, "nothing changed, nothing reloads")

        try saveSwatch(.blue)
        let saved = try player.frame(wall: 0.2)
        #expect(log == ["reloaded"])
        #expect(saved.color(x: 25, y: 60).blue > 0.99 && saved.color(x: 25, y: 60).red < 0.01, "the new pixels show")

        try FileManager.default.removeItem(atPath: image)
        let missing = try player.frame(wall: 0.3)
        #expect(player.problems.count == 1 && player.problems[0].contains("swatch.png"), "\(player.problems)")
        #expect(missing.color(x: 25, y: 60).blue > 0.99, "the last good scene goes on")
        _ = try player.frame(wall: 0.4)
        #expect(log.count == 2, "a problem is reported once, not at every look")

        try saveSwatch(.green)
        let back = try player.frame(wall: 0.5)
        #expect(player.problems.isEmpty)
        #expect(back.color(x: 25, y: 60).green > 0.99 && back.color(x: 25, y: 60).blue < 0.01)
    }
}

@Suite struct RuntimeErrorTests {
    /// A frame the renderer refuses (an image that cannot be read, in a window built in code)
    /// comes out as the background with the error in the banner, and the player still answers
    /// its keys; once the layer is fixed the banner goes.
    @Test func aRenderErrorShowsInTheBannerAndThePlayerGoesOn() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 120, height: 90))
        let view = View(frame: Rect(x: 20, y: 50, width: 30, height: 30))
        view.backgroundColor = .blue
        window.addSubview(view)
        view.layer.contents = LayerContents(source: "/nonexistent/kinema-missing.png")
        let player = LivePlayer(content: WindowContent(window: window), scale: 1)
        let failed = try player.frame(wall: 0)
        let error = try #require(player.runtimeError)
        #expect(error.contains("kinema-missing.png"), "\(error)")
        #expect(failed.width == 120 && failed.height == 90)
        let banner = failed.color(x: 60, y: 2)
        #expect(banner.red > 0.6 && banner.green < 0.2, "the banner: \(banner)")
        #expect(failed.color(x: 30, y: 70).red > 0.99 && failed.color(x: 30, y: 70).blue > 0.99, "the background, white")
        player.handle(.key(.quit))
        #expect(player.isFinished)

        view.layer.contents = nil
        let fixed = try player.frame(wall: 0.1)
        #expect(player.runtimeError == nil)
        #expect(fixed.color(x: 60, y: 2).green > 0.99, "the banner is gone")
        #expect(fixed.color(x: 30, y: 70).blue > 0.99 && fixed.color(x: 30, y: 70).red < 0.01)
    }
}

/// The mouse wheel scrolls the scroll view under the pointer, between its edges.
@Suite struct LiveWheelTests {
    /// A 200 × 300 window: a vertical list (200 × 200 at the top, 600 points of content) holding
    /// a horizontal pager (its first row, 200 × 100, 3 pages), and a plain view below.
    final class Stage {
        let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 300))
        let list = ScrollView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let pager = ScrollView(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        let plain = View(frame: Rect(x: 0, y: 200, width: 200, height: 100))

        init() {
            list.contentSize = Size(width: 200, height: 600)
            pager.contentSize = Size(width: 600, height: 100)
            pager.isPagingEnabled = true
            list.addSubview(pager)
            window.addSubview(list)
            window.addSubview(plain)
        }
    }

    @Test func notchesAwayFromTheUserShowWhatIsAboveAndStopAtTheEdges() throws {
        let stage = Stage()
        let player = LivePlayer(content: WindowContent(window: stage.window), scale: 2)
        _ = try player.frame(wall: 1)
        // Pixels (100, 300) are point (50, 150): on the list, below the pager.
        player.handle(.wheel(pixel: Point(x: 100, y: 300), lines: Vector(dx: 0, dy: -3), wall: 1.1))
        #expect(stage.list.contentOffset == Point(x: 0, y: 3 * LivePlayer.pointsPerWheelLine))
        player.handle(.wheel(pixel: Point(x: 100, y: 300), lines: Vector(dx: 0, dy: 1), wall: 1.2))
        #expect(stage.list.contentOffset == Point(x: 0, y: 2 * LivePlayer.pointsPerWheelLine))
        player.handle(.wheel(pixel: Point(x: 100, y: 300), lines: Vector(dx: 0, dy: -100), wall: 1.3))
        #expect(stage.list.contentOffset == Point(x: 0, y: 400), "the end: 600 of content less 200 of view")
        player.handle(.wheel(pixel: Point(x: 100, y: 300), lines: Vector(dx: 0, dy: 100), wall: 1.4))
        #expect(stage.list.contentOffset == .zero, "the top")
    }

    @Test func aSidewaysWheelOverThePagerMovesThePagerAndAnUpDownOneTheList() throws {
        let stage = Stage()
        let player = LivePlayer(content: WindowContent(window: stage.window), scale: 2)
        _ = try player.frame(wall: 1)
        // Pixels (100, 100) are point (50, 50): on the pager.
        player.handle(.wheel(pixel: Point(x: 100, y: 100), lines: Vector(dx: 2, dy: 0), wall: 1.1))
        #expect(stage.pager.contentOffset == Point(x: 2 * LivePlayer.pointsPerWheelLine, y: 0))
        #expect(stage.list.contentOffset == .zero)
        player.handle(.wheel(pixel: Point(x: 100, y: 100), lines: Vector(dx: 0, dy: -1), wall: 1.2))
        #expect(stage.list.contentOffset == Point(x: 0, y: LivePlayer.pointsPerWheelLine), "the pager cannot scroll vertically")
        #expect(stage.pager.contentOffset.y == 0)
    }

    @Test func aWheelOverNoScrollViewChangesNothing() throws {
        let stage = Stage()
        let player = LivePlayer(content: WindowContent(window: stage.window), scale: 2)
        _ = try player.frame(wall: 1)
        player.handle(.wheel(pixel: Point(x: 100, y: 500), lines: Vector(dx: 3, dy: -3), wall: 1.1))
        player.handle(.wheel(pixel: Point(x: 100, y: 300), lines: Vector(dx: .nan, dy: -3), wall: 1.2))
        #expect(stage.list.contentOffset == .zero && stage.pager.contentOffset == .zero)
    }
}
