import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaRender
import KinemaScenes
import KinemaUI
import Testing

/// `kinema demo zoom` does what its script says, read from `kinema inspect`'s record and from
/// the scene itself: the fling, the zoom, the spring back, the flick into the cell, the catch,
/// the pinch and pan, and the dismissal onto the scrolled grid.
@Suite("Zoom demo")
struct ZoomDemoTests {
    static func document() throws -> SceneDocument {
        try #require(try DemoScenes.document(named: "zoom"), "the zoom demo is missing")
    }

    /// The grid's vertical offset and the state of transition `id` at each time, from one
    /// inspector (which replays the scene as `kinema inspect` does).
    static func timeline(_ times: [Double], transition id: String) throws -> [(offset: Double, state: String, frame: Rect?)] {
        let inspector = SceneInspector(document: try document())
        return times.map { t in
            let json = inspector.inspect(at: t)
            var offset = Double.nan
            if case .array(let views)? = json["views"], let grid = views.first(where: { $0["id"] == .string("grid") }),
                case .array(let o)? = grid["contentOffset"], case .number(let y) = o[1]
            {
                offset = y
            }
            var state = "?"
            var frame: Rect?
            if case .array(let list)? = json["transitions"], let entry = list.first(where: { $0["id"] == .string(id) }) {
                if case .string(let s)? = entry["state"] { state = s }
                if case .array(let f)? = entry["imageFrame"] {
                    let n = f.compactMap { if case .number(let x) = $0 { x } else { nil } }
                    if n.count == 4 { frame = Rect(x: n[0], y: n[1], width: n[2], height: n[3]) }
                }
            }
            return (offset, state, frame)
        }
    }

    @Test func theGridIsAPhoneScreenOfThirtyPhotos() throws {
        let document = try Self.document()
        #expect(document.size == Size(width: 375, height: 667) && document.safeAreaInsets.top == 20)
        #expect(document.transitions.count == 30)
        let scene = Scene(document: document)
        scene.advance(to: 0)
        let grid = try #require(scene.views["grid"] as? ScrollView)
        #expect(grid.subviews.filter { $0 is ImageView }.count == 30)
        #expect(grid.adjustedContentInset.top == 64, "44-point bar under the 20-point status bar")
        #expect(grid.contentOffset.y == -64)
    }

    @Test func theFlingDeceleratesRubberBandsAtTheEndAndSettlesThere() throws {
        let times = stride(from: 0.8, through: 2.55, by: 1.0 / 60).map { $0 }
        let offsets = try Self.timeline(times, transition: "zoom4").map(\.offset)
        // Ten rows of 123.67-point cells 2 points apart, less the 667-point view.
        let end = 10 * ((375.0 - 4) / 3 + 2) - 2 - 667
        let peak = try #require(offsets.max())
        #expect(peak > end + 1, "it rubber-bands past the end (\(peak) against \(end))")
        #expect(peak < end + 667 / 2, "by less than half the view")
        #expect(abs(offsets.last! - end) < 0.5, "at rest on the end: \(offsets.last!)")
    }

    @Test func theScriptZoomsSpringsBackDismissesCatchesAndPinches() throws {
        let times = [4.6, 5.3, 5.9, 6.35, 7.0, 7.5, 7.95, 9.0]
        let shown = try Self.timeline(times, transition: "zoom4")
        #expect(shown[0].state == "presented", "the tap zoomed photo 4 in")
        #expect(shown[1].state == "dragging" || shown[1].state == "cancelling", "\(shown[1].state)")
        #expect(shown[2].state == "presented", "the slow short drag sprang back")
        #expect(shown[3].state == "dismissing", "the flick sends it home")
        #expect(shown[4].state == "idle")
        let second = try Self.timeline(times, transition: "zoom7")
        #expect(second[5].state == "presented")
        #expect(second[6].state == "dragging", "caught in flight")
        #expect(second[7].state == "presented", "dragged up and flicked, it went back")
        // The pinch zooms the detail's photo and the pan moves it, without dismissing.
        let scene = Scene(document: try Self.document())
        scene.advance(to: 10.0)
        let detail = try #require(scene.transitions["zoom7"]?.detail)
        #expect(abs(detail.scrollView.zoomScale - 3) < 1e-6, "at the maximum after the bounce: \(detail.scrollView.zoomScale)")
        let before = detail.scrollView.contentOffset
        scene.advance(to: 10.9)
        #expect(detail.scrollView.contentOffset != before, "the one-finger drag panned the zoomed photo")
        #expect(scene.transitions["zoom7"]?.isPresented == true)
        scene.advance(to: 11.9)
        #expect(abs(detail.scrollView.zoomScale - 1) < 1e-6, "pinched back out")
    }

    @Test func theLastDismissalLandsOnTheCellsScrolledPlace() throws {
        let scene = Scene(document: try Self.document())
        scene.advance(to: 12.5)
        let grid = try #require(scene.views["grid"] as? ScrollView)
        #expect(grid.contentOffset.y == 62)
        let cell = try #require(scene.views["p7"])
        #expect(cell.isHidden, "the source stays hidden while the photo is shown")
        let target = cell.convert(cell.bounds, to: nil)
        let flight = try Self.timeline([12.95, 13.1, 13.6], transition: "zoom7")
        #expect(flight[0].state == "dismissing")
        let landing = try #require(flight[1].frame ?? flight[0].frame)
        #expect(abs(landing.midY - target.midY) < abs(flight[0].frame!.midY - target.midY) + 1, "heading for \(target)")
        #expect(flight[2].state == "idle")
        scene.advance(to: 13.6)
        #expect(!cell.isHidden, "shown again once the photo landed")
    }
}
