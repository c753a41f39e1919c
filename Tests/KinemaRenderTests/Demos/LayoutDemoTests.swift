import KinemaGeometry
import KinemaGraphics
import KinemaRender
import KinemaScenes
import KinemaUI
import TestSupport
import Testing

@Suite("Layout demo frames match their goldens")
struct LayoutDemoTests {
    /// At rest, the Notifications row opening (spring) and open, the tip row collapsing and
    /// gone, the row closing, and the tip back.
    static let times = [0.0, 1.0, 1.8, 2.35, 3.0, 3.6, 5.5]

    static func document() throws -> SceneDocument {
        try #require(try DemoScenes.document(named: "layout"), "the layout demo is missing")
    }

    @Test func demoFramesMatchTheirGoldens() throws {
        try DemoFrames(document: try Self.document(), times: Self.times).check(suite: "LayoutDemoTests")
    }

    /// The frames come from the constraints: the list spans the margins under the heading, its
    /// rows are 48 points with 1-point separators, the open row is 124, the hidden tip takes no
    /// room, and every row returns where it started.
    @Test func framesFollowTheConstraints() throws {
        let scene = Scene(document: try Self.document())
        scene.advance(to: 0.5)
        let list = try #require(scene.views["list"])
        let heading = try #require(scene.views["heading"])
        let rows = try ["wifi", "notifications", "tip", "privacy", "battery"].map { try #require(scene.views[$0]) }
        #expect(list.frame.minX == 8 && list.frame.width == 359)
        #expect(list.frame.minY == heading.frame.maxY + 16 && heading.frame.minY == 47 + 8)
        #expect(rows.map(\.frame.height) == [48, 48, 44, 48, 48])
        for (a, b) in zip(rows, rows.dropFirst()) { #expect(b.frame.minY == a.frame.maxY + 1) }
        #expect(list.frame.height == 48 * 4 + 44 + 4)
        let footnote = try #require(scene.views["footnote"])
        #expect(footnote.frame.minY == list.frame.maxY + 8)
        let start = rows.map(\.frame)

        scene.advance(to: 1.8)
        #expect(rows[1].frame.height == 124 && rows[3].frame.minY == start[3].minY + 76)
        #expect(footnote.frame.minY == list.frame.maxY + 8)

        scene.advance(to: 3.0)
        #expect(rows[2].isHidden && rows[2].layer.isHidden && rows[2].frame.height == 0)
        // One gap goes with the hidden row: privacy sits 1 point under the open row.
        #expect(rows[3].frame.minY == rows[1].frame.maxY + 1)

        scene.advance(to: 5.9)
        #expect(rows.map(\.frame) == start)
        #expect(!rows[2].isHidden && !rows[2].layer.isHidden)
        #expect(rows.allSatisfy { !$0.hasAmbiguousLayout } && list.brokenLayoutConstraints.isEmpty)
    }

    /// The row's spring overshoots its 124 points on the way, as a damping ratio of 0.75 does.
    @Test func theRowSpringsOpen() throws {
        let scene = Scene(document: try Self.document())
        let row = try #require(scene.views["notifications"])
        var highest = 0.0
        var t = 0.8
        while t < 1.4 {
            scene.advance(to: t)
            highest = max(highest, row.layer.presentation(at: t).bounds.height)
            t += 1.0 / 60
        }
        #expect(highest > 125, "overshoot: \(highest)")
        scene.advance(to: 2)
        #expect(row.layer.presentation(at: 2).bounds.height == 124)
    }
}
